import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_MATCHING } from '@/domain/people/savedLists.js';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, cihAttendanceMarks, cihMeetings, consents, meetingInvitees } from '@/server/db/schema/index.js';
import { addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { addPerson } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';

/** Saved lists, the member list's filters they brought, and actions on 'all that match' (docs/decisions/0214-saved-lists.md). */

const { s, admin, member } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

/** The office without being an administrator: reads the member list church-wide, but not those hidden from leaders. */
const clerk = await userWith(s, [P.viewMembers, P.updateMeetings, P.createMeetings]);
const secondClerk = await userWith(s, [P.viewMembers]);
/** Reads the member list (a CIH manager) but is not the office. */
const cihManager = await userWith(s, [P.viewCihManagement]);

const SURNAME = 'Savedtest';
const members = (qs: string, token = admin) =>
  s.call('GET', `/ChurchAffiliation/GetMemberQuery?PageSize=100&Search=${SURNAME}&${qs}`, { token });
const matching = (qs: string, token = admin) => s.call('GET', `/ChurchAffiliation/GetMatchingMembers?Search=${SURNAME}&${qs}`, { token });
const namesOf = (res: { body: { data: Array<{ firstName: string }> } }) => res.body.data.map((r) => r.firstName).sort();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const month = new Date().getUTCMonth() + 1;
const bornIn = (m: number) => `1990-${String(m).padStart(2, '0')}-15`;

const zone = await addZone(s);
const center = await addCenter(s, zone.id);
const choir = await addDepartment(s);
const person = (firstName: string, more: Parameters<typeof addPerson>[1] = {}) =>
  addPerson(s, { firstName, surName: SURNAME, centerId: center.id, zoneId: zone.id, ...more });
const people = {
  Ade: await person('Ade', { departmentIds: [choir.id], dateOfBirth: bornIn(month) }),
  Bisi: await person('Bisi', { dateOfBirth: bornIn((month % 12) + 1) }),
  Chidi: await person('Chidi'),
  Dayo: await person('Dayo', { departmentIds: [choir.id] }),
};
const hidden = await person('Hidden');
await db.insert(consents).values({ userId: hidden, category: 'listing', granted: false, wording: 'v1' });

// CIH: Ade present three weeks ago, Bisi present last week, Chidi marked absent last week.
const [longAgo, lastWeek] = await db
  .insert(cihMeetings)
  .values([
    { centerId: center.id, meetingDate: daysAgo(21) },
    { centerId: center.id, meetingDate: daysAgo(6) },
  ])
  .returning();
await db.insert(cihAttendanceMarks).values([
  { meetingId: longAgo.id, userId: people.Ade, present: true },
  { meetingId: lastWeek.id, userId: people.Bisi, present: true },
  { meetingId: lastWeek.id, userId: people.Chidi, present: false },
]);

// Stages: Ade a worker since 60 days ago, Dayo a worker since 5 days ago.
for (const [userId, startedOn] of [
  [people.Ade, daysAgo(60)],
  [people.Dayo, daysAgo(5)],
]) {
  const res = await s.call('PUT', '/People/ChangeStage', { body: { userId, stage: 'worker', startedOn }, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("the member list's new filters", () => {
  it("'not seen at CIH for N weeks': no present mark at a meeting of the last N weeks", async () => {
    expect(namesOf(await members('NotSeenWeeks=2'))).toEqual(['Ade', 'Chidi', 'Dayo', 'Hidden']);
    expect(namesOf(await members('NotSeenWeeks=4'))).toEqual(['Chidi', 'Dayo', 'Hidden']);
    const res = await members('NotSeenWeeks=0');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('NotSeenWeeks must be at least 1');
  });

  it("'no department': in no department at all", async () => {
    expect(namesOf(await members('NoDepartment=true'))).toEqual(['Bisi', 'Chidi', 'Hidden']);
    expect(namesOf(await members('NoDepartment=false'))).toEqual(['Ade', 'Bisi', 'Chidi', 'Dayo', 'Hidden']);
  });

  it("'birthday this month': born in this month of any year", async () => {
    const res = await members('BirthdayThisMonth=true');
    expect(res.status).toBe(200);
    expect(namesOf(res)).toEqual(['Ade']);
    expect(res.body.totalCount).toBe(1);
  });

  it("'stage is X since a date': the current stage began on or after it, and needs the stage", async () => {
    expect(namesOf(await members(`Stage=worker&StageSince=${daysAgo(30)}`))).toEqual(['Dayo']);
    expect(namesOf(await members(`Stage=worker&StageSince=${daysAgo(90)}`))).toEqual(['Ade', 'Dayo']);
    const res = await members(`StageSince=${daysAgo(30)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose a stage to filter by its start date');
  });

  it('combines with the other filters and leaves out who is hidden from a leader', async () => {
    expect(namesOf(await members('NotSeenWeeks=4&NoDepartment=true', clerk.token))).toEqual(['Chidi']);
  });

  it('reads the month of birth through its index (PostgreSQL plans it)', async () => {
    const indexes = await db.execute(sql`select indexdef from pg_indexes where indexname = 'member_directory_birth_month_idx'`);
    expect(JSON.stringify(indexes)).toContain('EXTRACT(month FROM date_of_birth)');
  });
});

describe('saved lists', () => {
  const save = (body: Record<string, unknown>, token: string) => s.call('POST', '/SavedLists/Create', { body, token });
  const listsOf = async (token: string) =>
    ((await s.call('GET', '/SavedLists/GetAll', { token })).body.data as Array<{ name: string }>).map((l) => l.name);

  it('saves a filter by name, audited, and reads it back', async () => {
    const res = await save({ name: 'Not seen for a month', filter: { q: SURNAME, notSeenWeeks: 4 } }, clerk.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Not seen for a month',
      shared: false,
      mine: true,
      mayChange: true,
      filter: { q: SURNAME, notSeenWeeks: 4 },
    });
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'savedList'), eq(auditLogs.entityId, res.body.data.id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('keeps a private list from everyone else, the office too', async () => {
    expect(await listsOf(clerk.token)).toContain('Not seen for a month');
    expect(await listsOf(secondClerk.token)).not.toContain('Not seen for a month');
    expect(await listsOf(admin)).not.toContain('Not seen for a month');
    const [mine] = (await s.call('GET', '/SavedLists/GetAll', { token: clerk.token })).body.data as Array<{ id: string }>;
    expect((await s.call('DELETE', `/SavedLists/Delete?id=${mine.id}`, { token: secondClerk.token })).status).toBe(404);
    expect((await s.call('PUT', '/SavedLists/Rename', { body: { id: mine.id, name: 'Mine now' }, token: admin })).status).toBe(404);
  });

  it('shows a shared list to the office, who rename and delete it; not to a reader outside the office', async () => {
    const res = await save({ name: 'No department', shared: true, filter: { noDepartment: true } }, clerk.token);
    expect(res.status).toBe(200);
    const id = res.body.data.id as string;
    expect(await listsOf(secondClerk.token)).toContain('No department');
    expect(await listsOf(cihManager.token)).not.toContain('No department');
    const seen = (
      (await s.call('GET', '/SavedLists/GetAll', { token: secondClerk.token })).body.data as Array<{
        id: string;
        mine: boolean;
        mayChange: boolean;
      }>
    ).find((l) => l.id === id);
    expect(seen).toMatchObject({ mine: false, mayChange: true });
    const renamed = await s.call('PUT', '/SavedLists/Rename', { body: { id, name: 'Without a department' }, token: secondClerk.token });
    expect(renamed.body.data).toMatchObject({ name: 'Without a department', mine: false });
    expect((await s.call('DELETE', `/SavedLists/Delete?id=${id}`, { token: secondClerk.token })).status).toBe(200);
    expect(await listsOf(clerk.token)).not.toContain('Without a department');
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'savedList'), eq(auditLogs.entityId, id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('lets a reader outside the office keep private lists, but not share them', async () => {
    expect((await save({ name: 'My center', filter: { centerId: center.id } }, cihManager.token)).status).toBe(200);
    const shared = await save({ name: 'Everyone', shared: true, filter: {} }, cihManager.token);
    expect(shared.status).toBe(403);
    expect(shared.body.message).toBe('Only the church office shares a saved list');
    expect((await s.call('GET', '/SavedLists/GetAll', { token: member.token })).status).toBe(403);
  });

  it.each([
    [{ name: 'Bad', filter: { sortBy: 'email' } }, 'Unrecognized key: "sortBy"'],
    [{ name: 'Bad', filter: { stageSince: '2026-01-01' } }, 'Choose a stage to filter by its start date'],
    [{ name: '', filter: {} }, 'Name is required'],
  ])('refuses %o', async (body, message) => {
    const res = await save(body, clerk.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("refuses a second list of the owner's with the same name, whatever its case", async () => {
    const res = await save({ name: 'not SEEN for a month', filter: {} }, clerk.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You already have a saved list with this name');
  });
});

describe("selecting all that match the member list's filter", () => {
  it("answers every match's id, leaving out who is hidden from the caller", async () => {
    const byAdmin = await matching('NoDepartment=true');
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.data.total).toBe(3);
    expect(byAdmin.body.data.ids.sort()).toEqual([people.Bisi, people.Chidi, hidden].sort());
    const byClerk = await matching('NoDepartment=true', clerk.token);
    expect(byClerk.body.data.ids.sort()).toEqual([people.Bisi, people.Chidi].sort());
    expect((await matching('', member.token)).status).toBe(403);
  });

  it(`refuses a filter matching more than ${MAX_MATCHING}, naming how many`, async () => {
    const many = MAX_MATCHING + 1;
    await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer, disabled)
      select 'overcap-' || g || '@example.org', 'Many', 'Overcap', true, false, false from generate_series(1, ${many}) g`);
    await db.execute(sql`insert into biodata (user_id, first_name, sur_name, email, mobile1)
      select id, first_name, sur_name, email, '' from users where sur_name = 'Overcap'`);
    const res = await s.call('GET', '/ChurchAffiliation/GetMatchingMembers?Search=Overcap', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`The filter matches 1,001 people; an action takes at most 1,000 at once: narrow the filter`);
    expect((await s.call('GET', '/ChurchAffiliation/GetMatchingMembers?Search=Overcap&Gender=Male', { token: admin })).body.data).toEqual({
      ids: [],
      total: 0,
    });
  });

  it('invites all that match to a meeting the caller may change, each told; someone hidden from the caller is left out (docs/decisions/0236)', async () => {
    const created = await s.call('POST', '/Meeting/Create', {
      body: { title: 'Follow-up', kind: 'other', startsAt: new Date(Date.now() + 86_400_000).toISOString() },
      token: clerk.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const meetingId = created.body.data.id as string;
    const { ids } = (await matching('NoDepartment=true', clerk.token)).body.data as { ids: string[] };
    const res = await s.call('POST', '/Meeting/Invite', { body: { meetingId, userIds: ids }, token: clerk.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ added: 2, alreadyInvited: 0, leftOut: { inactive: 0, outOfReach: 0 } });
    const invited = await db.select().from(meetingInvitees).where(eq(meetingInvitees.meetingId, meetingId));
    expect(invited.map((i) => i.userId)).toEqual(expect.arrayContaining(ids));
    const refused = await s.call('POST', '/Meeting/Invite', { body: { meetingId, userIds: [hidden] }, token: clerk.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('None of the people chosen is someone you may invite; nobody was invited');
    // With someone the clerk may invite, the hidden one is left out and counted, and nobody told is told again.
    const mixed = await s.call('POST', '/Meeting/Invite', { body: { meetingId, userIds: [hidden, people.Ade] }, token: clerk.token });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(200);
    expect(mixed.body.data).toEqual({ added: 1, alreadyInvited: 0, leftOut: { inactive: 0, outOfReach: 1 } });
    const now = await db.select().from(meetingInvitees).where(eq(meetingInvitees.meetingId, meetingId));
    expect(now.map((i) => i.userId)).not.toContain(hidden);
    // A meeting someone else called is not the clerk's to change.
    const other = await s.call('POST', '/Meeting/Create', {
      body: { title: 'Elders', kind: 'leadership', startsAt: new Date(Date.now() + 86_400_000).toISOString() },
      token: admin,
    });
    const notMine = await s.call('POST', '/Meeting/Invite', { body: { meetingId: other.body.data.id, userIds: ids }, token: clerk.token });
    expect(notMine.status).toBe(403);
  });
});
