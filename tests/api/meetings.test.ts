import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { notifications } from '@/server/db/schema/index.js';
import { addDepartment } from '@/tests/support/churchStructure.js';
import { addPerson, auditOf } from '@/tests/support/people.js';
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
