import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@/domain/gatherings/statuses.js';
import { P } from '@/domain/roles/permissions.js';
import { notifications, venueBookings } from '@/server/db/schema/index.js';
import { userWith } from '@/tests/support/roles.js';
import { startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** Event requests: members file them (with a venue booking or not), the office decides event and booking together. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;

const office = await userWith(s, [P.viewEvents, P.approveEvents, P.deleteEvents, P.createVenues, P.viewVenues, P.approveVenues]);
const member = await createUser(s);
const other = await createUser(s);

const q = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

const hall = (
  await s.call('POST', '/Venue/CreateVenue', { token: office.token, body: { name: `Chapel ${randomUUID().slice(0, 6)}`, capacity: 80 } })
).body.data as { id: string; name: string };

const dedication = {
  eventDate: '2031-02-01',
  peopleConcerned: 'Tobi Ade (child); Ada and Femi Ade (parents)',
  notes: 'Second service',
};
const withVenue = (start: string, end: string) => ({ ...dedication, venueId: hall.id, startTime: start, endTime: end });

const request = (type: string, body: Record<string, unknown>, token = member.token) =>
  s.call('PUT', `/Event/RequestForEvent?${q({ requestType: type })}`, { token, body });
const decide = (id: string, approve: boolean, comment?: string, token = office.token) =>
  s.call('PUT', `/Event/ApproveOrRejectEvent?${q({ Id: id, Approve: approve, ...(comment && { Comment: comment }) })}`, { token });

describe('filing', () => {
  it.each(EVENT_TYPES)('files a pending %s request', async (type) => {
    const res = await request(type, dedication);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ eventType: type, status: 'pending', bookingId: null });
  });

  it('refuses an unknown request type and a missing people concerned', async () => {
    expect((await request('wedding', dedication)).status).toBe(400);
    const res = await request('babyDedication', { eventDate: '2031-02-01' });
    expect(res.status).toBe(400);
    expect(res.body.errors.peopleConcerned).toBeDefined();
  });

  it('books the venue with the event, and needs the times with a venue', async () => {
    expect((await request('babyDedication', { ...dedication, venueId: hall.id })).status).toBe(400);
    const res = await request('babyDedication', withVenue('10:00', '12:00'));
    expect(res.body.data).toMatchObject({ venueId: hall.id, venueName: hall.name, startTime: '10:00:00', bookingStatus: 'pending' });
  });

  it('shows members their own requests and the office every one', async () => {
    const mine = (await request('houseWarming', { ...dedication, peopleConcerned: 'The Okafor household' }, other.token)).body.data;
    const own = await s.call('GET', '/Event/GetUserEvents?PageSize=100', { token: other.token });
    expect(own.body.data.map((e: { id: string }) => e.id)).toEqual([mine.id]);
    expect((await s.call('GET', '/Event/GetAllEvents', { token: member.token })).status).toBe(403);
    const all = await s.call('GET', `/Event/GetAllEvents?${q({ Search: 'Okafor', EventType: 'houseWarming' })}`, { token: office.token });
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([mine.id]);
  });
});

describe('changing and withdrawing', () => {
  it('lets the requester change a pending request and its booking; others are refused', async () => {
    const { id } = (await request('specialThanksgiving', withVenue('09:00', '10:00'))).body.data;
    const body = { id, ...withVenue('13:00', '15:00'), peopleConcerned: 'The Bello family' };
    expect((await s.call('PUT', '/Event/UpdateRequestForEvent', { token: other.token, body })).status).toBe(403);
    const res = await s.call('PUT', '/Event/UpdateRequestForEvent', { token: member.token, body });
    expect(res.body.data).toMatchObject({ peopleConcerned: 'The Bello family', startTime: '13:00:00', endTime: '15:00:00' });
    const dropped = await s.call('PUT', '/Event/UpdateRequestForEvent', { token: member.token, body: { id, ...dedication } });
    expect(dropped.body.data.bookingId).toBeNull();
  });

  it('lets the requester withdraw a pending request, with its booking', async () => {
    const { id, bookingId } = (await request('babyChristening', withVenue('16:00', '17:00'))).body.data;
    expect((await s.call('DELETE', `/Event/DeleteEventRequest?id=${id}`, { token: other.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Event/DeleteEventRequest?id=${id}`, { token: member.token })).status).toBe(200);
    expect(await db.select().from(venueBookings).where(eq(venueBookings.id, bookingId))).toHaveLength(0);
  });
});

describe('deciding', () => {
  it('approves the event and its booking together, once, and tells the requester', async () => {
    const { id, bookingId } = (await request('babyDedication', { ...withVenue('10:00', '12:00'), eventDate: '2031-03-01' })).body.data;
    expect((await decide(id, true, undefined, member.token)).status).toBe(403);
    const res = await decide(id, true);
    expect(res.body.data).toMatchObject({ status: 'approved', bookingStatus: 'approved', decidedBy: office.id });
    expect((await decide(id, false, 'No')).body.message).toBe('This request has already been approved.');
    const [booking] = await db.select().from(venueBookings).where(eq(venueBookings.id, bookingId));
    expect(booking.status).toBe('approved');
    const told = await db.select().from(notifications).where(eq(notifications.recipientId, member.id));
    const approved = told.find((n) => n.body === `Your request for a baby dedication on 2031-03-01 at ${hall.name} was approved.`);
    // It leads the member to their event requests.
    expect(approved?.link).toBe('/events');
    // The change is then frozen.
    const change = await s.call('PUT', '/Event/UpdateRequestForEvent', { token: member.token, body: { id, ...dedication } });
    expect(change.status).toBe(400);
  });

  it('refuses an event whose booking overlaps an approved one (409 naming it), leaving it pending', async () => {
    const day = { eventDate: '2031-04-01' };
    const first = (await request('burialCeremony', { ...withVenue('09:00', '12:00'), ...day, peopleConcerned: 'Late Mr Musa' })).body.data;
    const second = (await request('babyDedication', { ...withVenue('11:00', '13:00'), ...day }, other.token)).body.data;
    expect((await decide(first.id, true)).status).toBe(200);
    const clash = await decide(second.id, true);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(first.bookingId);
    const own = await s.call('GET', '/Event/GetUserEvents?PageSize=100', { token: other.token });
    expect(own.body.data.find((e: { id: string }) => e.id === second.id).status).toBe('pending');
  });

  it('rejects with a comment, and the booking with it', async () => {
    const { id } = (await request('houseWarming', withVenue('18:00', '19:00'), other.token)).body.data;
    expect((await decide(id, false)).status).toBe(400);
    const res = await decide(id, false, 'Pastor travelling');
    expect(res.body.data).toMatchObject({ status: 'rejected', bookingStatus: 'rejected', decisionComment: 'Pastor travelling' });
  });

  it('decides an event’s booking only through the event', async () => {
    const { bookingId } = (await request('babyChristening', { ...withVenue('08:00', '09:00'), eventDate: '2031-05-01' })).body.data;
    const res = await s.call('PUT', `/Venue/ApproveOrRejectVenueRequest?${q({ Id: bookingId, Approve: true })}`, { token: office.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/ApproveOrRejectEvent/);
  });

  it('lets the office delete a decided request', async () => {
    const { id } = (await request('specialThanksgiving', dedication)).body.data;
    await decide(id, true);
    expect((await s.call('DELETE', `/Event/DeleteEventRequest?id=${id}`, { token: member.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Event/DeleteEventRequest?id=${id}`, { token: office.token })).status).toBe(200);
  });
});

describe('an event’s history and the requester filter', () => {
  it('tells who filed and approved an event request, and when; for its requester and the office only', async () => {
    const { id } = (await request('houseWarming', { ...dedication, peopleConcerned: 'The Okafor household' })).body.data;
    expect((await decide(id, true, 'Pastor Jide will lead')).status).toBe(200);
    const res = await s.call('GET', `/Event/GetEventById?${q({ Id: id })}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'approved', peopleConcerned: 'The Okafor household' });
    expect(
      res.body.data.history.map((h: { action: string; actorId: string; comment: string | null }) => [h.action, h.actorId, h.comment]),
    ).toEqual([
      ['create', member.id, null],
      ['approve', office.id, 'Pastor Jide will lead'],
    ]);
    expect((await s.call('GET', `/Event/GetEventById?${q({ Id: id })}`, { token: office.token })).status).toBe(200);
    expect((await s.call('GET', `/Event/GetEventById?${q({ Id: id })}`, { token: other.token })).status).toBe(403);
  });

  it('filters the office’s list by part of the requester’s name or email', async () => {
    const zeb = await createUser(s, { overrides: { firstName: 'Zebulon' } });
    await request('specialThanksgiving', dedication, zeb.token);
    const byName = await s.call('GET', `/Event/GetAllEvents?${q({ Requester: 'ZEBUL' })}`, { token: office.token });
    expect(byName.body.data.map((r: { userId: string }) => r.userId)).toEqual([zeb.id]);
    const byEmail = await s.call('GET', `/Event/GetAllEvents?${q({ Requester: zeb.email, PageSize: 100 })}`, { token: office.token });
    expect(byEmail.body.data.map((r: { userId: string }) => r.userId)).toEqual([zeb.id]);
  });
});
