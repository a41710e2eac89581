import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cihAttendanceMarks, cihMeetings, cihVisitors } from '@/server/db/schema/index.js';
import { rowsOf } from '@/server/db/queries.js';
import { addCenter, addZone } from '@/tests/support/churchStructure.js';
import { addPerson, auditOf, setAffiliation } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** CIH attendance, activity, inspection and follow-up reports, and their statistics: every call, who may, and the figures. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;

const zoneA = await addZone(s);
const zoneB = await addZone(s);
const c1 = await addCenter(s, zoneA.id);
const c2 = await addCenter(s, zoneA.id);
const c3 = await addCenter(s, zoneB.id);

const admin = await s.login(ADMIN_EMAIL);
const coordinator = await createUser(s);
await setAffiliation(s, coordinator.id, { zoneId: zoneA.id, centerId: c1.id, cihRole: 'cihcoordinator' });
const pastor = await createUser(s);
await setAffiliation(s, pastor.id, { zoneId: zoneA.id, centerId: c2.id, cihRole: 'cihpastor' });
const pastor1 = await createUser(s);
await setAffiliation(s, pastor1.id, { zoneId: zoneA.id, centerId: c1.id, cihRole: 'cihpastor' });
const inspector = await createUser(s, { role: 'inspectorate' });
const member = await createUser(s);

const c1People = [
  await addPerson(s, { firstName: 'Ada', surName: 'Alpha', zoneId: zoneA.id, centerId: c1.id }),
  await addPerson(s, { firstName: 'Bola', surName: 'Beta', zoneId: zoneA.id, centerId: c1.id }),
  await addPerson(s, { firstName: 'Chidi', surName: 'Gamma', zoneId: zoneA.id, centerId: c1.id }),
  await addPerson(s, { firstName: 'Dayo', surName: 'Delta', zoneId: zoneA.id, centerId: c1.id }),
];
/** Everyone c1's attendance lists: the four, its coordinator and its pastor. */
const c1Members = [...c1People, coordinator.id, pastor1.id];
const c2Members = [
  pastor.id,
  await addPerson(s, { zoneId: zoneA.id, centerId: c2.id }),
  await addPerson(s, { zoneId: zoneA.id, centerId: c2.id }),
];
const c3Members = [await addPerson(s, { zoneId: zoneB.id, centerId: c3.id }), await addPerson(s, { zoneId: zoneB.id, centerId: c3.id })];

const day = (weeksAgo: number) => new Date(Date.now() - weeksAgo * 7 * 86_400_000).toISOString().slice(0, 10);

/** Marks: the first `present` of the members present, the rest absent. */
const marksOf = (members: string[], present: number) => members.map((userId, i) => ({ userId, present: i < present }));

const call = (method: string, path: string, token: string, body?: unknown) => s.call(method, path, { token, body });
const takeAttendance = (token: string, body: Record<string, unknown>) => call('POST', '/CIHAttendance/Create', token, body);

describe('attendance', () => {
  it('a coordinator takes their center’s attendance: explicit marks, visitors, children, offering, with an audit row', async () => {
    const res = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(3),
      marks: marksOf(c1Members, 3),
      visitors: [{ name: 'Yemi Visitor', phone: '08030000000', firstTimer: true }, { name: 'Kola Guest' }],
      childrenCount: 4,
      offering: 1500.5,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully Created');
    const m = res.body.data;
    expect(m).toMatchObject({ centerId: c1.id, presentCount: 3, membersCount: 6, absentCount: 3, visitorCount: 2, firstTimerCount: 1 });
    expect(m).toMatchObject({ childrenCount: 4, offering: 1500.5, takenBy: coordinator.id, centerName: c1.centerName, zoneId: zoneA.id });
    expect(m.marks).toHaveLength(6);
    expect(m.marks.filter((x: { present: boolean }) => x.present)).toHaveLength(3);
    expect(m.visitors.map((v: { name: string }) => v.name)).toEqual(['Kola Guest', 'Yemi Visitor']);
    expect((await auditOf(s, m.id))[0]).toMatchObject({
      action: 'create',
      entity: 'cihAttendance',
      after: { presentCount: 3, membersCount: 6 },
    });
  });

  it('refuses a save that leaves a member unmarked, marks a stranger, or marks someone twice', async () => {
    const unmarked = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(4),
      marks: marksOf(c1Members.slice(1), 2),
    });
    expect(unmarked.status).toBe(400);
    expect(unmarked.body.message).toBe('Mark every member present or absent: 1 not marked');
    expect(unmarked.body.errors.marks).toEqual(['Ada Alpha is not marked']);
    const stranger = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(4),
      marks: marksOf([...c1Members, c3Members[0]], 2),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Only members of this center can be marked');
    const twice = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(4),
      marks: marksOf([...c1Members, c1Members[0]], 2),
    });
    expect(twice.status).toBe(400);
    const future = await takeAttendance(coordinator.token, { centerId: c1.id, meetingDate: '2199-01-01', marks: marksOf(c1Members, 2) });
    expect(future.status).toBe(400);
    expect(future.body.errors.meetingDate).toEqual(['Meeting date cannot be in the future']);
    expect(
      (
        await db
          .select()
          .from(cihMeetings)
          .where(eq(cihMeetings.meetingDate, day(4)))
      ).length,
    ).toBe(0);
  });

  it('a second save on the same date updates that meeting, so a center has one meeting per date', async () => {
    const first = await takeAttendance(coordinator.token, { centerId: c1.id, meetingDate: day(5), marks: marksOf(c1Members, 2) });
    const second = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(5),
      marks: marksOf(c1Members, 5),
      visitors: [{ name: 'New Face', firstTimer: true }],
    });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Details updated');
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data).toMatchObject({ presentCount: 5, membersCount: 6, visitorCount: 1, firstTimerCount: 1 });
    const list = await call('GET', `/CIHAttendance/GetAll?CenterId=${c1.id}&From=${day(5)}&To=${day(5)}`, coordinator.token);
    expect(list.body.totalCount).toBe(1);
    const marks = await db.select().from(cihAttendanceMarks).where(eq(cihAttendanceMarks.meetingId, first.body.data.id));
    expect(marks.filter((x) => x.present)).toHaveLength(5);
    expect(await db.select().from(cihVisitors).where(eq(cihVisitors.meetingId, first.body.data.id))).toHaveLength(1);
  });

  it('scope: a coordinator files for their own center only; the inspectorate and members file none; a coordinator cannot PUT', async () => {
    const body = { centerId: c2.id, meetingDate: day(3), marks: marksOf(c2Members, 1) };
    const other = await takeAttendance(coordinator.token, body);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You may only file reports for your own CIH center');
    expect((await takeAttendance(inspector.token, body)).status).toBe(403);
    expect((await takeAttendance(member.token, body)).status).toBe(403);
    const mine = await takeAttendance(coordinator.token, { centerId: c1.id, meetingDate: day(6), marks: marksOf(c1Members, 1) });
    const put = await call('PUT', '/CIHAttendance/Update', coordinator.token, {
      id: mine.body.data.id,
      centerId: c1.id,
      meetingDate: day(6),
      marks: marksOf(c1Members, 2),
    });
    expect(put.status).toBe(403);
    expect((await takeAttendance(admin, body)).status).toBe(200);
  });

  it('a pastor updates their own center’s meeting, not another’s, and not onto a date already taken', async () => {
    const a = await takeAttendance(pastor.token, { centerId: c2.id, meetingDate: day(7), marks: marksOf(c2Members, 1) });
    const b = await takeAttendance(pastor.token, { centerId: c2.id, meetingDate: day(8), marks: marksOf(c2Members, 1) });
    expect(a.status).toBe(200);
    const update = (token: string, body: Record<string, unknown>) => call('PUT', '/CIHAttendance/Update', token, body);
    const ok = await update(pastor.token, {
      id: a.body.data.id,
      centerId: c2.id,
      meetingDate: day(7),
      marks: marksOf(c2Members, 3),
      childrenCount: 2,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ presentCount: 3, childrenCount: 2 });
    const clash = await update(pastor.token, { id: b.body.data.id, centerId: c2.id, meetingDate: day(7), marks: marksOf(c2Members, 1) });
    expect(clash.status).toBe(409);
    const c1Meeting = (await call('GET', `/CIHAttendance/GetAll?CenterId=${c1.id}`, admin)).body.data[0];
    expect(
      (await update(pastor.token, { id: c1Meeting.id, centerId: c1.id, meetingDate: c1Meeting.meetingDate, marks: marksOf(c1Members, 1) }))
        .status,
    ).toBe(403);
    const stale = await update(pastor.token, {
      id: a.body.data.id,
      centerId: c2.id,
      meetingDate: day(7),
      marks: marksOf(c2Members, 3),
      updatedAt: a.body.data.updatedAt,
    });
    expect(stale.status).toBe(409);
  });

  it('reads: a pastor sees their own center only; the inspectorate every center; GetById 404', async () => {
    const c1Meeting = (await call('GET', `/CIHAttendance/GetAll?CenterId=${c1.id}`, inspector.token)).body.data[0];
    expect(c1Meeting.centerId).toBe(c1.id);
    expect((await call('GET', `/CIHAttendance/GetById?id=${c1Meeting.id}`, pastor.token)).status).toBe(403);
    expect((await call('GET', `/CIHAttendance/GetAll?CenterId=${c1.id}`, pastor.token)).status).toBe(403);
    const own = await call('GET', '/CIHAttendance/GetAll?PageSize=100', pastor.token);
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(own.body.data.every((m: { centerId: string }) => m.centerId === c2.id)).toBe(true);
    const full = await call('GET', `/CIHAttendance/GetById?id=${c1Meeting.id}`, inspector.token);
    expect(full.status).toBe(200);
    expect(full.body.data.marks.length).toBe(full.body.data.membersCount);
    expect((await call('GET', '/CIHAttendance/GetAll', member.token)).status).toBe(403);
    expect((await call('GET', '/CIHAttendance/GetById?id=7d1e0c57-0000-4000-8000-000000000000', admin)).body.message).toBe(
      'Attendance not found!',
    );
    const sorted = await call('GET', `/CIHAttendance/GetAll?ZoneId=${zoneA.id}&SortBy=presentCount&SortOrder=desc&PageSize=100`, admin);
    const present = sorted.body.data.map((m: { presentCount: number }) => m.presentCount);
    expect(present).toEqual([...present].sort((x, y) => y - x));
    expect((await call('GET', '/CIHAttendance/GetAll?SortBy=password', admin)).status).toBe(400);
  });

  it('GetAbsentees lists who missed any of the last three meetings, with an open follow-up flagged; only admins delete', async () => {
    const res = await call('GET', `/CIHAttendance/GetAbsentees?CenterId=${c1.id}`, coordinator.token);
    expect(res.status).toBe(200);
    // The last three c1 meetings (3, 5 and 6 weeks ago) had 3, 1 and 5 present of the six, in list order.
    const missedByDayo = res.body.data.find((a: { userId: string }) => a.userId === c1People[3]);
    expect(missedByDayo).toMatchObject({ name: 'Dayo Delta', missed: 2 });
    expect((await call('GET', `/CIHAttendance/GetAbsentees?CenterId=${c1.id}`, pastor.token)).status).toBe(403);
    const victim = await takeAttendance(admin, { centerId: c3.id, meetingDate: day(20), marks: marksOf(c3Members, 1) });
    expect((await call('DELETE', `/CIHAttendance/Delete?id=${victim.body.data.id}`, pastor.token)).status).toBe(403);
    expect((await call('DELETE', `/CIHAttendance/Delete?id=${victim.body.data.id}`, admin)).status).toBe(200);
    expect(await db.select().from(cihAttendanceMarks).where(eq(cihAttendanceMarks.meetingId, victim.body.data.id))).toHaveLength(0);
  });
});

describe('activity reports', () => {
  const report = (over: Record<string, unknown> = {}) => ({
    centerId: c1.id,
    reportDate: day(3),
    topic: 'Walking in love',
    testimonies: 'A job found',
    prayerRequests: 'Healing',
    challenges: 'Rain',
    soulsWon: 2,
    ...over,
  });

  it('a coordinator files a draft linked to the meeting’s figures, submits it, and may not change it after', async () => {
    const res = await call('POST', '/CIHActivityReport/Create', coordinator.token, report());
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({
      status: 'draft',
      submittedAt: null,
      authorId: coordinator.id,
      presentCount: 3,
      membersCount: 6,
      visitorCount: 2,
      firstTimerCount: 1,
    });
    expect(r.centerName).toBe(c1.centerName);
    const submitted = await call('PUT', '/CIHActivityReport/Update', coordinator.token, {
      ...report({ status: 'submitted', soulsWon: 3 }),
      id: r.id,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe('submitted');
    expect(submitted.body.data.submittedAt).toBeTruthy();
    const after = await call('PUT', '/CIHActivityReport/Update', coordinator.token, { ...report({ status: 'draft' }), id: r.id });
    expect(after.status).toBe(403);
    expect((await call('PUT', '/CIHActivityReport/Update', pastor.token, { ...report(), id: r.id })).status).toBe(403);
    const byPastor = await call('PUT', '/CIHActivityReport/Update', pastor1.token, {
      ...report({ status: 'submitted', topic: 'Faith' }),
      id: r.id,
    });
    expect(byPastor.status).toBe(200);
    expect(byPastor.body.data).toMatchObject({ topic: 'Faith', authorId: coordinator.id });
  });

  it('refuses another center, an empty topic, and reads only within reach', async () => {
    expect((await call('POST', '/CIHActivityReport/Create', coordinator.token, report({ centerId: c2.id }))).status).toBe(403);
    const bad = await call('POST', '/CIHActivityReport/Create', coordinator.token, report({ topic: ' ' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.topic).toEqual(['Topic is required']);
    const c2Report = await call('POST', '/CIHActivityReport/Create', pastor.token, report({ centerId: c2.id, status: 'submitted' }));
    expect(c2Report.status).toBe(200);
    expect((await call('GET', `/CIHActivityReport/GetById?id=${c2Report.body.data.id}`, coordinator.token)).status).toBe(403);
    expect((await call('GET', `/CIHActivityReport/GetById?id=${c2Report.body.data.id}`, inspector.token)).status).toBe(200);
    const mine = await call('GET', '/CIHActivityReport/GetAll', coordinator.token);
    expect(mine.body.data.every((x: { centerId: string }) => x.centerId === c1.id)).toBe(true);
  });

  it('GetAll filters by center, zone, range, status and author; an empty range is 200 with no rows; sorts are allowlisted', async () => {
    await call('POST', '/CIHActivityReport/Create', coordinator.token, report({ reportDate: day(10), topic: 'Draft one' }));
    const q = (query: string) => call('GET', `/CIHActivityReport/GetAll?${query}`, inspector.token);
    expect((await q(`CenterId=${c1.id}&Status=draft`)).body.data.map((x: { topic: string }) => x.topic)).toEqual(['Draft one']);
    expect((await q(`ZoneId=${zoneA.id}`)).body.totalCount).toBe(3);
    expect((await q(`ZoneId=${zoneB.id}`)).body.totalCount).toBe(0);
    expect((await q(`From=${day(11)}&To=${day(9)}`)).body.totalCount).toBe(1);
    expect((await q(`AuthorId=${pastor.id}`)).body.totalCount).toBe(1);
    const empty = await q('From=2001-01-01&To=2001-12-31');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ succeeded: true, data: [], totalCount: 0 });
    const asc = await q('SortBy=reportDate&SortOrder=asc');
    expect(asc.body.data[0].reportDate).toBe(day(10));
    expect((await q('SortBy=topicx')).status).toBe(400);
    expect((await q('Unknown=1')).status).toBe(400);
  });

  it('only holders of CAN_DELETE_CIH_REPORTS delete', async () => {
    const r = (await call('POST', '/CIHActivityReport/Create', coordinator.token, report({ reportDate: day(12), topic: 'To delete' }))).body
      .data;
    expect((await call('DELETE', `/CIHActivityReport/Delete?id=${r.id}`, coordinator.token)).status).toBe(403);
    expect((await call('DELETE', `/CIHActivityReport/Delete?id=${r.id}`, admin)).status).toBe(200);
    const gone = await call('GET', `/CIHActivityReport/GetById?id=${r.id}`, admin);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Activity report not found!');
    expect((await auditOf(s, r.id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('inspection reports', () => {
  const inspection = (over: Record<string, unknown> = {}) => ({
    centerId: c3.id,
    visitDate: day(2),
    punctuality: 4,
    venueCondition: 5,
    leadership: 3,
    materials: 4,
    remarks: 'Well kept',
    recommendations: 'More hymn books',
    ...over,
  });

  it('the inspectorate files for any center; centers’ leaders file none; scores run from 1 to 5', async () => {
    const res = await call('POST', '/CIHInspectionReport/Create', inspector.token, inspection());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ inspectorId: inspector.id, averageScore: 4, zoneId: zoneB.id });
    const refused = await call('POST', '/CIHInspectionReport/Create', pastor1.token, inspection({ centerId: c1.id }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the inspectorate files inspection reports');
    const bad = await call('POST', '/CIHInspectionReport/Create', inspector.token, inspection({ leadership: 6 }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.leadership).toEqual(['Leadership must be from 1 to 5']);
    const upd = await call('PUT', '/CIHInspectionReport/Update', inspector.token, {
      ...inspection({ materials: 2 }),
      id: res.body.data.id,
    });
    expect(upd.body.data.averageScore).toBe(3.5);
    expect((await call('GET', `/CIHInspectionReport/GetAll?ZoneId=${zoneB.id}`, inspector.token)).body.totalCount).toBe(1);
    expect((await call('GET', `/CIHInspectionReport/GetById?id=${res.body.data.id}`, coordinator.token)).status).toBe(403);
    expect((await call('GET', '/CIHInspectionReport/GetAll', coordinator.token)).body.totalCount).toBe(0);
    expect((await call('DELETE', `/CIHInspectionReport/Delete?id=${res.body.data.id}`, inspector.token)).status).toBe(403);
  });
});

describe('follow-up reports', () => {
  it('a coordinator follows up an absentee of their center; the history reads by person; the absentee list flags it', async () => {
    const body = {
      centerId: c1.id,
      personId: c1People[3],
      reason: 'absentee',
      followUpDate: day(0),
      channel: 'call',
      outcome: 'Was ill',
      nextStep: 'Visit',
    };
    const res = await call('POST', '/FollowUpReport/Create', coordinator.token, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'open', personName: 'Dayo Delta', authorId: coordinator.id });
    expect((await call('POST', '/FollowUpReport/Create', coordinator.token, { ...body, centerId: c2.id })).status).toBe(403);
    const unknown = await call('POST', '/FollowUpReport/Create', coordinator.token, {
      ...body,
      personId: '7d1e0c57-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    expect((await call('POST', '/FollowUpReport/Create', coordinator.token, { ...body, channel: 'fax' })).status).toBe(400);
    const history = await call('GET', `/FollowUpReport/GetAll?PersonId=${c1People[3]}`, inspector.token);
    expect(history.body.data.map((f: { id: string }) => f.id)).toEqual([res.body.data.id]);
    const absentees = await call('GET', `/CIHAttendance/GetAbsentees?CenterId=${c1.id}`, coordinator.token);
    expect(absentees.body.data.find((a: { userId: string }) => a.userId === c1People[3]).openFollowUp).toBe(true);
    const closed = await call('PUT', '/FollowUpReport/Update', coordinator.token, { ...body, status: 'closed', id: res.body.data.id });
    expect(closed.status).toBe(200);
    expect((await call('GET', `/FollowUpReport/GetAll?Status=open&CenterId=${c1.id}`, coordinator.token)).body.totalCount).toBe(0);
    expect((await call('GET', `/FollowUpReport/GetById?id=${res.body.data.id}`, pastor.token)).status).toBe(403);
  });
});

describe('visitors to first-timers', () => {
  const toFirstTimer = (token: string, visitorId: string) =>
    call('PUT', `/CIHAttendance/VisitorToFirstTimer?visitorId=${visitorId}`, token);

  it('a center’s leader sends a visitor to the first-timer list in one call, once; others are refused', async () => {
    const taken = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(5),
      marks: marksOf(c1Members, 2),
      visitors: [
        { name: 'Tunde Ade Newcomer', phone: '08031112222', email: 'Tunde.Newcomer@example.org' },
        { name: 'Solo', phone: '08031113333', email: 'solo@example.org' },
        { name: 'Nora Noemail', phone: '08031114444' },
      ],
    });
    expect(taken.status).toBe(200);
    const meeting = taken.body.data;
    const visitor = (name: string) => meeting.visitors.find((v: { name: string }) => v.name === name);
    expect(meeting.firstTimerCount).toBe(0);
    const tunde = visitor('Tunde Ade Newcomer');

    expect((await toFirstTimer(pastor.token, tunde.id)).status).toBe(403);
    expect((await toFirstTimer(member.token, tunde.id)).status).toBe(403);
    expect((await toFirstTimer(coordinator.token, '7d1e0c57-0000-4000-8000-000000000000')).status).toBe(404);

    const sent = await toFirstTimer(coordinator.token, tunde.id);
    expect(sent.status).toBe(200);
    expect(sent.body.data.meeting).toMatchObject({ id: meeting.id, firstTimerCount: 1 });
    const [user] = rowsOf<{
      first_name: string;
      sur_name: string;
      email: string;
      mobile1: string;
      is_first_timer: boolean;
      password_hash: string | null;
    }>(
      await db.execute(
        sql`select first_name, sur_name, email, mobile1, is_first_timer, password_hash from users where id = ${sent.body.data.firstTimerId}`,
      ),
    );
    expect(user).toMatchObject({
      first_name: 'Tunde Ade',
      sur_name: 'Newcomer',
      email: 'tunde.newcomer@example.org',
      mobile1: '08031112222',
      is_first_timer: true,
      password_hash: null,
    });
    const [link] = await db.select().from(cihVisitors).where(eq(cihVisitors.id, tunde.id));
    expect(link).toMatchObject({ firstTimerId: sent.body.data.firstTimerId, firstTimer: true });

    expect((await toFirstTimer(coordinator.token, tunde.id)).status).toBe(409);
    expect((await toFirstTimer(coordinator.token, visitor('Solo').id)).status).toBe(400);
    expect((await toFirstTimer(inspector.token, visitor('Nora Noemail').id)).status).toBe(400);

    // A later save of the meeting that names the visitor keeps the link; the account is not made twice.
    const again = await call('PUT', '/CIHAttendance/Update', pastor1.token, {
      id: meeting.id,
      centerId: c1.id,
      meetingDate: day(5),
      marks: marksOf(c1Members, 3),
      visitors: meeting.visitors.map((v: { id: string; name: string; phone: string }) => ({ id: v.id, name: v.name, phone: v.phone })),
    });
    expect(again.status).toBe(200);
    expect(again.body.data.firstTimerCount).toBe(1);
    const kept = again.body.data.visitors.find((v: { id: string }) => v.id === tunde.id);
    expect(kept).toMatchObject({ firstTimerId: sent.body.data.firstTimerId, firstTimer: true });
    expect((await toFirstTimer(coordinator.token, tunde.id)).status).toBe(409);

    // So does a save that names them without their id, as the attendance form does for a date saved anew.
    const anew = await call('PUT', '/CIHAttendance/Update', pastor1.token, {
      id: meeting.id,
      centerId: c1.id,
      meetingDate: day(5),
      marks: marksOf(c1Members, 3),
      visitors: meeting.visitors.map((v: { name: string; phone: string }) => ({ name: ` ${v.name.toUpperCase()}`, phone: v.phone })),
    });
    expect(anew.status).toBe(200);
    expect(anew.body.data.firstTimerCount).toBe(1);
    expect(anew.body.data.visitors.find((v: { id: string }) => v.id === tunde.id)).toMatchObject({
      firstTimerId: sent.body.data.firstTimerId,
      firstTimer: true,
    });
  });

  it('a coordinator edits, removes and adds an earlier meeting’s visitors by saving its date again; the first-timer link survives', async () => {
    const [stored] = await db
      .select({ id: cihMeetings.id })
      .from(cihMeetings)
      .where(and(eq(cihMeetings.centerId, c1.id), eq(cihMeetings.meetingDate, day(5))));
    const meeting = (await call('GET', `/CIHAttendance/GetById?id=${stored.id}`, coordinator.token)).body.data;
    type Stored = { id: string; name: string; phone: string | null; email: string | null; firstTimerId: string | null };
    const tunde: Stored = meeting.visitors.find((v: Stored) => v.firstTimerId);
    const solo: Stored = meeting.visitors.find((v: Stored) => v.name.toLowerCase() === 'solo');
    const saved = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(5),
      marks: meeting.marks.map((m: { userId: string; present: boolean }) => ({ userId: m.userId, present: m.present })),
      // Tunde's phone and email corrected, Solo named in full, Nora removed, Kemi added.
      visitors: [
        { id: tunde.id, name: tunde.name, phone: '08031119999', email: 'tunde@example.org' },
        { id: solo.id, name: 'Solo Second', phone: solo.phone ?? undefined },
        { name: 'Kemi New', phone: '08031116666', firstTimer: true },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Details updated');
    expect(saved.body.data).toMatchObject({ id: stored.id, visitorCount: 3, firstTimerCount: 2 });
    const rowsNow = await db.select().from(cihVisitors).where(eq(cihVisitors.meetingId, stored.id));
    expect(rowsNow.map((v) => v.name).sort()).toEqual(['Kemi New', 'Solo Second', tunde.name].sort());
    expect(rowsNow.find((v) => v.id === tunde.id)).toMatchObject({
      phone: '08031119999',
      firstTimerId: tunde.firstTimerId,
      firstTimer: true,
    });
    expect(rowsNow.find((v) => v.id === solo.id)).toMatchObject({ name: 'Solo Second', firstTimerId: null });
    expect(rowsNow.find((v) => v.name === 'Kemi New')).toMatchObject({ firstTimer: true, firstTimerId: null });
    // A save that leaves the converted visitor out (a form that does not know of them) keeps them and their link.
    const without = await takeAttendance(coordinator.token, {
      centerId: c1.id,
      meetingDate: day(5),
      marks: meeting.marks.map((m: { userId: string; present: boolean }) => ({ userId: m.userId, present: m.present })),
      visitors: [{ id: solo.id, name: 'Solo Second', phone: solo.phone ?? undefined }],
    });
    expect(without.body.data).toMatchObject({ visitorCount: 2, firstTimerCount: 1 });
    const [kept] = await db.select().from(cihVisitors).where(eq(cihVisitors.id, tunde.id));
    expect(kept).toMatchObject({ phone: '08031119999', firstTimerId: tunde.firstTimerId });
    // The pastor of another center may not do the same.
    const refused = await takeAttendance(pastor.token, { centerId: c1.id, meetingDate: day(5), marks: [], visitors: [] });
    expect(refused.status).toBe(403);
  });

  it('the inspectorate may send a visitor of any center', async () => {
    const taken = await takeAttendance(pastor.token, {
      centerId: c2.id,
      meetingDate: day(6),
      marks: marksOf(c2Members, 1),
      visitors: [{ name: 'Ife Inspected', phone: '08031115555', email: 'ife.inspected@example.org', firstTimer: true }],
    });
    const sent = await toFirstTimer(inspector.token, taken.body.data.visitors[0].id);
    expect(sent.status).toBe(200);
    // Already counted as a first-timer at the meeting: not counted twice.
    expect(sent.body.data.meeting.firstTimerCount).toBe(1);
    // Converted to a member later, as the first-timers office does.
    await db.execute(sql`update users set is_first_timer = false, converted_at = now() where id = ${sent.body.data.firstTimerId}`);
  });
});

describe('statistics', () => {
  /** Figures counted straight from the marks and visitors, not from the meetings' pre-aggregate. */
  async function counted(centerFilter: string) {
    const [row] = rowsOf<{ meetings: number; present: number; members: number; visitors: number; firstTimers: number }>(
      await db.execute(sql`
        select (select count(*)::int from cih_meetings m where ${sql.raw(centerFilter)} and m.meeting_date >= current_date - 200) as meetings,
          (select count(*)::int from cih_attendance_marks a join cih_meetings m on m.id = a.meeting_id where ${sql.raw(centerFilter)} and a.present and m.meeting_date >= current_date - 200) as present,
          (select count(*)::int from cih_attendance_marks a join cih_meetings m on m.id = a.meeting_id where ${sql.raw(centerFilter)} and m.meeting_date >= current_date - 200) as members,
          (select count(*)::int from cih_visitors v join cih_meetings m on m.id = v.meeting_id where ${sql.raw(centerFilter)} and m.meeting_date >= current_date - 200) as visitors,
          (select count(*)::int from cih_visitors v join cih_meetings m on m.id = v.meeting_id where ${sql.raw(centerFilter)} and v.first_timer and m.meeting_date >= current_date - 200) as "firstTimers"`),
    );
    return { ...row, attendanceRate: row.members ? Math.round((row.present / row.members) * 1000) / 10 : null };
  }

  /** First-timers sent from visitors and converted since, counted from the visitors and accounts. */
  async function conversions(centerFilter: string) {
    const [row] = rowsOf<{ sentToFirstTimers: number; firstTimersConverted: number; firstTimers: number }>(
      await db.execute(sql`
        select count(u.id)::int as "sentToFirstTimers",
          count(u.id) filter (where u.converted_at is not null and not u.is_first_timer)::int as "firstTimersConverted",
          count(*) filter (where v.first_timer)::int as "firstTimers"
        from cih_visitors v join cih_meetings m on m.id = v.meeting_id left join users u on u.id = v.first_timer_id
        where ${sql.raw(centerFilter)} and m.meeting_date >= current_date - 200`),
    );
    const { firstTimers, ...rest } = row;
    return { ...rest, conversionRate: firstTimers ? Math.round((rest.firstTimersConverted / firstTimers) * 1000) / 10 : null };
  }

  it('GetCIHStats, GetZoneCIHStats and GetCIHDasboardStats equal the counts of the marks themselves', async () => {
    // More meetings this week and over the weeks, across the three centers.
    await takeAttendance(admin, {
      centerId: c3.id,
      meetingDate: day(0),
      marks: marksOf(c3Members, 2),
      visitors: [{ name: 'V', firstTimer: true }],
    });
    await takeAttendance(admin, { centerId: c3.id, meetingDate: day(1), marks: marksOf(c3Members, 0) });
    await takeAttendance(coordinator.token, { centerId: c1.id, meetingDate: day(0), marks: marksOf(c1Members, 4) });
    // Over 26 weeks back: outside the window.
    await takeAttendance(admin, { centerId: c3.id, meetingDate: day(40), marks: marksOf(c3Members, 2) });

    const center = await call('GET', `/Stats/GetCIHStats?CenterId=${c1.id}`, coordinator.token);
    expect(center.status).toBe(200);
    expect(center.body.data).toMatchObject(await counted(`m.center_id = '${c1.id}'`));
    expect(center.body.data.series.reduce((n: number, p: { present: number }) => n + p.present, 0)).toBe(center.body.data.present);
    expect(center.body.data.center).toMatchObject({ centerId: c1.id, currentMembers: 6, reportedThisWeek: true });

    const zone = await call('GET', `/Stats/GetZoneCIHStats?ZoneId=${zoneA.id}`, inspector.token);
    expect(zone.status).toBe(200);
    expect(zone.body.data).toMatchObject(await counted(`m.center_id in ('${c1.id}', '${c2.id}')`));
    expect(zone.body.data.centers.map((c: { centerId: string }) => c.centerId).sort()).toEqual([c1.id, c2.id].sort());
    expect(zone.body.data.notReportedThisWeek.map((c: { centerId: string }) => c.centerId)).toEqual([c2.id]);

    const church = await call('GET', '/Stats/GetCIHDasboardStats', inspector.token);
    expect(church.status).toBe(200);
    expect(church.body.data).toMatchObject(await counted('true'));
    const zoneB_ = church.body.data.zones.find((z: { zoneId: string }) => z.zoneId === zoneB.id);
    expect(zoneB_).toMatchObject(
      await counted(`m.center_id = '${c3.id}'`).then(({ meetings, present, members }) => ({ meetings, present, members })),
    );
    expect(church.body.data.activityReports.submitted).toBe(2);
  });

  it('first-timers from visitors and their conversion to members, per center, zone and church, equal independent counts', async () => {
    const c1Stats = (await call('GET', `/Stats/GetCIHStats?CenterId=${c1.id}`, coordinator.token)).body.data;
    expect(c1Stats).toMatchObject(await conversions(`m.center_id = '${c1.id}'`));
    expect(c1Stats).toMatchObject({ sentToFirstTimers: 1, firstTimersConverted: 0 });
    const c2Stats = (await call('GET', `/Stats/GetCIHStats?CenterId=${c2.id}`, pastor.token)).body.data;
    expect(c2Stats).toMatchObject({ ...(await conversions(`m.center_id = '${c2.id}'`)), sentToFirstTimers: 1, firstTimersConverted: 1 });
    const zone = (await call('GET', `/Stats/GetZoneCIHStats?ZoneId=${zoneA.id}`, inspector.token)).body.data;
    expect(zone).toMatchObject(await conversions(`m.center_id in ('${c1.id}', '${c2.id}')`));
    expect(zone.centers.find((c: { centerId: string }) => c.centerId === c2.id)).toMatchObject({ firstTimersConverted: 1 });
    const church = (await call('GET', '/Stats/GetCIHDasboardStats', inspector.token)).body.data;
    expect(church).toMatchObject({ ...(await conversions('true')), firstTimersConverted: 1 });
    const zoneA_ = church.zones.find((z: { zoneId: string }) => z.zoneId === zoneA.id);
    expect(zoneA_).toMatchObject({ sentToFirstTimers: 2, firstTimersConverted: 1 });
  });

  /** Per week (Monday) since `from`: first-timers, those sent to the first-timer list and those converted, from the visitors and accounts. */
  async function conversionsByWeek(centerFilter: string, from: string) {
    const weeks = rowsOf<{ week: string; firstTimers: number; sentToFirstTimers: number; firstTimersConverted: number }>(
      await db.execute(sql`
        select to_char(m.meeting_date - (extract(isodow from m.meeting_date)::int - 1), 'YYYY-MM-DD') as week,
          count(*) filter (where v.first_timer)::int as "firstTimers",
          count(u.id)::int as "sentToFirstTimers",
          count(u.id) filter (where u.converted_at is not null and not u.is_first_timer)::int as "firstTimersConverted"
        from cih_visitors v join cih_meetings m on m.id = v.meeting_id left join users u on u.id = v.first_timer_id
        where ${sql.raw(centerFilter)} and m.meeting_date >= ${from}::date group by 1`),
    );
    return new Map(weeks.map((w) => [w.week, w]));
  }

  it('the weekly series carries each week’s first-timers and their conversion, equal to counts by week of the visitors', async () => {
    type Point = {
      week: string;
      firstTimers: number;
      sentToFirstTimers: number;
      firstTimersConverted: number;
      conversionRate: number | null;
    };
    const expectWeeks = async (series: Point[], from: string, centerFilter: string) => {
      const byWeek = await conversionsByWeek(centerFilter, from);
      expect(series.length).toBeGreaterThan(0);
      for (const p of series) {
        const w = byWeek.get(p.week) ?? { firstTimers: 0, sentToFirstTimers: 0, firstTimersConverted: 0 };
        const conversionRate = w.firstTimers ? Math.round((w.firstTimersConverted / w.firstTimers) * 1000) / 10 : null;
        expect(p).toMatchObject({ ...w, conversionRate });
      }
      // Every week with a first-timer has its point.
      expect([...byWeek.values()].filter((w) => w.firstTimers).every((w) => series.some((p) => p.week === w.week))).toBe(true);
    };
    const c2Stats = (await call('GET', `/Stats/GetCIHStats?CenterId=${c2.id}`, pastor.token)).body.data;
    await expectWeeks(c2Stats.series, c2Stats.from, `m.center_id = '${c2.id}'`);
    const zone = (await call('GET', `/Stats/GetZoneCIHStats?ZoneId=${zoneA.id}`, inspector.token)).body.data;
    await expectWeeks(zone.series, zone.from, `m.center_id in ('${c1.id}', '${c2.id}')`);
    const church = (await call('GET', '/Stats/GetCIHDasboardStats', inspector.token)).body.data;
    await expectWeeks(church.series, church.from, 'true');
    // The one conversion (Ife, six weeks ago) sits in its own week, and the week of Tunde (sent, not converted) in another.
    const sum = (k: keyof Point) => church.series.reduce((n: number, p: Point) => n + Number(p[k]), 0);
    expect(sum('firstTimersConverted')).toBe(1);
    expect(sum('sentToFirstTimers')).toBe(2);
    const converted = church.series.find((p: Point) => p.firstTimersConverted === 1);
    expect(converted.week <= day(6)).toBe(true);
    expect(converted.conversionRate).toBeGreaterThan(0);
  });

  it('refuses statistics beyond the caller’s reach', async () => {
    expect((await call('GET', `/Stats/GetCIHStats?CenterId=${c1.id}`, pastor.token)).status).toBe(403);
    expect((await call('GET', `/Stats/GetZoneCIHStats?ZoneId=${zoneA.id}`, coordinator.token)).status).toBe(403);
    expect((await call('GET', '/Stats/GetCIHDasboardStats', pastor.token)).status).toBe(403);
    expect((await call('GET', '/Stats/GetCIHDasboardStats', member.token)).status).toBe(403);
    expect((await call('GET', '/Stats/GetZoneCIHStats?ZoneId=7d1e0c57-0000-4000-8000-000000000000', inspector.token)).status).toBe(404);
    expect((await call('GET', `/Stats/GetCIHStats?CenterId=${c3.id}`, admin)).status).toBe(200);
  });
});

describe('saves queued offline: idempotency key and basedOn (docs/decisions/0205, 0206)', async () => {
  const zone = await addZone(s);
  const center = await addCenter(s, zone.id);
  const leader = await createUser(s);
  await setAffiliation(s, leader.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihcoordinator' });
  const people = [
    leader.id,
    await addPerson(s, { zoneId: zone.id, centerId: center.id }),
    await addPerson(s, { zoneId: zone.id, centerId: center.id }),
  ];
  const meetingsOn = async (date: string) =>
    db
      .select()
      .from(cihMeetings)
      .where(and(eq(cihMeetings.centerId, center.id), eq(cihMeetings.meetingDate, date)));
  const auditRows = async (id: string) => (await auditOf(s, id)).filter((a) => a.entity === 'cihAttendance');

  it('a save sent twice with one key is written once, and the retry answers as the first did', async () => {
    const body = {
      centerId: center.id,
      meetingDate: day(30),
      marks: marksOf(people, 2),
      visitors: [{ name: 'Offline Guest' }],
      idempotencyKey: 'key-0001-retry',
    };
    const first = await takeAttendance(leader.token, body);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Successfully Created');
    const again = await takeAttendance(leader.token, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The same key with other marks: still the first answer, nothing written.
    const changed = await takeAttendance(leader.token, { ...body, marks: marksOf(people, 0) });
    expect(changed.body).toEqual(first.body);
    const [meeting] = await meetingsOn(day(30));
    expect(meeting).toMatchObject({ presentCount: 2, visitorCount: 1, updatedAt: new Date(first.body.data.updatedAt) });
    expect(await meetingsOn(day(30))).toHaveLength(1);
    expect(await db.select().from(cihVisitors).where(eq(cihVisitors.meetingId, meeting.id))).toHaveLength(1);
    expect(await auditRows(meeting.id)).toHaveLength(1);
    // A new key is a new save: it updates the meeting.
    const next = await takeAttendance(leader.token, { ...body, marks: marksOf(people, 1), idempotencyKey: 'key-0002-next' });
    expect(next.body.message).toBe('Details updated');
    expect((await meetingsOn(day(30)))[0].presentCount).toBe(1);
  });

  it('retries racing each other with one key write once', async () => {
    const body = { centerId: center.id, meetingDate: day(31), marks: marksOf(people, 3), idempotencyKey: 'key-0003-race' };
    const answers = await Promise.all([
      takeAttendance(leader.token, body),
      takeAttendance(leader.token, body),
      takeAttendance(leader.token, body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    const meetings = await meetingsOn(day(31));
    expect(meetings).toHaveLength(1);
    expect(await auditRows(meetings[0].id)).toHaveLength(1);
  });

  it('keys are the caller’s own: another person’s same key is another save', async () => {
    const body = { centerId: center.id, meetingDate: day(32), marks: marksOf(people, 1), idempotencyKey: 'key-0004-shared' };
    expect((await takeAttendance(leader.token, body)).body.message).toBe('Successfully Created');
    const byAdmin = await takeAttendance(admin, { ...body, marks: marksOf(people, 3) });
    expect(byAdmin.body.message).toBe('Details updated');
    expect((await meetingsOn(day(32)))[0].presentCount).toBe(3);
  });

  it('a save made from an older state of the meeting is refused with 409, and its key stays free', async () => {
    const made = {
      centerId: center.id,
      meetingDate: day(33),
      marks: marksOf(people, 1),
      basedOn: 'none',
      idempotencyKey: 'key-0005-first',
    };
    const created = await takeAttendance(leader.token, made);
    expect(created.body.message).toBe('Successfully Created');
    const seen = created.body.data.updatedAt;
    // Someone saves the date again (online, elsewhere).
    await takeAttendance(admin, { centerId: center.id, meetingDate: day(33), marks: marksOf(people, 3) });
    const [newer] = await meetingsOn(day(33));
    // The phone's queued save knew no meeting, or the first one: both meet the newer save.
    const unknown = await takeAttendance(leader.token, { ...made, marks: marksOf(people, 0), idempotencyKey: 'key-0006-stale' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe('A newer save of this meeting is on the server');
    const stale = await takeAttendance(leader.token, {
      ...made,
      marks: marksOf(people, 0),
      basedOn: seen,
      idempotencyKey: 'key-0006-stale',
    });
    expect(stale.status).toBe(409);
    expect(await meetingsOn(day(33))).toEqual([newer]);
    // Sent again from the newer save (the leader chose to keep theirs): the refused key is used now.
    const kept = await takeAttendance(leader.token, {
      ...made,
      marks: marksOf(people, 0),
      basedOn: newer.updatedAt.toISOString(),
      idempotencyKey: 'key-0006-stale',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe('Details updated');
    expect((await meetingsOn(day(33)))[0].presentCount).toBe(0);
  });

  it('refuses a malformed key', async () => {
    const res = await takeAttendance(leader.token, {
      centerId: center.id,
      meetingDate: day(34),
      marks: marksOf(people, 1),
      idempotencyKey: 'bad key!',
    });
    expect(res.status).toBe(400);
    expect(await meetingsOn(day(34))).toHaveLength(0);
  });
});
