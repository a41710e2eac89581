import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notifications, users } from '@/server/db/schema/index.js';
import { addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import { addPerson, auditOf, setAffiliation } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** Meetings: invitations (people, a department, a role) and their notices, who sees what, minutes, action items, attendance. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;

const hod = await createUser(s, { role: 'hod' });
const member = await createUser(s);
const outsider = await createUser(s);
const admin = await s.login(ADMIN_EMAIL);
const dept = await addDepartment(s);
const singers = [await addPerson(s, { departmentIds: [dept.id] }), await addPerson(s, { departmentIds: [dept.id] })];
const gone = await addPerson(s, { departmentIds: [dept.id], disabled: true });
const tomorrow = new Date(Date.now() + 86_400_000);

const body = {
  title: 'Choir planning',
  kind: 'department',
  startsAt: tomorrow.toISOString(),
  venue: 'Room 2',
  agenda: ['Easter songs', 'Robes'],
  inviteeIds: [member.id],
  inviteDepartmentId: dept.id,
};
const noticesOf = (userId: string, title: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.title, title)));

let id: string;

describe('calling a meeting', () => {
  it('invites the people named and the department’s active members, and tells each', async () => {
    const res = await s.call('POST', '/Meeting/Create', { token: hod.token, body });
    expect(res.status).toBe(200);
    id = res.body.data.id;
    const { data } = (await s.call('GET', `/Meeting/GetById?id=${id}`, { token: hod.token })).body;
    expect(new Set(data.invitees.map((i: { userId: string }) => i.userId))).toEqual(new Set([hod.id, member.id, ...singers]));
    expect(data.agenda).toEqual(['Easter songs', 'Robes']);
    for (const userId of [member.id, ...singers]) expect(await noticesOf(userId, 'Meeting: Choir planning')).toHaveLength(1);
    expect(await noticesOf(gone, 'Meeting: Choir planning')).toHaveLength(0);
    expect((await auditOf(s, id)).map((a) => a.action).sort()).toEqual(['create', 'invite']);
  });

  it('invites the holders of a role', async () => {
    const res = await s.call('POST', '/Meeting/Create', {
      token: admin,
      body: { ...body, title: 'Leaders', kind: 'leadership', inviteeIds: [], inviteDepartmentId: undefined, inviteRole: 'hod' },
    });
    const { data } = (await s.call('GET', `/Meeting/GetById?id=${res.body.data.id}`, { token: admin })).body;
    expect(data.invitees.map((i: { userId: string }) => i.userId)).toContain(hod.id);
  });

  it('invites the holders of a CIH role, held through their church affiliation', async () => {
    const zone = await addZone(s);
    const center = await addCenter(s, zone.id);
    const pastors = [await createUser(s), await createUser(s)];
    for (const p of pastors) await setAffiliation(s, p.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihpastor' });
    const coordinator = await createUser(s);
    await setAffiliation(s, coordinator.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihcoordinator' });
    const res = await s.call('POST', '/Meeting/Create', {
      token: admin,
      body: { ...body, title: 'Pastors', kind: 'leadership', inviteeIds: [], inviteDepartmentId: undefined, inviteRole: 'cihpastor' },
    });
    const { data } = (await s.call('GET', `/Meeting/GetById?id=${res.body.data.id}`, { token: admin })).body;
    const invited = data.invitees.map((i: { userId: string }) => i.userId);
    for (const p of pastors) expect(invited).toContain(p.id);
    expect(invited).not.toContain(coordinator.id);
    expect(await noticesOf(pastors[0].id, 'Meeting: Pastors')).toHaveLength(1);
  });

  it('offers people to invite by name to those who call meetings, and to nobody else', async () => {
    const [person] = await db.select().from(users).where(eq(users.id, singers[0]));
    const res = await s.call('GET', `/Meeting/GetInviteeChoices?Search=${encodeURIComponent(person.email)}`, { token: hod.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: singers[0], fullName: expect.stringContaining(person.surName) }]);
    const [off] = await db.select().from(users).where(eq(users.id, gone));
    expect(
      (await s.call('GET', `/Meeting/GetInviteeChoices?Search=${encodeURIComponent(off.email)}`, { token: hod.token })).body.data,
    ).toEqual([]);
    expect((await s.call('GET', '/Meeting/GetInviteeChoices', { token: member.token })).status).toBe(403);
  });

  it('refuses a member who may not call meetings', async () => {
    expect((await s.call('POST', '/Meeting/Create', { token: member.token, body })).status).toBe(403);
  });
});

describe('who sees a meeting', () => {
  it('shows invitees their upcoming meetings and hides them from others', async () => {
    const mine = await s.call('GET', '/Meeting/GetAll?Upcoming=true', { token: member.token });
    expect(mine.body.data.map((m: { id: string }) => m.id)).toEqual([id]);
    expect(mine.body.data[0]).toMatchObject({ venue: 'Room 2', inviteeCount: 4 });
    expect((await s.call('GET', '/Meeting/GetAll', { token: outsider.token })).body.totalCount).toBe(0);
    expect((await s.call('GET', `/Meeting/GetById?id=${id}`, { token: outsider.token })).status).toBe(404);
    expect((await s.call('GET', '/Meeting/GetAll?Upcoming=false', { token: member.token })).body.totalCount).toBe(0);
  });
});

describe('minutes, action items and attendance', () => {
  it('keeps minutes and action items, by the one who called the meeting only', async () => {
    const update = {
      ...body,
      id,
      inviteeIds: [],
      inviteDepartmentId: undefined,
      minutes: 'We chose six songs.',
      actionItems: [{ text: 'Order robes', ownerId: member.id, dueDate: '2030-01-10' }],
    };
    expect((await s.call('PUT', '/Meeting/Update', { token: admin, body: update })).status).toBe(200);
    const outsiderHod = await createUser(s, { role: 'hod' });
    expect((await s.call('PUT', '/Meeting/Update', { token: outsiderHod.token, body: update })).status).toBe(403);
    const { data } = (await s.call('GET', `/Meeting/GetById?id=${id}`, { token: member.token })).body;
    expect(data.minutes).toBe('We chose six songs.');
    expect(data.actionItems).toEqual([
      { text: 'Order robes', ownerId: member.id, dueDate: '2030-01-10', done: false, ownerName: expect.any(String) },
    ]);
  });

  it('marks attendance of invitees only', async () => {
    const mark = (attendance: Array<{ userId: string; attended: boolean }>) =>
      s.call('PUT', '/Meeting/MarkAttendance', { token: hod.token, body: { meetingId: id, attendance } });
    expect((await mark([{ userId: outsider.id, attended: true }])).status).toBe(400);
    expect(
      (
        await mark([
          { userId: member.id, attended: true },
          { userId: singers[0], attended: false },
        ])
      ).status,
    ).toBe(200);
    const { data } = (await s.call('GET', `/Meeting/GetById?id=${id}`, { token: hod.token })).body;
    const byId = Object.fromEntries(data.invitees.map((i: { userId: string; attended: boolean | null }) => [i.userId, i.attended]));
    expect(byId).toMatchObject({ [member.id]: true, [singers[0]]: false, [singers[1]]: null });
  });
});

describe('changing a meeting after it is called', () => {
  it('moves its time, venue and title, and tells the people newly invited', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000);
    const change = {
      ...body,
      id,
      title: 'Choir planning (moved)',
      startsAt: later.toISOString(),
      venue: 'Hall',
      inviteeIds: [outsider.id],
    };
    expect((await s.call('PUT', '/Meeting/Update', { token: hod.token, body: change })).status).toBe(200);
    const { data } = (await s.call('GET', `/Meeting/GetById?id=${id}`, { token: outsider.token })).body;
    expect(data).toMatchObject({ title: 'Choir planning (moved)', venue: 'Hall' });
    expect(new Date(data.startsAt).getTime()).toBe(later.getTime());
    expect(await noticesOf(outsider.id, 'Meeting: Choir planning (moved)')).toHaveLength(1);
  });
});

describe('taking people off a meeting', () => {
  it('removes invitees and tells each, keeps the one who called it, and refuses others', async () => {
    const remove = (userIds: string[], token = hod.token) =>
      s.call('PUT', '/Meeting/RemoveInvitees', { token, body: { meetingId: id, userIds } });
    expect((await remove([member.id], outsider.token)).status).toBe(403);
    expect((await remove([hod.id])).status).toBe(400);
    expect((await remove([])).status).toBe(400);

    const res = await remove([outsider.id, singers[0]]);
    expect(res.status).toBe(200);
    expect(res.body.data.removed.sort()).toEqual([outsider.id, singers[0]].sort());
    expect((await s.call('GET', `/Meeting/GetById?id=${id}`, { token: outsider.token })).status).toBe(404);
    const { data } = (await s.call('GET', `/Meeting/GetById?id=${id}`, { token: hod.token })).body;
    const invited = data.invitees.map((i: { userId: string }) => i.userId);
    expect(invited).toEqual(expect.arrayContaining([hod.id, member.id, singers[1]]));
    expect(invited).not.toContain(outsider.id);
    expect(invited).not.toContain(singers[0]);
    const [notice] = await noticesOf(outsider.id, 'Meeting: Choir planning (moved)').then((rows) =>
      rows.filter((r) => r.body.includes('no longer')),
    );
    expect(notice).toBeDefined();
    expect((await auditOf(s, id)).filter((row) => row.action === 'uninvite')).toHaveLength(1);
  });
});
