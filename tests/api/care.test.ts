import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { latestToday } from '@/domain/common/dates.js';
import { P } from '@/domain/roles/permissions.js';
import {
  auditLogs,
  centers,
  churchAffiliations,
  cihAttendanceMarks,
  cihMeetings,
  departments,
  memberRequests,
  memberStages,
  notifications,
  requestEvents,
  userDepartments,
  users,
} from '@/server/db/schema/index.js';
import { rowsOf } from '@/server/db/queries.js';
import { directoryQueries, isChurchMember, memberFilters } from '@/server/engines/memberList.js';
import { addPerson } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, DEMO_PASSWORD, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** Stages, a person's timeline and pastoral care notes (docs/decisions 0210), over the demo church. */

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer({ demo: true });
  admin = await s.login(ADMIN_EMAIL);
});
afterAll(() => s?.close());

const db = () => s.database.db;
const idOf = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const stagesOf = (userId: string, token = admin) => s.call('GET', `/People/GetStages?UserId=${userId}`, { token });
const change = (body: Record<string, unknown>, token = admin) => s.call('PUT', '/People/ChangeStage', { body, token });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('the migration derives stages from what Flock knows', () => {
  it('gives every demo person the stage their records show', async () => {
    const people = await db().select({ id: users.id, isFirstTimer: users.isFirstTimer, email: users.email }).from(users);
    const inDepartment = new Set((await db().select({ id: userDepartments.userId }).from(userDepartments)).map((r) => r.id));
    const heads = new Set((await db().select({ id: departments.hodId }).from(departments)).map((r) => r.id));
    const cihLeaders = new Set(
      (
        await db()
          .select({ id: churchAffiliations.userId })
          .from(churchAffiliations)
          .where(inArray(churchAffiliations.cihRole, ['cihpastor', 'cihcoordinator']))
      ).map((r) => r.id),
    );
    const expected = (p: (typeof people)[number]) => {
      if (p.isFirstTimer) return 'first-timer';
      if (heads.has(p.id) || cihLeaders.has(p.id)) return 'leader';
      return inDepartment.has(p.id) ? 'worker' : 'member';
    };
    const current = new Map<string, string>();
    const rows = await db().select().from(memberStages).orderBy(memberStages.startedOn, memberStages.createdAt);
    for (const r of rows) current.set(r.userId, r.stage);
    expect(people.length).toBeGreaterThan(10);
    for (const p of people) expect([p.email, current.get(p.id)]).toEqual([p.email, expected(p)]);
    // The demo accounts named in the README, each a different stage.
    expect(current.get(await idOf('firsttimer@example.org'))).toBe('first-timer');
    expect(current.get(await idOf('hod@example.org'))).toBe('leader');
    expect(current.get(await idOf('cihpastor@example.org'))).toBe('leader');
    expect(new Set(current.values())).toEqual(new Set(['first-timer', 'member', 'worker', 'leader']));
  });

  it('dates a member from their conversion and never a later stage before an earlier one', async () => {
    const rows = await db().select().from(memberStages);
    const byUser = new Map<string, typeof rows>();
    for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
    for (const periods of byUser.values()) {
      const ordered = periods.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      for (let i = 1; i < ordered.length; i++) expect(ordered[i].startedOn >= ordered[i - 1].startedOn).toBe(true);
    }
  });
});

describe('ChangeStage', () => {
  it('adds a period from the day given, keeps the history, and shows in the member list', async () => {
    const id = await addPerson(s, { surName: 'Stagex' });
    await db()
      .insert(memberStages)
      .values({ userId: id, stage: 'member', startedOn: daysAgo(30) });
    const res = await change({ userId: id, stage: 'worker', startedOn: daysAgo(10) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stage: 'worker', startedOn: daysAgo(10) });
    const history = (await stagesOf(id)).body.data;
    expect(history.map((p: { stage: string }) => p.stage)).toEqual(['worker', 'member']);
    expect(history[1]).toMatchObject({ startedOn: daysAgo(30), endedOn: daysAgo(10) });
    // Today by default.
    expect((await change({ userId: id, stage: 'leader' })).body.data.startedOn).toBe(latestToday());

    const list = await s.call('GET', '/ChurchAffiliation/GetMemberQuery?Search=Stagex&Stage=leader', { token: admin });
    expect(list.body.data.map((m: { id: string; stage: string }) => [m.id, m.stage])).toEqual([[id, 'leader']]);
    const members = await s.call('GET', '/ChurchAffiliation/GetMemberQuery?Search=Stagex&Stage=member', { token: admin });
    expect(members.body.data).toEqual([]);
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'changeStage'), eq(auditLogs.subjectId, id)));
    expect(audit).toHaveLength(2);
  });

  it('refuses a date in the future, before the current stage, and a stage the account cannot be in', async () => {
    const id = await addPerson(s, { surName: 'Stagey' });
    await db()
      .insert(memberStages)
      .values({ userId: id, stage: 'member', startedOn: daysAgo(5) });
    const future = await change({ userId: id, stage: 'worker', startedOn: '2199-01-01' });
    expect([future.status, future.body.message]).toEqual([400, 'Start date cannot be in the future']);
    const before = await change({ userId: id, stage: 'worker', startedOn: daysAgo(6) });
    expect([before.status, before.body.message]).toEqual([400, `Start date cannot be before ${daysAgo(5)}, when the current stage began`]);
    const back = await change({ userId: id, stage: 'visitor' });
    expect([back.status, back.body.message]).toEqual([400, 'A converted member cannot be put back to visitor']);
    const unknown = await change({ userId: id, stage: 'elder' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Stage must be one of visitor, first-timer, member, worker, leader');
    const ft = await addPerson(s, { surName: 'Stagez', isFirstTimer: true, role: 'firsttimers' });
    const skip = await change({ userId: ft, stage: 'member' });
    expect([skip.status, skip.body.message]).toEqual([400, 'A first-timer becomes a member by conversion: convert them first']);
    expect((await change({ userId: ft, stage: 'visitor' })).status).toBe(200);
  });

  it('is the office’s: a head of department, a member and no token are refused', async () => {
    const id = await addPerson(s, { surName: 'Stagew' });
    const hod = await s.login('hod@example.org', DEMO_PASSWORD);
    const member = await createUser(s);
    expect((await change({ userId: id, stage: 'worker' }, hod)).status).toBe(403);
    expect((await change({ userId: member.id, stage: 'worker' }, member.token)).status).toBe(403);
    expect((await s.call('PUT', '/People/ChangeStage', { body: { userId: id, stage: 'worker' } })).status).toBe(401);
    // Reading the history follows the profile's rule: a member reads their own only.
    expect((await stagesOf(id, member.token)).status).toBe(403);
    expect((await stagesOf(member.id, member.token)).status).toBe(200);
  });

  it('rejects an unknown stage filter', async () => {
    const res = await s.call('GET', '/ChurchAffiliation/GetMemberQuery?Stage=elder', { token: admin });
    expect(res.status).toBe(400);
  });
});

describe('the stage filter’s plan', () => {
  /** EXPLAIN where the planner may neither read the whole directory nor sort it (as memberDirectory.test.ts does). */
  async function plan(query: SQL | { getSQL(): SQL }) {
    return db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const memberQuery = (q: Parameters<typeof memberFilters>[1]) => directoryQueries(db(), q, [isChurchMember, ...memberFilters(db(), q)]);

  it('reads worker and leader through the stage index, by name', async () => {
    await db().execute(sql`vacuum analyze member_directory`);
    for (const stage of ['worker', 'leader'] as const) {
      const q = memberQuery({ stage, pageNumber: 2, pageSize: 25 });
      const page = await plan(q.ids);
      expect(page, stage).toMatch(/Index (Only )?Scan using member_directory_stage_idx/);
      expect(page, stage).not.toMatch(/Sort/);
      expect(await plan(q.count), stage).toMatch(/member_directory_stage_idx/);
    }
  });

  it('reads member, most of the church, in an ordered index scan without a sort', async () => {
    // The planner may walk the name order and keep the NULL stages, or the stage index's NULLs:
    // either is an index in the list's order, never the whole table sorted.
    const q = memberQuery({ stage: 'member', pageNumber: 2, pageSize: 25 });
    const page = await plan(q.ids);
    expect(page).toMatch(/Index (Only )?Scan using member_directory_(stage|sur_name)_idx/);
    expect(page).not.toMatch(/Sort/);
  });
});

describe('conversion records the member stage', () => {
  it('single and bulk, in the conversion’s transaction', async () => {
    const one = await addPerson(s, { surName: 'Convx', isFirstTimer: true, role: 'firsttimers' });
    const two = await addPerson(s, { surName: 'Convx', isFirstTimer: true, role: 'firsttimers' });
    const three = await addPerson(s, { surName: 'Convx', isFirstTimer: true, role: 'firsttimers' });
    expect((await s.call('PUT', `/Admin/ConvertFirstTimersToMembers?Id=${one}`, { token: admin })).status).toBe(200);
    expect((await s.call('PUT', '/Admin/BulkConvertFirstTimersToMembers', { body: [two, three], token: admin })).status).toBe(200);
    for (const id of [one, two, three]) {
      const [current] = (await stagesOf(id)).body.data;
      expect(current).toMatchObject({ stage: 'member', startedOn: latestToday() });
    }
    const list = await s.call('GET', '/ChurchAffiliation/GetMemberQuery?Search=Convx&Stage=member', { token: admin });
    expect(list.body.data.map((m: { id: string }) => m.id).sort()).toEqual([one, two, three].sort());
    // A refused bulk conversion writes no stage either.
    const four = await addPerson(s, { surName: 'Convy', isFirstTimer: true, role: 'firsttimers' });
    expect((await s.call('PUT', '/Admin/BulkConvertFirstTimersToMembers', { body: [four, one], token: admin })).status).toBe(400);
    expect(await db().select().from(memberStages).where(eq(memberStages.userId, four))).toEqual([]);
  });
});

describe('the timeline', () => {
  let person: { id: string; token: string; email: string };
  const MARKS = 60;

  beforeAll(async () => {
    person = await createUser(s);
    const [center] = await db().select().from(centers).limit(1);
    const [department] = await db().select().from(departments).limit(1);
    await db()
      .insert(memberStages)
      .values({ userId: person.id, stage: 'member', startedOn: daysAgo(400) });
    await db()
      .insert(userDepartments)
      .values({ userId: person.id, departmentId: department.id, joinedAt: new Date(Date.now() - 300 * 86_400_000) });
    const [request] = await db()
      .insert(memberRequests)
      .values({ userId: person.id, kind: 'joinDepartment', status: 'approved' })
      .returning();
    await db()
      .insert(requestEvents)
      .values([
        { requestId: request.id, action: 'created', at: new Date(Date.now() - 200 * 86_400_000) },
        { requestId: request.id, action: 'approved', at: new Date(Date.now() - 199 * 86_400_000) },
      ]);
    await db().insert(notifications).values({ recipientId: person.id, kind: 'message', title: 'Welcome to the choir', body: 'Hello' });
    // Many weeks of marks, one meeting per week far into the past.
    const meetings = await db()
      .insert(cihMeetings)
      .values(Array.from({ length: MARKS }, (_, i) => ({ centerId: center.id, meetingDate: daysAgo(7 * (i + 1000)) })))
      .returning();
    await db()
      .insert(cihAttendanceMarks)
      .values(meetings.map((m, i) => ({ meetingId: m.id, userId: person.id, present: i % 2 === 0 })));
  });

  const page = (userId: string, token: string, extra = '') => s.call('GET', `/Timeline/GetByUserId?UserId=${userId}${extra}`, { token });

  async function walk(userId: string, token: string) {
    const entries: Array<{ at: string; kind: string; id: string }> = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await page(userId, token, `&PageSize=25${cursor ? `&Cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.entries.length).toBeLessThanOrEqual(25);
      entries.push(...res.body.data.entries);
      cursor = res.body.data.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    return { entries, pages };
  }

  it('shows the person everything about them, newest first, page by page', async () => {
    const { entries, pages } = await walk(person.id, person.token);
    const kinds = entries.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'attendance')).toHaveLength(MARKS);
    expect(kinds.filter((k) => k === 'request')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'notification')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'department')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'stage')).toHaveLength(1);
    expect(pages).toBe(Math.ceil(entries.length / 25));
    expect(new Set(entries.map((e) => `${e.kind}:${e.id}`)).size).toBe(entries.length);
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(entries[0]).toMatchObject({ kind: 'notification', what: 'Welcome to the choir' });
  });

  it('shows the office all but the inbox, a head of department the stages and departments only', async () => {
    const office = await walk(person.id, admin);
    expect(new Set(office.entries.map((e) => e.kind))).toEqual(new Set(['stage', 'request', 'attendance', 'department']));
    const hod = await s.login('hod@example.org', DEMO_PASSWORD);
    const first = await page(person.id, hod);
    expect(first.status).toBe(200);
    expect(first.body.data.kinds).toEqual(['stage', 'department']);
    expect(new Set(first.body.data.entries.map((e: { kind: string }) => e.kind))).toEqual(new Set(['stage', 'department']));
  });

  it('refuses those who may not see the profile, and a bad cursor', async () => {
    const other = await createUser(s);
    expect((await page(person.id, other.token)).status).toBe(403);
    expect((await s.call('GET', `/Timeline/GetByUserId?UserId=${person.id}`)).status).toBe(401);
    const bad = await page(person.id, admin, '&Cursor=bm90LWEtY3Vyc29y');
    expect([bad.status, bad.body.message]).toEqual([400, 'Cursor must be a nextCursor returned by this timeline']);
  });
});

describe('care notes', () => {
  let pastor: { id: string; token: string };
  let subject: { id: string; token: string; email: string };
  const SECRET = 'Grieving the loss of a parent; visit on Sunday';

  beforeAll(async () => {
    pastor = await userWith(s, [P.pastoralCare, P.viewMembers]);
    subject = await createUser(s);
  });

  const notes = (userId: string, token: string) => s.call('GET', `/CareNotes/GetByUserId?UserId=${userId}`, { token });
  const write = (userId: string, body: string, token: string) => s.call('POST', '/CareNotes/Create', { body: { userId, body }, token });

  it('are written and read by those holding the care right, and each read is audited', async () => {
    const created = await write(subject.id, SECRET, pastor.token);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ userId: subject.id, body: SECRET, authorId: pastor.id });
    const read = await notes(subject.id, pastor.token);
    expect(read.status).toBe(200);
    expect(read.body.data.map((n: { body: string }) => n.body)).toEqual([SECRET]);
    await notes(subject.id, pastor.token);
    const reads = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'read'), eq(auditLogs.entity, 'careNote'), eq(auditLogs.subjectId, subject.id)));
    expect(reads).toHaveLength(2);
    expect(reads.every((r) => r.actorId === pastor.id)).toBe(true);
    // The trail never holds a note's text.
    const all = await db().select().from(auditLogs).where(eq(auditLogs.subjectId, subject.id));
    expect(JSON.stringify(all)).not.toContain('Grieving');
  });

  it('refuse a member, a head of department without the right, the person themself and no token', async () => {
    const hod = await s.login('hod@example.org', DEMO_PASSWORD);
    for (const token of [subject.token, hod]) {
      expect((await notes(subject.id, token)).status).toBe(403);
      expect((await write(subject.id, 'x', token)).status).toBe(403);
    }
    // Holding the right does not open notes about oneself.
    const self = await notes(pastor.id, pastor.token);
    expect([self.status, self.body.message]).toEqual([403, 'Care notes about yourself are kept by others']);
    expect((await write(pastor.id, 'x', pastor.token)).status).toBe(403);
    expect((await notes(subject.id, '')).status).toBe(401);
    const empty = await write(subject.id, '   ', pastor.token);
    expect([empty.status, empty.body.message]).toEqual([400, 'Note is required']);
  });

  it('stay out of the member list, its export and the person’s own data unless the church says so', async () => {
    const list = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${encodeURIComponent(subject.email)}&PageSize=25000`, {
      token: admin,
    });
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('Grieving');
    const auditExport = await s.call('GET', `/AuditTrail/ExportAudit?SubjectId=${subject.id}`, { token: admin });
    expect(auditExport.status).toBe(200);
    expect(JSON.stringify(auditExport.body)).not.toContain('Grieving');

    const own = await s.call('GET', '/Stewardship/DownloadMyData', { token: subject.token });
    expect(own.status).toBe(200);
    expect(own.body.records.care_notes).toBeUndefined();
    expect(JSON.stringify(own.body)).not.toContain('Grieving');
    expect(own.body.auditEntries.some((e: { entity: string }) => e.entity === 'careNote')).toBe(false);
    // The pastor's own download holds no note they wrote about others either.
    const pastorsOwn = await s.call('GET', '/Stewardship/DownloadMyData', { token: pastor.token });
    expect(JSON.stringify(pastorsOwn.body)).not.toContain('Grieving');

    expect((await s.call('GET', '/CareNotes/GetPublicSettings')).body.data).toEqual({ notesInOwnData: false });
    // The choice is the erasure officer's (CAN_DELETE_MEMBERS), not the pastor's.
    expect((await s.call('PUT', '/CareNotes/UpdateSettings', { body: { notesInOwnData: true }, token: pastor.token })).status).toBe(403);
    const bad = await s.call('PUT', '/CareNotes/UpdateSettings', { body: { notesInOwnData: 'yes' }, token: admin });
    expect([bad.status, bad.body.message]).toEqual([400, 'notesInOwnData must be true or false']);
    expect((await s.call('PUT', '/CareNotes/UpdateSettings', { body: { notesInOwnData: true }, token: admin })).status).toBe(200);
    expect((await s.call('GET', '/CareNotes/GetSettings', { token: pastor.token })).body.data).toEqual({ notesInOwnData: true });
    // The privacy page reads the decision without sign-in: that yes or no, nothing else (docs/decisions/0236).
    const publicAnswer = await s.call('GET', '/CareNotes/GetPublicSettings');
    expect([publicAnswer.status, publicAnswer.body.data]).toEqual([200, { notesInOwnData: true }]);
    const withNotes = await s.call('GET', '/Stewardship/DownloadMyData', { token: subject.token });
    expect(withNotes.body.records.care_notes.map((n: { body: string }) => n.body)).toEqual([SECRET]);
    expect(JSON.stringify(withNotes.body.records.care_notes)).not.toContain(pastor.id);
    expect((await s.call('PUT', '/CareNotes/UpdateSettings', { body: { notesInOwnData: false }, token: admin })).status).toBe(200);
    expect((await s.call('GET', '/CareNotes/GetPublicSettings')).body.data).toEqual({ notesInOwnData: false });
  });
});
