import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { notifications, venueBookings } from '@/server/db/schema/index.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** Venues (CRUD for CAN_*_VENUES) and their bookings: filing, deciding once, and no two approved bookings overlapping. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;

const admin = await s.login(ADMIN_EMAIL);
const office = await userWith(s, [P.viewVenues, P.createVenues, P.updateVenues, P.deleteVenues, P.approveVenues]);
const member = await createUser(s);
const other = await createUser(s);

const q = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

async function newVenue(name = `Hall ${randomUUID().slice(0, 6)}`, token = office.token) {
  const res = await s.call('POST', '/Venue/CreateVenue', { token, body: { name, capacity: 200, facilities: ['Projector'] } });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; name: string };
}

const book = (venueId: string, slot: { day?: string; start: string; end: string }, token = member.token, purpose = 'Choir practice') =>
  s.call('PUT', '/Venue/RequestForVenue', {
    token,
    body: { venueId, bookingDate: slot.day ?? '2030-05-04', startTime: slot.start, endTime: slot.end, purpose, expectedAttendance: 40 },
  });

const decide = (id: string, approve: boolean, comment?: string, token = office.token) =>
  s.call('PUT', `/Venue/ApproveOrRejectVenueRequest?${q({ Id: id, Approve: approve, ...(comment && { Comment: comment }) })}`, { token });

describe('venues', () => {
  it('creates, reads, updates, lists and deletes a venue for CAN_*_VENUES', async () => {
    const venue = await newVenue('Main Auditorium Test');
    const got = await s.call('GET', `/Venue/GetVenueById?id=${venue.id}`, { token: member.token });
    expect(got.body.data).toMatchObject({ name: 'Main Auditorium Test', capacity: 200, facilities: ['Projector'], isActive: true });
    const upd = await s.call('PUT', '/Venue/UpdateVenue', {
      token: office.token,
      body: { id: venue.id, name: 'Main Auditorium Test', capacity: 250, accessories: ['Chairs'], isActive: false },
    });
    expect(upd.body.data).toMatchObject({ capacity: 250, accessories: ['Chairs'], isActive: false });
    const list = await s.call('GET', `/Venue/GetAllVenue?${q({ Search: 'auditorium test', IsActive: false })}`, { token: member.token });
    expect(list.body.data.map((v: { id: string }) => v.id)).toEqual([venue.id]);
    expect((await s.call('DELETE', `/Venue/DeleteVenue?id=${venue.id}`, { token: office.token })).status).toBe(200);
    expect((await s.call('GET', `/Venue/GetVenueById?id=${venue.id}`, { token: member.token })).status).toBe(404);
  });

  it('refuses venue changes to a member (403) and a second venue of the same name (409)', async () => {
    expect((await s.call('POST', '/Venue/CreateVenue', { token: member.token, body: { name: 'Nope' } })).status).toBe(403);
    const venue = await newVenue();
    const dup = await s.call('POST', '/Venue/CreateVenue', { token: office.token, body: { name: venue.name.toUpperCase() } });
    expect(dup.status).toBe(409);
  });

  it('refuses to delete a venue that has bookings', async () => {
    const venue = await newVenue();
    await book(venue.id, { start: '09:00', end: '10:00' });
    const res = await s.call('DELETE', `/Venue/DeleteVenue?id=${venue.id}`, { token: office.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/1 booking/);
  });
});

describe('bookings', () => {
  it('files a pending booking; a member sees only their own, the office every one', async () => {
    const venue = await newVenue();
    const mine = await book(venue.id, { start: '09:00', end: '11:00' });
    expect(mine.status).toBe(200);
    expect(mine.body.data.status).toBe('pending');
    await book(venue.id, { start: '12:00', end: '13:00' }, other.token);
    const own = await s.call('GET', `/Venue/GetAllVenueRequests?${q({ VenueId: venue.id })}`, { token: member.token });
    expect(own.body.data.map((b: { id: string }) => b.id)).toEqual([mine.body.data.id]);
    const all = await s.call('GET', `/Venue/GetAllVenueRequests?${q({ VenueId: venue.id, SortBy: 'startTime' })}`, { token: office.token });
    expect(all.body.totalCount).toBe(2);
    expect(all.body.data[0]).toMatchObject({ venueName: venue.name, startTime: '09:00:00', requesterName: expect.any(String) });
  });

  it('refuses bad input: an end before the start, an unknown venue, an inactive venue', async () => {
    const venue = await newVenue();
    expect((await book(venue.id, { start: '11:00', end: '10:00' })).status).toBe(400);
    expect((await book(randomUUID(), { start: '09:00', end: '10:00' })).status).toBe(400);
    await s.call('PUT', '/Venue/UpdateVenue', { token: office.token, body: { id: venue.id, name: venue.name, isActive: false } });
    const res = await book(venue.id, { start: '09:00', end: '10:00' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not taking bookings/);
  });

  it('lets the requester change a pending booking, not someone else', async () => {
    const venue = await newVenue();
    const { id } = (await book(venue.id, { start: '09:00', end: '10:00' })).body.data;
    const body = { id, venueId: venue.id, bookingDate: '2030-05-05', startTime: '10:00', endTime: '12:00', purpose: 'Rehearsal' };
    expect((await s.call('PUT', '/Venue/RequestForVenue', { token: other.token, body })).status).toBe(403);
    const res = await s.call('PUT', '/Venue/RequestForVenue', { token: member.token, body });
    expect(res.body.data).toMatchObject({ id, bookingDate: '2030-05-05', purpose: 'Rehearsal' });
  });

  it('approves once, tells the requester, and refuses a second decision', async () => {
    const venue = await newVenue();
    const { id } = (await book(venue.id, { start: '09:00', end: '10:00' })).body.data;
    expect((await decide(id, true, undefined, member.token)).status).toBe(403);
    const ok = await decide(id, true);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'approved', decidedBy: office.id });
    const again = await decide(id, false, 'Too late');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This request has already been approved.');
    const told = await db.select().from(notifications).where(eq(notifications.recipientId, member.id));
    expect(told.some((n) => n.title === 'Request approved' && n.body.includes(venue.name))).toBe(true);
  });

  it('needs a comment to reject, and the rejection reaches the requester with it', async () => {
    const venue = await newVenue();
    const { id } = (await book(venue.id, { start: '09:00', end: '10:00' }, other.token)).body.data;
    expect((await decide(id, false)).status).toBe(400);
    const res = await decide(id, false, 'Hall under repair');
    expect(res.body.data.status).toBe('rejected');
    const told = await db.select().from(notifications).where(eq(notifications.recipientId, other.id));
    expect(told.some((n) => n.title === 'Request rejected' && n.body.includes('Hall under repair'))).toBe(true);
  });

  it('refuses an approval that overlaps an approved booking, naming it (409); touching ends are fine', async () => {
    const venue = await newVenue();
    const first = (await book(venue.id, { start: '09:00', end: '11:00' })).body.data;
    const overlapping = (await book(venue.id, { start: '10:30', end: '12:00' }, other.token)).body.data;
    const touching = (await book(venue.id, { start: '11:00', end: '12:00' }, other.token)).body.data;
    const otherDay = (await book(venue.id, { day: '2030-05-06', start: '09:00', end: '11:00' }, other.token)).body.data;
    expect((await decide(first.id, true)).status).toBe(200);
    const clash = await decide(overlapping.id, true);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(venue.name);
    expect(clash.body.message).toContain(first.id);
    expect(clash.body.message).toContain('09:00 to 11:00');
    // The refused booking stays pending and may still be rejected.
    expect((await decide(overlapping.id, false, 'Clashes')).status).toBe(200);
    expect((await decide(touching.id, true)).status).toBe(200);
    expect((await decide(otherDay.id, true)).status).toBe(200);
  });

  it('approves exactly one of several overlapping bookings approved at once', async () => {
    const venue = await newVenue();
    const ids: string[] = [];
    for (const [start, end] of [
      ['09:00', '11:00'],
      ['10:00', '12:00'],
      ['10:30', '11:30'],
      ['08:00', '10:45'],
    ])
      ids.push((await book(venue.id, { start, end })).body.data.id);
    const answers = await Promise.all(ids.map((id, i) => decide(id, true, undefined, i % 2 ? admin : office.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const approved = await db
      .select()
      .from(venueBookings)
      .where(and(eq(venueBookings.venueId, venue.id), eq(venueBookings.status, 'approved')));
    expect(approved).toHaveLength(1);
  });

  it('has the database refuse an overlapping approved row written past the API', async () => {
    const venue = await newVenue();
    const { id } = (await book(venue.id, { start: '09:00', end: '11:00' })).body.data;
    await decide(id, true);
    const row = { venueId: venue.id, userId: member.id, bookingDate: '2030-05-04', purpose: 'x', status: 'approved' as const };
    await expect(db.insert(venueBookings).values({ ...row, startTime: '10:00', endTime: '10:30' })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
  });

  it('lists a month for the calendar with From and To, and refuses From after To', async () => {
    const venue = await newVenue();
    await book(venue.id, { day: '2030-06-01', start: '09:00', end: '10:00' });
    await book(venue.id, { day: '2030-07-01', start: '09:00', end: '10:00' });
    const june = await s.call('GET', `/Venue/GetAllVenueRequests?${q({ VenueId: venue.id, From: '2030-06-01', To: '2030-06-30' })}`, {
      token: office.token,
    });
    expect(june.body.data.map((b: { bookingDate: string }) => b.bookingDate)).toEqual(['2030-06-01']);
    const bad = await s.call('GET', `/Venue/GetAllVenueRequests?${q({ From: '2030-07-01', To: '2030-06-01' })}`, { token: office.token });
    expect(bad.status).toBe(400);
  });

  it('lets the requester withdraw a pending booking, and only then', async () => {
    const venue = await newVenue();
    const a = (await book(venue.id, { start: '09:00', end: '10:00' })).body.data;
    expect((await s.call('DELETE', `/Venue/DeleteVenueRequest?id=${a.id}`, { token: other.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Venue/DeleteVenueRequest?id=${a.id}`, { token: member.token })).status).toBe(200);
    const b = (await book(venue.id, { start: '09:00', end: '10:00' })).body.data;
    await decide(b.id, true);
    expect((await s.call('DELETE', `/Venue/DeleteVenueRequest?id=${b.id}`, { token: member.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Venue/DeleteVenueRequest?id=${b.id}`, { token: office.token })).status).toBe(200);
  });
});

describe('a booking’s history and the requester filter', () => {
  it('tells who filed, changed and rejected a booking, when, with the comment; for its requester and the office only', async () => {
    const venue = await newVenue();
    const { id } = (await book(venue.id, { start: '07:00', end: '08:00' })).body.data;
    await s.call('PUT', '/Venue/RequestForVenue', {
      token: member.token,
      body: { id, venueId: venue.id, bookingDate: '2030-05-04', startTime: '07:00', endTime: '09:00', purpose: 'Choir practice' },
    });
    expect((await decide(id, false, 'The hall is being painted')).status).toBe(200);
    const mine = await s.call('GET', `/Venue/GetVenueRequestById?${q({ Id: id })}`, { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id, status: 'rejected', endTime: '09:00:00' });
    const history = mine.body.data.history as Array<{ action: string; actorId: string; comment: string | null; at: string }>;
    expect(history.map((h) => [h.action, h.actorId])).toEqual([
      ['create', member.id],
      ['update', member.id],
      ['reject', office.id],
    ]);
    expect(history[2].comment).toBe('The hall is being painted');
    expect(history[0].comment).toBeNull();
    expect(new Date(history[2].at).getTime()).toBeGreaterThanOrEqual(new Date(history[0].at).getTime());
    expect((await s.call('GET', `/Venue/GetVenueRequestById?${q({ Id: id })}`, { token: office.token })).status).toBe(200);
    expect((await s.call('GET', `/Venue/GetVenueRequestById?${q({ Id: id })}`, { token: other.token })).status).toBe(403);
    expect((await s.call('GET', `/Venue/GetVenueRequestById?${q({ Id: randomUUID() })}`, { token: office.token })).status).toBe(404);
  });

  it('filters the bookings by part of the requester’s name or email', async () => {
    const venue = await newVenue();
    const zeb = await createUser(s, { overrides: { firstName: 'Zebedee' } });
    await book(venue.id, { start: '06:00', end: '07:00' }, zeb.token);
    await book(venue.id, { start: '06:00', end: '07:00' });
    const byName = await s.call('GET', `/Venue/GetAllVenueRequests?${q({ VenueId: venue.id, Requester: 'zebed' })}`, {
      token: office.token,
    });
    expect(byName.body.data.map((r: { userId: string }) => r.userId)).toEqual([zeb.id]);
    const byEmail = await s.call('GET', `/Venue/GetAllVenueRequests?${q({ VenueId: venue.id, Requester: member.email.toUpperCase() })}`, {
      token: office.token,
    });
    expect(byEmail.body.data.map((r: { userId: string }) => r.userId)).toEqual([member.id]);
    const none = await s.call('GET', `/Venue/GetAllVenueRequests?${q({ VenueId: venue.id, Requester: '%' })}`, { token: office.token });
    expect(none.body.data).toEqual([]);
    expect((await s.call('GET', `/Venue/GetAllVenueRequests?${q({ Requester: 'x'.repeat(101) })}`, { token: office.token })).status).toBe(
      400,
    );
  });
});
