import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { appointments, auditLogs, notifications } from '@/server/db/schema/index.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** Appointments: availability, free slots, booking, the host's decisions, privacy, the .ics file and the overlap rule. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;

const host = await userWith(s, [P.viewAppointments, P.hostAppointments]);
const member = await createUser(s);
const other = await createUser(s);
const admin = await s.login(ADMIN_EMAIL);

/** A local wall-clock time some days ahead, as the church's clock reads it. */
function at(daysAhead: number, hour: number, minute = 0) {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead, hour, minute);
}
const dayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const AWAY = dayOf(at(3, 0));
/** Every day 09:00 to 12:00 in 30-minute slots: six a day. */
const availability = {
  windows: Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 12 * 60, slotMinutes: 30 })),
  exceptions: [{ day: AWAY, note: 'Conference' }],
};

const book = (token: string, startsAt: Date, reason = 'counselling') =>
  s.call('POST', '/Appointment/Create', {
    token,
    body: { hostId: host.id, startsAt: startsAt.toISOString(), reason, note: 'Private matter' },
  });
const update = (token: string, body: Record<string, unknown>) => s.call('PUT', '/Appointment/Update', { token, body });
const inbox = (userId: string) => db.select().from(notifications).where(eq(notifications.recipientId, userId));

describe('availability and free slots', () => {
  it('refuses SetAvailability to someone who does not host', async () => {
    expect((await s.call('PUT', '/Appointment/SetAvailability', { token: member.token, body: availability })).status).toBe(403);
  });

  it('refuses overlapping windows of one day', async () => {
    const body = { windows: [availability.windows[0], { ...availability.windows[0], startMinute: 600 }] };
    expect((await s.call('PUT', '/Appointment/SetAvailability', { token: host.token, body })).status).toBe(400);
  });

  it('saves the windows, lists the host, and offers six slots a day but none on the day away', async () => {
    expect((await s.call('PUT', '/Appointment/SetAvailability', { token: host.token, body: availability })).status).toBe(200);
    const hosts = await s.call('GET', '/Appointment/GetHosts', { token: member.token });
    expect(hosts.body.data.map((h: { id: string }) => h.id)).toContain(host.id);
    const from = dayOf(at(2, 0));
    const res = await s.call('GET', `/Appointment/GetFreeSlots?HostId=${host.id}&From=${from}&To=${AWAY}`, { token: member.token });
    expect(res.status).toBe(200);
    const days = res.body.data.map((x: { startsAt: string }) => dayOf(new Date(x.startsAt)));
    expect(days.filter((d: string) => d === from)).toHaveLength(6);
    expect(days).not.toContain(AWAY);
    expect(new Date(res.body.data[0].startsAt).getTime()).toBe(at(2, 9).getTime());
  });
});

describe('booking', () => {
  it('books a free slot, tells the host, and takes the slot off the free list', async () => {
    const before = (await inbox(host.id)).length;
    const res = await book(member.token, at(1, 10));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'requested', reason: 'counselling', hostId: host.id, memberId: member.id });
    expect(new Date(res.body.data.endsAt).getTime()).toBe(at(1, 10, 30).getTime());
    expect((await inbox(host.id)).length).toBe(before + 1);
    const day = dayOf(at(1, 0));
    const free = await s.call('GET', `/Appointment/GetFreeSlots?HostId=${host.id}&From=${day}&To=${day}`, { token: member.token });
    expect(free.body.data.map((x: { startsAt: string }) => new Date(x.startsAt).getTime())).not.toContain(at(1, 10).getTime());
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'appointment'), eq(auditLogs.entityId, res.body.data.id)));
    expect(audit.action).toBe('create');
  });

  it.each([
    ['a time outside the windows', at(1, 14)],
    ['a time off the slot grid', at(1, 9, 10)],
    ['the day away', at(3, 9)],
    ['the past', at(-1, 9)],
  ])('refuses %s (400)', async (_what, when) => {
    expect((await book(member.token, when)).status).toBe(400);
  });

  it('refuses the same slot to a second member (409)', async () => {
    expect((await book(other.token, at(1, 10))).status).toBe(409);
  });

  it('lets exactly one of many members racing for one slot have it', async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, () => createUser(s)));
    const results = await Promise.all(racers.map((r) => book(r.token, at(2, 11))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const held = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.hostId, host.id), eq(appointments.startsAt, at(2, 11))));
    expect(held).toHaveLength(1);
  });

  it('refuses booking oneself and a host that does not host', async () => {
    expect(
      (await s.call('POST', '/Appointment/Create', { token: host.token, body: { hostId: host.id, startsAt: at(4, 9), reason: 'prayer' } }))
        .status,
    ).toBe(403);
    const res = await s.call('POST', '/Appointment/Create', {
      token: member.token,
      body: { hostId: other.id, startsAt: at(4, 9), reason: 'prayer' },
    });
    expect(res.status).toBe(404);
  });
});

describe('decisions, privacy and the calendar file', () => {
  let id: string;

  it('keeps the reason to the two people and administrators', async () => {
    id = (await book(member.token, at(4, 9), 'marriage')).body.data.id;
    expect((await s.call('GET', `/Appointment/GetById?id=${id}`, { token: other.token })).status).toBe(404);
    const list = await s.call('GET', '/Appointment/GetAll?PageSize=100', { token: other.token });
    expect(list.body.data.map((a: { id: string }) => a.id)).not.toContain(id);
    for (const token of [member.token, host.token, admin]) {
      const res = await s.call('GET', `/Appointment/GetById?id=${id}`, { token });
      expect(res.body.data).toMatchObject({ reason: 'marriage', note: 'Private matter' });
    }
  });

  it('lets only the host confirm, and tells the member', async () => {
    expect((await update(member.token, { id, action: 'confirm' })).status).toBe(403);
    const before = (await inbox(member.id)).length;
    const res = await update(host.token, { id, action: 'confirm', comment: 'See you then' });
    expect(res.body.data).toMatchObject({ status: 'confirmed', hostComment: 'See you then' });
    const mine = await inbox(member.id);
    expect(mine.length).toBe(before + 1);
    expect(mine.some((n) => n.title === 'Appointment confirmed')).toBe(true);
    expect((await update(host.token, { id, action: 'confirm' })).status).toBe(400);
  });

  it('gives the member an .ics file with the time in UTC, and refuses it to others', async () => {
    const res = await fetch(`${s.url}/api/Appointment/DownloadIcs?id=${id}`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(text).toContain(`DTSTART:${utc(at(4, 9))}\r\n`);
    expect(text).toContain(`DTEND:${utc(at(4, 9, 30))}\r\n`);
    expect(text).toContain('STATUS:CONFIRMED');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toMatch(/\r\nSUMMARY;LANGUAGE=en:Appointment with /);
    const refused = await fetch(`${s.url}/api/Appointment/DownloadIcs?id=${id}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(refused.status).toBe(404);
  });

  it('writes the .ics in the language of the person who downloads it', async () => {
    const speak = (language: string) => s.call('PUT', '/Auth/UpdateLanguage', { token: member.token, body: { language } });
    expect((await speak('fr')).status).toBe(200);
    try {
      const res = await fetch(`${s.url}/api/Appointment/DownloadIcs?id=${id}`, { headers: { authorization: `Bearer ${member.token}` } });
      const text = (await res.text()).replace(/\r\n /g, '');
      expect(text).toMatch(/\r\nSUMMARY;LANGUAGE=fr:Rendez-vous avec /);
      expect(text).toMatch(/\r\nDESCRIPTION;LANGUAGE=fr:Motif : /);
    } finally {
      await speak('en');
    }
  });

  it('reschedules to a free slot only', async () => {
    expect((await update(host.token, { id, action: 'reschedule', startsAt: at(1, 10) })).status).toBe(409);
    const res = await update(host.token, { id, action: 'reschedule', startsAt: at(4, 11) });
    expect(res.body.data).toMatchObject({ status: 'confirmed' });
    expect(new Date(res.body.data.startsAt).getTime()).toBe(at(4, 11).getTime());
    // The old time is free again.
    expect((await book(other.token, at(4, 9))).status).toBe(200);
  });

  it('lets the member cancel, tells the host, and frees the slot', async () => {
    expect((await update(host.token, { id, action: 'cancel' })).status).toBe(403);
    const before = (await inbox(host.id)).length;
    expect((await update(member.token, { id, action: 'cancel' })).body.data.status).toBe('cancelled');
    expect((await inbox(host.id)).length).toBe(before + 1);
    expect((await book(other.token, at(4, 11))).status).toBe(200);
  });

  it("lists a host's day with Role=host and a member's own with Role=member", async () => {
    const day = dayOf(at(4, 0));
    const hosting = await s.call('GET', `/Appointment/GetAll?Role=host&From=${day}&To=${day}`, { token: host.token });
    expect(hosting.body.totalCount).toBe(3);
    const own = await s.call('GET', '/Appointment/GetAll?Role=member&Status=cancelled', { token: member.token });
    expect(own.body.data.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await s.call('GET', '/Appointment/GetAll?SortBy=password', { token: member.token })).status).toBe(400);
  });

  it('refuses the list without CAN_VIEW_APPOITMENT and deletion without CAN_DELETE_APPOITMENT', async () => {
    const nobody = await userWith(s, []);
    expect((await s.call('GET', '/Appointment/GetAll', { token: nobody.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Appointment/Delete?id=${id}`, { token: member.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Appointment/Delete?id=${id}`, { token: admin })).status).toBe(200);
  });
});

describe('one member, two hosts', () => {
  const bookWith = (token: string, hostId: string, startsAt: Date) =>
    s.call('POST', '/Appointment/Create', { token, body: { hostId, startsAt: startsAt.toISOString(), reason: 'prayer' } });
  let second: Awaited<ReturnType<typeof userWith>>;
  let booker: Awaited<ReturnType<typeof createUser>>;
  let id: string;

  it('refuses a member a second appointment at the same time with another host (409)', async () => {
    second = await userWith(s, [P.viewAppointments, P.hostAppointments]);
    expect((await s.call('PUT', '/Appointment/SetAvailability', { token: second.token, body: availability })).status).toBe(200);
    booker = await createUser(s);
    const first = await bookWith(booker.token, host.id, at(5, 9));
    expect(first.status).toBe(200);
    id = first.body.data.id;
    const clash = await bookWith(booker.token, second.id, at(5, 9));
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('You already have an appointment at this time');
    expect((await bookWith(booker.token, second.id, at(5, 10))).status).toBe(200);
  });

  it('lets only one of two bookings of one member with two hosts at once through', async () => {
    const racer = await createUser(s);
    const results = await Promise.all([bookWith(racer.token, host.id, at(6, 9)), bookWith(racer.token, second.id, at(6, 9))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.select().from(appointments).where(eq(appointments.memberId, racer.id))).toHaveLength(1);
  });

  it('lets the member ask to move their own appointment: the host confirms it anew', async () => {
    expect((await update(booker.token, { id, action: 'reschedule', startsAt: at(5, 10) })).status).toBe(409);
    expect((await update(other.token, { id, action: 'reschedule', startsAt: at(5, 11) })).status).toBe(404);
    const res = await update(booker.token, { id, action: 'reschedule', startsAt: at(5, 11) });
    expect(res.body.data).toMatchObject({ status: 'requested' });
    expect(new Date(res.body.data.startsAt).getTime()).toBe(at(5, 11).getTime());
    expect((await inbox(host.id)).some((n) => n.title === 'Appointment move requested')).toBe(true);
    expect((await update(host.token, { id, action: 'confirm' })).body.data.status).toBe('confirmed');
  });
});
