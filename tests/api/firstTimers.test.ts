import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, users } from '@/server/db/schema/index.js';
import { addPerson, auditOf, rolesOf, type PersonFields } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
});
afterAll(() => s?.close());

const DAY = 86_400_000;

/** A first-timer (or, with overrides, someone else) who arrived at the given time. */
async function arrival(createdAt: Date, p: PersonFields = {}) {
  const id = await addPerson(s, { surName: 'Ftx', isFirstTimer: true, role: 'firsttimers', ...p });
  await s.database.db.update(users).set({ createdAt }).where(eq(users.id, id));
  return id;
}
const firstTimer = (p: PersonFields = {}) => addPerson(s, { surName: 'Ftx', isFirstTimer: true, role: 'firsttimers', ...p });

const convertOne = (id: string, token = admin) => s.call('PUT', `/Admin/ConvertFirstTimersToMembers?Id=${id}`, { token });
const bulk = (body: unknown, token = admin) => s.call('PUT', '/Admin/BulkConvertFirstTimersToMembers', { body, token });
const stats = async () => {
  const res = await s.call('GET', '/Biodata/GetFirstTimerStats', { token: admin });
  expect(res.status).toBe(200);
  return res.body.data;
};
const isFirstTimer = async (ids: string[]) =>
  (await s.database.db.select({ id: users.id, isFirstTimer: users.isFirstTimer }).from(users).where(inArray(users.id, ids))).map(
    (u) => u.isFirstTimer,
  );

/** The expected bucket keys, worked out independently of the server: Monday (UTC) and YYYY-MM. */
const weekOf = (d: Date) => {
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
  return monday.toISOString().slice(0, 10);
};
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

describe('GetFirstTimerStats', () => {
  it('counts known fixtures by week, month, gender and conversion', async () => {
    const now = Date.now();
    const recent = new Date(now - 3_600_000);
    const lastWeek = new Date(now - 8 * DAY);
    const sixWeeksAgo = new Date(now - 40 * DAY);
    await arrival(recent, { gender: 'Male' });
    await arrival(lastWeek, { gender: 'Female' });
    const converted = await arrival(sixWeeksAgo, { gender: 'Female' });
    await arrival(new Date(now - 400 * DAY)); // no gender, before the 12 months
    await arrival(recent, { gender: 'Male', demise: true }); // archived: left out
    await arrival(recent, { gender: 'Male', isFirstTimer: false, role: 'member' }); // never a first-timer: left out
    expect((await convertOne(converted)).status).toBe(200);

    const data = await stats();
    expect(data).toMatchObject({ total: 4, converted: 1, notConverted: 3 });
    expect(data.byGender).toEqual([
      { gender: 'Male', count: 1, converted: 0 },
      { gender: 'Female', count: 2, converted: 1 },
      { gender: 'Unknown', count: 1, converted: 0 },
    ]);

    expect(data.byWeek).toHaveLength(12);
    expect(data.byWeek[11].weekStart).toBe(weekOf(new Date(now)));
    const weeks = new Map<string, { count: number; converted: number }>(data.byWeek.map((w: any) => [w.weekStart, w]));
    const expectedWeeks = new Map<string, { count: number; converted: number }>();
    for (const [d, c] of [
      [recent, 0],
      [lastWeek, 0],
      [sixWeeksAgo, 1],
    ] as const) {
      const e = expectedWeeks.get(weekOf(d)) ?? { count: 0, converted: 0 };
      expectedWeeks.set(weekOf(d), { count: e.count + 1, converted: e.converted + c });
    }
    for (const [key, value] of expectedWeeks) expect(weeks.get(key), key).toEqual(expect.objectContaining(value));
    expect(data.byWeek.reduce((n: number, w: any) => n + w.count, 0)).toBe(3);

    expect(data.byMonth).toHaveLength(12);
    expect(data.byMonth[11].month).toBe(monthOf(new Date(now)));
    const months = new Map<string, { count: number; converted: number }>(data.byMonth.map((m: any) => [m.month, m]));
    expect(months.get(monthOf(sixWeeksAgo))!.converted).toBe(1);
    expect(data.byMonth.reduce((n: number, m: any) => n + m.count, 0)).toBe(3);
  });

  it('is open to CAN_VIEW_FIRSTTIMERS and no one else', async () => {
    const viewer = await userWith(s, [P.viewFirstTimers]);
    expect((await s.call('GET', '/Biodata/GetFirstTimerStats', { token: viewer.token })).status).toBe(200);
    const member = await createUser(s);
    expect((await s.call('GET', '/Biodata/GetFirstTimerStats', { token: member.token })).status).toBe(403);
  });
});

describe('ConvertFirstTimersToMembers', () => {
  it('makes a first-timer a member: the member role, the flag, the time, an audit row; their session goes on', async () => {
    const user = await createUser(s, { role: 'firsttimers' });
    const before = (await stats()).converted;
    const res = await convertOne(user.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ succeeded: true, message: '1 first-timer converted to member', data: { converted: 1 } });
    const [row] = await s.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isFirstTimer).toBe(false);
    expect(row.convertedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await rolesOf(s, user.id)).toEqual(['member']);
    // Permissions are read per call, so the old token goes on with the member role's rights.
    const view = await s.call('GET', `/Roles/GetUserRoles?UserId=${user.id}`, { token: user.token });
    expect(view.status).toBe(200);
    expect(view.body.data.roles.map((r: any) => r.name)).toEqual(['member']);
    expect((await s.login(user.email, user.password)).length).toBeGreaterThan(0);
    expect((await stats()).converted).toBe(before + 1);

    const [audit] = (await auditOf(s, user.id)).filter((a) => a.action === 'convert-first-timer');
    expect(audit).toMatchObject({ entity: 'user', before: { isFirstTimer: true }, after: { isFirstTimer: false, role: 'member' } });
    expect(audit.actorId).not.toBeNull();
  });

  it('moves the person from the first-timer list to the member list', async () => {
    const id = await firstTimer({ firstName: 'Moving', surName: 'Ftxmover' });
    const inList = async (path: string) =>
      (await s.call('GET', `${path}Search=Ftxmover`, { token: admin })).body.data.map((r: any) => r.id);
    expect(await inList('/Admin/GetAllUsers?Kind=firsttimer&')).toEqual([id]);
    expect(await inList('/ChurchAffiliation/GetMemberQuery?')).toEqual([]);
    await convertOne(id);
    expect(await inList('/Admin/GetAllUsers?Kind=firsttimer&')).toEqual([]);
    expect(await inList('/ChurchAffiliation/GetMemberQuery?')).toEqual([id]);
  });

  it('answers 404 for an unknown id and 400 for someone who is not a first-timer', async () => {
    const unknown = await convertOne(randomUUID());
    expect(unknown.status).toBe(404);
    const member = await addPerson(s, { email: 'already.member@example.org', role: 'member' });
    const again = await convertOne(member);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('already.member@example.org is not a first-timer');
  });

  it('needs CAN_APPROVE_FIRSTTIMERS: viewing first-timers is not enough', async () => {
    const viewer = await userWith(s, [P.viewFirstTimers, 'CAN_UPDATE_FIRSTTIMERS']);
    const id = await firstTimer();
    expect((await convertOne(id, viewer.token)).status).toBe(403);
    expect((await bulk([id], viewer.token)).status).toBe(403);
    expect(await isFirstTimer([id])).toEqual([true]);
    const approver = await userWith(s, [P.approveFirstTimers]);
    expect((await convertOne(id, approver.token)).status).toBe(200);
  });
});

describe('BulkConvertFirstTimersToMembers', () => {
  it('converts every id of the body, bare or wrapped, in one go', async () => {
    const ids = await Promise.all([firstTimer(), firstTimer(), firstTimer()]);
    const res = await bulk({ ids: [ids[0], ids[1].toUpperCase(), ids[0]] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: '2 first-timers converted to members', data: { converted: 2 } });
    expect((await bulk([ids[2]])).body.data.converted).toBe(1);
    expect(await isFirstTimer(ids)).toEqual([false, false, false]);
    for (const id of ids) expect(await rolesOf(s, id)).toEqual(['member']);
    const audits = await s.database.db.select().from(auditLogs).where(inArray(auditLogs.entityId, ids));
    expect(audits.filter((a) => a.action === 'convert-first-timer')).toHaveLength(3);
  });

  it('accepts the list under any letter case of its key', async () => {
    const id = await firstTimer();
    expect((await bulk({ IDS: [id] })).status).toBe(200);
    expect(await isFirstTimer([id])).toEqual([false]);
  });

  it('changes nothing when some ids are unknown or not first-timers, and names them', async () => {
    const valid = await Promise.all([firstTimer(), firstTimer()]);
    const member = await addPerson(s, { role: 'member' });
    const unknown = randomUUID();
    const res = await bulk({ ids: [...valid, member, unknown] });
    expect(res.status).toBe(400);
    expect(res.body.succeeded).toBe(false);
    expect(res.body.message).toBe(`Nothing was converted: no user has the id ${unknown}; not first-timers: ${member}`);
    expect(res.body.errors).toEqual({ unknownIds: [unknown], notFirstTimerIds: [member] });
    expect(await isFirstTimer(valid)).toEqual([true, true]);
    for (const id of valid) {
      expect(await rolesOf(s, id)).toEqual(['firsttimers']);
      expect(await auditOf(s, id)).toEqual([]);
    }
  });

  it('spells out ten bad ids in the message and lists them all in errors', async () => {
    const unknown = Array.from({ length: 12 }, () => randomUUID());
    const res = await bulk(unknown);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Nothing was converted: no user has the id ${unknown.slice(0, 10).join(', ')} and 2 more`);
    expect(res.body.errors.unknownIds).toEqual(unknown);
  });

  it('validates the body', async () => {
    expect((await bulk([])).body.errors.ids).toEqual(['Select at least one first-timer']);
    expect((await bulk({})).body.errors.ids).toEqual(['Ids must be a list of user ids']);
    const bad = await bulk(['not-an-id']);
    expect(bad.status).toBe(400);
    expect(bad.body.errors['ids.0']).toEqual(['Id must be a valid id']);
  });
});
