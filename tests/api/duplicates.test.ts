import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { rowsOf } from '@/server/db/queries.js';
import {
  appointments,
  auditLogs,
  biodata,
  cihAttendanceMarks,
  cihMeetings,
  consents,
  departments,
  goals,
  meetingInvitees,
  meetings,
  memberDirectory,
  memberRequests,
  notifications,
  userDepartments,
  users,
} from '@/server/db/schema/index.js';
import { MERGE_REFERENCES } from '@/server/modules/people/mergeReferences.js';
import { addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import { addPerson, rolesOf } from '@/tests/support/people.js';
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

const tag = () => randomUUID().slice(0, 8);
/** A phone number no other fixture holds, in the local form (0 and ten digits). */
const localPhone = () => `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** A birth date no other fixture holds. */
const uniqueDate = () => {
  const d = new Date(Date.UTC(1930, 0, 1) + Math.floor(Math.random() * 20000) * 86400000);
  return d.toISOString().slice(0, 10);
};

type Pair = { id: string; a: { id: string }; b: { id: string }; reasons: string[] };
async function pairs(token = admin): Promise<Pair[]> {
  const res = await s.call('GET', '/Duplicates/GetPairs?PageSize=500', { token });
  expect(res.status).toBe(200);
  return res.body.data;
}
const pairOf = (list: Pair[], x: string, y: string) => list.find((p) => [p.a.id, p.b.id].sort().join() === [x, y].sort().join());

/** Every column that references users(id), as the database's catalogue has them. */
async function userForeignKeys() {
  return rowsOf<{ key: string }>(
    await s.database.db.execute(sql`
      select cl.relname || '.' || a.attname as key
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'public.users'::regclass
      order by 1`),
  ).map((r) => r.key);
}

/** How many rows of each referencing table name the user. */
async function rowsNaming(userId: string) {
  const counts: Record<string, number> = {};
  for (const key of await userForeignKeys()) {
    const [table, column] = key.split('.');
    const [row] = rowsOf<{ n: number }>(
      await s.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`),
    );
    if (Number(row.n) > 0) counts[key] = Number(row.n);
  }
  return counts;
}

describe('the merge handles every foreign key to users', () => {
  it('has an entry for each one in the catalogue, and none for a column that is gone', async () => {
    // A new table or column referencing users fails here until mergeReferences.ts says what a merge does with it.
    expect(Object.keys(MERGE_REFERENCES).sort()).toEqual((await userForeignKeys()).sort());
  });
});

describe('duplicate suggestions', () => {
  it('suggests the same phone in another form, the same email in another case, and close names with the same birth date', async () => {
    const phone = localPhone();
    const byPhone = await addPerson(s, { firstName: 'Ada', surName: `Okafor${tag()}`, mobile1: phone });
    const byPhone2 = await addPerson(s, {
      firstName: 'Chidi',
      surName: `Eze${tag()}`,
      mobile1: `+234 ${phone.slice(1, 4)} ${phone.slice(4)}`,
    });
    const email = `Dup.${tag()}@Example.org`;
    const byEmail = await addPerson(s, { email, surName: `Mail${tag()}` });
    const byEmail2 = await addPerson(s, { email: email.toLowerCase().replace('dup', 'DUP'), surName: `Other${tag()}` });
    const dob = uniqueDate();
    const family = `Adebayo${tag()}`;
    const byName = await addPerson(s, { firstName: 'Oluwaseun', surName: family, dateOfBirth: dob });
    const byName2 = await addPerson(s, { firstName: 'Oluwaseunn', surName: family, dateOfBirth: dob });
    const otherDate = await addPerson(s, { firstName: 'Oluwaseun', surName: family, dateOfBirth: uniqueDate() });
    const farName = await addPerson(s, { firstName: 'Zainab', surName: `Musa${tag()}`, dateOfBirth: dob });

    const list = await pairs();
    expect(pairOf(list, byPhone, byPhone2)?.reasons).toEqual(['phone']);
    expect(pairOf(list, byEmail, byEmail2)?.reasons).toEqual(['email']);
    expect(pairOf(list, byName, byName2)?.reasons).toEqual(['name']);
    expect(pairOf(list, byName, otherDate)).toBeUndefined();
    expect(pairOf(list, byName, farName)).toBeUndefined();
    const shown = pairOf(list, byName, byName2)!;
    expect([shown.a, shown.b].map((p) => (p as unknown as { fullName: string }).fullName).sort()).toEqual(
      [`Oluwaseun ${family}`, `Oluwaseunn ${family}`].sort(),
    );
  });

  it('ranks a pair matching in several ways first, and leaves archived people out', async () => {
    const phone = localPhone();
    const dob = uniqueDate();
    const family = `Ibrahim${tag()}`;
    const one = await addPerson(s, { firstName: 'Halima', surName: family, mobile1: phone, dateOfBirth: dob });
    const two = await addPerson(s, { firstName: 'Halima', surName: family, mobile1: phone, dateOfBirth: dob });
    const archived = await addPerson(s, { firstName: 'Halima', surName: family, mobile1: phone, dateOfBirth: dob, demise: true });
    const list = await pairs();
    expect(pairOf(list, one, two)?.reasons).toEqual(['name', 'phone']);
    expect(list[0].reasons.length).toBeGreaterThanOrEqual(2);
    expect(pairOf(list, one, archived)).toBeUndefined();
  });

  it('remembers a dismissed pair, either way round, and audits it', async () => {
    const phone = localPhone();
    const one = await addPerson(s, { mobile1: phone, surName: `Dis${tag()}` });
    const two = await addPerson(s, { mobile1: phone, surName: `Dis${tag()}` });
    expect(pairOf(await pairs(), one, two)).toBeDefined();
    const res = await s.call('POST', '/Duplicates/Dismiss', { token: admin, body: { userId: two, otherId: one } });
    expect(res.status).toBe(200);
    expect(pairOf(await pairs(), one, two)).toBeUndefined();
    const again = await s.call('POST', '/Duplicates/Dismiss', { token: admin, body: { userId: one, otherId: two } });
    expect(again.status).toBe(200);
    const [entry] = await s.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, [one, two].sort().join(':')));
    expect(entry).toMatchObject({ action: 'dismiss-duplicate', entity: 'duplicatePair' });
  });

  it('refuses a dismissal of one person with themselves (400) or of someone unknown (404)', async () => {
    const one = await addPerson(s);
    const self = await s.call('POST', '/Duplicates/Dismiss', { token: admin, body: { userId: one, otherId: one } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A pair is two different people');
    const unknown = await s.call('POST', '/Duplicates/Dismiss', { token: admin, body: { userId: one, otherId: randomUUID() } });
    expect(unknown.status).toBe(404);
    const bad = await s.call('POST', '/Duplicates/Dismiss', { token: admin, body: { userId: 'x', otherId: one } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('UserId must be a valid id');
  });

  it('is for administrators (CAN_DELETE_MEMBERS and CAN_UPDATE_OTHER_MEMBERS) only; a sort or search is refused', async () => {
    const member = await createUser(s, { role: 'member' });
    const memberToken = await s.login(member.email, member.password);
    expect((await s.call('GET', '/Duplicates/GetPairs', { token: memberToken })).status).toBe(403);
    const userManager = await userWith(s, [P.viewUserManagement, P.updateUserManagement, P.viewMembers]);
    expect((await s.call('GET', '/Duplicates/GetPairs', { token: userManager.token })).status).toBe(403);
    expect((await s.call('POST', '/Duplicates/Dismiss', { token: userManager.token, body: {} })).status).toBe(403);
    // The pairs name people who said no to being listed: only for whoever keeps everyone's records.
    const deleter = await userWith(s, [P.deleteMembers]);
    expect((await s.call('GET', '/Duplicates/GetPairs', { token: deleter.token })).status).toBe(403);
    const office = await userWith(s, [P.deleteMembers, P.updateOtherMembers]);
    expect((await s.call('GET', '/Duplicates/GetPairs', { token: office.token })).status).toBe(200);
    expect((await s.call('GET', '/Duplicates/GetPairs')).status).toBe(401);
    const sorted = await s.call('GET', '/Duplicates/GetPairs?SortBy=email', { token: admin });
    expect(sorted.status).toBe(400);
    const big = await s.call('GET', '/Duplicates/GetPairs?PageSize=501', { token: admin });
    expect(big.status).toBe(400);
    expect(big.body.message).toContain('PageSize must be at most 500');
  });
});

/** Two records of one person, each named by rows of many tables, some of them clashing. */
async function twoRecords() {
  const db = s.database.db;
  const zone = await addZone(s);
  const center = await addCenter(s, zone.id);
  const shared = await addDepartment(s);
  const keptOnly = await addDepartment(s);
  const mergedOnly = await addDepartment(s);
  const family = `Merge${tag()}`;
  const kept = await addPerson(s, {
    firstName: 'Ngozi',
    surName: family,
    mobile1: localPhone(),
    role: 'member',
    departmentIds: [keptOnly.id, shared.id],
  });
  const merged = await addPerson(s, {
    firstName: 'Ngozi',
    middleName: 'Ada',
    surName: family,
    mobile1: localPhone(),
    dateOfBirth: '1990-04-02',
    role: 'hod',
    departmentIds: [mergedOnly.id, shared.id],
  });
  await db.update(departments).set({ hodId: merged }).where(eq(departments.id, mergedOnly.id));
  const [meeting] = await db
    .insert(cihMeetings)
    .values({ centerId: center.id, meetingDate: '2026-01-04', presentCount: 1, membersCount: 2 })
    .returning();
  await db.insert(cihAttendanceMarks).values([
    { meetingId: meeting.id, userId: kept, present: false },
    { meetingId: meeting.id, userId: merged, present: true },
  ]);
  const [call] = await db.insert(meetings).values({ title: 'Board', kind: 'other', startsAt: new Date(), createdBy: merged }).returning();
  await db.insert(meetingInvitees).values([
    { meetingId: call.id, userId: kept },
    { meetingId: call.id, userId: merged },
  ]);
  await db.insert(notifications).values({ recipientId: merged, kind: 'message', title: 'Hello', body: 'Welcome' });
  await db.insert(appointments).values({
    hostId: kept,
    memberId: merged,
    startsAt: new Date('2027-01-01T10:00:00Z'),
    endsAt: new Date('2027-01-01T10:30:00Z'),
    reason: 'prayer',
  });
  await db.insert(goals).values({
    title: 'Grow',
    scope: 'church',
    metric: 'manual',
    target: 10,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    ownerId: merged,
  });
  await db.insert(memberRequests).values([
    { userId: kept, kind: 'joinDepartment', targetDepartmentId: mergedOnly.id },
    { userId: merged, kind: 'joinDepartment', targetDepartmentId: keptOnly.id },
    { userId: merged, kind: 'joinAffinityGroup', status: 'approved' },
  ]);
  await db.insert(consents).values({ userId: merged, category: 'listing', granted: false, wording: 'v1' });
  await db.insert(auditLogs).values({ action: 'update', entity: 'biodata', subjectId: merged, actorId: merged });
  return { kept, merged, meeting, call, shared, keptOnly, mergedOnly };
}

const merge = (body: Record<string, unknown>, token = admin) => s.call('POST', '/Duplicates/Merge', { token, body });

describe('merging two records', () => {
  it('previews each field with the value that wins, and the rows that would move', async () => {
    const { kept, merged } = await twoRecords();
    const res = await s.call('GET', `/Duplicates/MergePreview?KeepId=${kept}&MergeId=${merged}`, { token: admin });
    expect(res.status).toBe(200);
    const fields = Object.fromEntries(res.body.data.fields.map((f: { field: string }) => [f.field, f]));
    expect(fields.firstName).toEqual({ field: 'firstName', kept: 'Ngozi', merged: 'Ngozi', wins: 'kept' });
    expect(fields.middleName).toEqual({ field: 'middleName', kept: null, merged: 'Ada', wins: 'merged' });
    expect(fields.dateOfBirth).toMatchObject({ kept: null, merged: '1990-04-02', wins: 'merged' });
    expect(res.body.data.references).toMatchObject({ notifications: 1, goals: 1, meetings: 1, meeting_invitees: 1, user_roles: 1 });
    expect(res.body.data.kept.id).toBe(kept);
    expect(res.body.data.merged.id).toBe(merged);
  });

  it('moves every reference to the kept record in one go, resolves the clashes, deletes the other and audits once', async () => {
    const { kept, merged, meeting, call, shared, keptOnly, mergedOnly } = await twoRecords();
    const keptEmail = (await s.database.db.select().from(users).where(eq(users.id, kept)))[0].email;
    const mergedPhone = (await s.database.db.select().from(biodata).where(eq(biodata.userId, merged)))[0].mobile1;
    const res = await merge({ keepId: kept, mergeId: merged, choices: { mobile1: 'merged' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The two records are now one');

    // Nothing names the merged record any more, in any table that references users; it is gone.
    expect(await rowsNaming(merged)).toEqual({});
    expect(await s.database.db.select().from(users).where(eq(users.id, merged))).toEqual([]);
    // The kept account signs in as before; the chosen and the filled-in values are its biodata.
    const [account] = await s.database.db.select().from(users).where(eq(users.id, kept));
    expect(account.email).toBe(keptEmail);
    const [bio] = await s.database.db.select().from(biodata).where(eq(biodata.userId, kept));
    expect(bio).toMatchObject({ mobile1: mergedPhone, middleName: 'Ada', dateOfBirth: '1990-04-02', email: keptEmail });
    expect(account.mobile1).toBe(mergedPhone);
    // Departments: one row per department, the kept record's primary stays the one primary.
    const deps = await s.database.db.select().from(userDepartments).where(eq(userDepartments.userId, kept));
    expect(deps.map((d) => d.departmentId).sort()).toEqual([shared.id, keptOnly.id, mergedOnly.id].sort());
    expect(deps.filter((d) => d.isPrimaryDepartment).map((d) => d.departmentId)).toEqual([keptOnly.id]);
    expect((await s.database.db.select().from(departments).where(eq(departments.id, mergedOnly.id)))[0].hodId).toBe(kept);
    // Roles: both.
    expect((await rolesOf(s, kept)).sort()).toEqual(['hod', 'member']);
    // One mark at the meeting, present (either was), and the meeting's totals follow.
    const marks = await s.database.db.select().from(cihAttendanceMarks).where(eq(cihAttendanceMarks.meetingId, meeting.id));
    expect(marks).toEqual([{ meetingId: meeting.id, userId: kept, present: true }]);
    const [totals] = await s.database.db.select().from(cihMeetings).where(eq(cihMeetings.id, meeting.id));
    expect(totals).toMatchObject({ membersCount: 1, presentCount: 1 });
    // One invitation to the meeting.
    const invited = await s.database.db.select().from(meetingInvitees).where(eq(meetingInvitees.meetingId, call.id));
    expect(invited.map((i) => i.userId)).toEqual([kept]);
    // Requests: the clashing pending one is cancelled, the rest moved.
    const requests = await s.database.db.select().from(memberRequests).where(eq(memberRequests.userId, kept));
    expect(requests.map((r) => `${r.kind}:${r.status}`).sort()).toEqual([
      'joinAffinityGroup:approved',
      'joinDepartment:cancelled',
      'joinDepartment:pending',
    ]);
    // The listing consent moved with its effect on the directory.
    const [row] = await s.database.db.select().from(memberDirectory).where(eq(memberDirectory.userId, kept));
    expect(row).toMatchObject({ hiddenFromLeaders: true, middleName: 'Ada', dateOfBirth: '1990-04-02' });
    // Audit entries about and by the merged record name the kept one; the merge is one entry.
    expect(await s.database.db.select().from(auditLogs).where(eq(auditLogs.subjectId, merged))).toEqual([]);
    expect(await s.database.db.select().from(auditLogs).where(eq(auditLogs.actorId, merged))).toEqual([]);
    const entries = await s.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'merge'), eq(auditLogs.entityId, kept)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: 'user',
      subjectId: kept,
      before: { kept: { id: kept, email: keptEmail }, merged: { id: merged } },
      after: { keptId: kept, mergedId: merged, fromMerged: expect.arrayContaining(['mobile1', 'middleName', 'dateOfBirth']) },
    });
  });

  it('keeps the merged sign-in from working: its token is refused at the next call', async () => {
    const kept = await addPerson(s, { surName: `Tok${tag()}`, role: 'member' });
    const other = await createUser(s, { role: 'member' });
    const token = await s.login(other.email, other.password);
    expect((await s.call('GET', `/UserManagement/GetUserbyId?UserId=${other.id}`, { token })).status).toBe(200);
    expect((await merge({ keepId: kept, mergeId: other.id })).status).toBe(200);
    expect((await s.call('GET', `/UserManagement/GetUserbyId?UserId=${other.id}`, { token })).status).toBe(401);
    const login = await s.call('POST', '/Auth/Login', { body: { username: other.email, password: other.password } });
    expect(login.status).toBe(400);
  });

  it('changes nothing when it fails midway', async () => {
    const { kept, merged } = await twoRecords();
    const before = { kept: await rowsNaming(kept), merged: await rowsNaming(merged) };
    const audits = (await s.database.db.select().from(auditLogs).where(eq(auditLogs.subjectId, merged))).length;
    // A fault in the middle of the moves (after the biodata, roles, departments, marks, meetings and requests): the inbox refuses the update.
    await s.database.db.execute(
      sql.raw(`create function merge_fault() returns trigger language plpgsql as $$
      begin raise exception 'fault injected'; end $$`),
    );
    await s.database.db.execute(
      sql.raw(
        `create trigger merge_fault before update on notifications for each row when (old.recipient_id = '${merged}') execute function merge_fault()`,
      ),
    );
    try {
      const res = await merge({ keepId: kept, mergeId: merged, choices: { mobile1: 'merged' } });
      expect(res.status).toBe(500);
    } finally {
      await s.database.db.execute(sql.raw('drop trigger merge_fault on notifications'));
      await s.database.db.execute(sql.raw('drop function merge_fault()'));
    }
    expect({ kept: await rowsNaming(kept), merged: await rowsNaming(merged) }).toEqual(before);
    expect(await s.database.db.select().from(users).where(eq(users.id, merged))).toHaveLength(1);
    expect((await s.database.db.select().from(auditLogs).where(eq(auditLogs.subjectId, merged))).length).toBe(audits);
    expect(
      await s.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'merge'), eq(auditLogs.entityId, kept))),
    ).toEqual([]);
  });

  it('refuses a record merged with itself (400), a missing one (404) and a bad choice (400)', async () => {
    const one = await addPerson(s);
    const self = await merge({ keepId: one, mergeId: one });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A record cannot be merged with itself: choose two different people');
    const missing = await merge({ keepId: one, mergeId: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('The record to merge was not found');
    const missingKept = await s.call('GET', `/Duplicates/MergePreview?KeepId=${randomUUID()}&MergeId=${one}`, { token: admin });
    expect(missingKept.status).toBe(404);
    expect(missingKept.body.message).toBe('The record to keep was not found');
    const badChoice = await merge({ keepId: one, mergeId: randomUUID(), choices: { email: 'merged' } });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.message).toContain('Choices name the fields of the biodata');
    const noIds = await merge({});
    expect(noIds.status).toBe(400);
    expect(noIds.body.message).toContain('KeepId is required');
  });

  it('is refused (403) to everyone but administrators, and changes nothing then', async () => {
    const one = await addPerson(s);
    const two = await addPerson(s);
    const manager = await userWith(s, [P.viewUserManagement, P.updateUserManagement, P.createUserManagement, P.updateOtherMembers]);
    expect((await merge({ keepId: one, mergeId: two }, manager.token)).status).toBe(403);
    expect((await s.call('GET', `/Duplicates/MergePreview?KeepId=${one}&MergeId=${two}`, { token: manager.token })).status).toBe(403);
    expect(await s.database.db.select().from(users).where(eq(users.id, two))).toHaveLength(1);
  });
});

describe('quick add with the duplicate check', () => {
  const person = (over: Record<string, unknown> = {}): Record<string, string> => ({
    firstName: 'Temitope',
    surName: `Quick${tag()}`,
    email: `quick-${tag()}@example.org`,
    mobile1: localPhone(),
    gender: 'Female',
    ...over,
  });

  it('finds the likely matches, refuses to save them unless told to, then saves a member', async () => {
    const phone = localPhone();
    const existing = await addPerson(s, { firstName: 'Yemi', surName: `Known${tag()}`, mobile1: phone });
    const body = person({ mobile1: `+234${phone.slice(1)}` });
    const check = await s.call('POST', '/Duplicates/Check', { token: admin, body });
    expect(check.status).toBe(200);
    expect(check.body.data.map((m: { id: string; reasons: string[] }) => [m.id, m.reasons])).toEqual([[existing, ['phone']]]);

    const refused = await s.call('POST', '/Admin/QuickAddMember', { token: admin, body });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This person may already be on the list: open a match, or save anyway');

    const saved = await s.call('POST', '/Admin/QuickAddMember', { token: admin, body: { ...body, saveAnyway: true } });
    expect(saved.status).toBe(200);
    const id = saved.body.data.id;
    const [row] = await s.database.db.select().from(memberDirectory).where(eq(memberDirectory.userId, id));
    expect(row).toMatchObject({ email: body.email, isFirstTimer: false, archived: false, gender: 'Female' });
    expect(await rolesOf(s, id)).toEqual(['member']);
    const [entry] = await s.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'create-user')));
    expect(entry.after).toMatchObject({ email: body.email, saveAnyway: true });
  });

  it('saves someone new at once, with a birth date and a department; matches by email case and by name with the birth date', async () => {
    const department = await addDepartment(s);
    const body = person({ dateOfBirth: uniqueDate(), departmentId: department.id });
    const saved = await s.call('POST', '/Admin/QuickAddMember', { token: admin, body });
    expect(saved.status).toBe(200);
    const deps = await s.database.db.select().from(userDepartments).where(eq(userDepartments.userId, saved.body.data.id));
    expect(deps).toMatchObject([{ departmentId: department.id, isPrimaryDepartment: true }]);

    const byName = await s.call('POST', '/Duplicates/Check', {
      token: admin,
      body: person({ firstName: body.firstName, surName: body.surName, dateOfBirth: body.dateOfBirth }),
    });
    expect(byName.body.data.map((m: { reasons: string[] }) => m.reasons)).toEqual([['name']]);
    const byEmail = await s.call('POST', '/Duplicates/Check', { token: admin, body: person({ email: body.email.toUpperCase() }) });
    expect(byEmail.body.data.map((m: { reasons: string[] }) => m.reasons)).toEqual([['email']]);
    const taken = await s.call('POST', '/Admin/QuickAddMember', {
      token: admin,
      body: person({ email: body.email.toUpperCase(), saveAnyway: true }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This email is already registered');
  });

  it('answers 400 with the reason for bad input, and 403 to those who may not create accounts', async () => {
    const noName = await s.call('POST', '/Admin/QuickAddMember', { token: admin, body: person({ firstName: '' }) });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('First name is required');
    const badPhone = await s.call('POST', '/Duplicates/Check', { token: admin, body: person({ mobile1: 'call me' }) });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toContain('Phone must be a phone number');
    const unknownDepartment = await s.call('POST', '/Admin/QuickAddMember', { token: admin, body: person({ departmentId: randomUUID() }) });
    expect(unknownDepartment.status).toBe(400);
    expect(unknownDepartment.body.message).toBe('Unknown department');
    const member = await createUser(s, { role: 'member' });
    const token = await s.login(member.email, member.password);
    expect((await s.call('POST', '/Admin/QuickAddMember', { token, body: person() })).status).toBe(403);
    expect((await s.call('POST', '/Duplicates/Check', { token, body: person() })).status).toBe(403);
    const creator = await userWith(s, [P.createUserManagement]);
    expect((await s.call('POST', '/Duplicates/Check', { token: creator.token, body: person() })).status).toBe(200);
  });
});
