import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/queries.js';
import { addCenter, addZone } from '@/tests/support/churchStructure.js';
import { addPerson, setAffiliation } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';

/**
 * The CIH statistics read a pre-aggregate per center and week kept by triggers
 * (docs/decisions/0225): after each of a series of writes (attendance taken, changed, moved to
 * another week, a visitor made a first-timer and converted, a meeting deleted, a member moved to
 * another center) GetCIHDasboardStats, GetZoneCIHStats and GetCIHStats answer what the marks,
 * visitors and accounts themselves give, counted here in SQL without any pre-aggregate.
 */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;
const admin = await s.login(ADMIN_EMAIL);

const zoneA = await addZone(s);
const zoneB = await addZone(s);
const c1 = await addCenter(s, zoneA.id);
const c2 = await addCenter(s, zoneA.id);
const c3 = await addCenter(s, zoneB.id);
const people = async (zoneId: string, centerId: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => addPerson(s, { zoneId, centerId })));
const c1Members = await people(zoneA.id, c1.id, 5);
const c2Members = await people(zoneA.id, c2.id, 3);
const c3Members = await people(zoneB.id, c3.id, 4);

/** The Monday `weeksAgo` weeks before this week's (UTC), moved `days` days on (never past today). */
function day(weeksAgo: number, days = 0) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - 7 * weeksAgo + days);
  return d.toISOString().slice(0, 10);
}
const marksOf = (members: string[], present: number) => members.map((userId, i) => ({ userId, present: i < present }));
const call = async (method: string, path: string, body?: unknown) => {
  const res = await s.call(method, path, { token: admin, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const take = (body: Record<string, unknown>) => call('POST', '/CIHAttendance/Create', body);

type Figures = {
  meetings: number;
  present: number;
  members: number;
  visitors: number;
  firstTimers: number;
  sentToFirstTimers: number;
  firstTimersConverted: number;
};

/** Per center and week since `from`, from the marks, visitors and accounts (no meeting counts, no pre-aggregate). */
async function counted(from: string) {
  return rowsOf<Figures & { centerId: string; week: string; lastMeeting: string }>(
    await db.execute(sql`
      select m.center_id as "centerId", to_char(date_trunc('week', m.meeting_date::timestamp), 'YYYY-MM-DD') as week,
        count(*)::int as meetings,
        sum((select count(*) from cih_attendance_marks a where a.meeting_id = m.id and a.present))::int as present,
        sum((select count(*) from cih_attendance_marks a where a.meeting_id = m.id))::int as members,
        sum((select count(*) from cih_visitors v where v.meeting_id = m.id))::int as visitors,
        sum((select count(*) from cih_visitors v where v.meeting_id = m.id and v.first_timer))::int as "firstTimers",
        sum((select count(*) from cih_visitors v join users u on u.id = v.first_timer_id where v.meeting_id = m.id))::int as "sentToFirstTimers",
        sum((select count(*) from cih_visitors v join users u on u.id = v.first_timer_id
          where v.meeting_id = m.id and not u.is_first_timer and u.converted_at is not null))::int as "firstTimersConverted",
        to_char(max(m.meeting_date), 'YYYY-MM-DD') as "lastMeeting"
      from cih_meetings m where m.meeting_date >= ${from}::date group by 1, 2`),
  );
}

const FIELDS = ['meetings', 'present', 'members', 'visitors', 'firstTimers', 'sentToFirstTimers', 'firstTimersConverted'] as const;
const rate = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : null);
const sumOf = (rows: Figures[]) => Object.fromEntries(FIELDS.map((k) => [k, rows.reduce((n, r) => n + r[k], 0)])) as Figures;

/** What a reach's statistics must say, from the counted rows of its centers. */
async function expectedFor(from: string, centerIds: string[]) {
  const rows = (await counted(from)).filter((r) => centerIds.includes(r.centerId));
  const weeks = [...new Set(rows.map((r) => r.week))].sort();
  const series = weeks.map((week) => {
    const w = sumOf(rows.filter((r) => r.week === week));
    return { week, ...w, attendanceRate: rate(w.present, w.members), conversionRate: rate(w.firstTimersConverted, w.firstTimers) };
  });
  const current = rowsOf<{ centerId: string; n: number }>(
    await db.execute(
      sql`select center_id as "centerId", count(*)::int as n from member_directory where not archived and not disabled group by 1`,
    ),
  );
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const centers = centerIds.map((centerId) => {
    const own = rows.filter((r) => r.centerId === centerId);
    const f = sumOf(own);
    const lastMeeting =
      own
        .map((r) => r.lastMeeting)
        .sort()
        .at(-1) ?? null;
    return {
      centerId,
      currentMembers: current.find((c) => c.centerId === centerId)?.n ?? 0,
      ...f,
      lastMeeting,
      reportedThisWeek: lastMeeting !== null && lastMeeting >= monday.toISOString().slice(0, 10),
      attendanceRate: rate(f.present, f.members),
      conversionRate: rate(f.firstTimersConverted, f.firstTimers),
    };
  });
  const total = sumOf(rows);
  return {
    series,
    centers,
    totals: {
      meetings: total.meetings,
      present: total.present,
      members: total.members,
      visitors: total.visitors,
      firstTimers: total.firstTimers,
      attendanceRate: rate(total.present, total.members),
      sentToFirstTimers: total.sentToFirstTimers,
      firstTimersConverted: total.firstTimersConverted,
      conversionRate: rate(total.firstTimersConverted, total.firstTimers),
    },
  };
}

type CenterAnswer = { centerId: string } & Record<string, unknown>;
const byId = (a: CenterAnswer, b: CenterAnswer) => a.centerId.localeCompare(b.centerId);
const figuresOf = (c: CenterAnswer) => {
  const { centerName: _n, zoneId: _z, zoneName: _zn, ...rest } = c;
  return rest;
};

/** All three statistics calls against the reference. */
async function expectStatsEqualCounts() {
  const church = await call('GET', '/Stats/GetCIHDasboardStats');
  const all = await expectedFor(church.from, [c1.id, c2.id, c3.id]);
  expect(church).toMatchObject(all.totals);
  expect(church.series).toEqual(all.series);
  const mine = (church.notReportedThisWeek as CenterAnswer[]).filter((c) => [c1.id, c2.id, c3.id].includes(c.centerId));
  expect(mine.map((c) => c.centerId).sort()).toEqual(
    all.centers
      .filter((c) => !c.reportedThisWeek)
      .map((c) => c.centerId)
      .sort(),
  );
  for (const [zone, ids] of [
    [zoneA, [c1.id, c2.id]],
    [zoneB, [c3.id]],
  ] as const) {
    const want = await expectedFor(church.from, [...ids]);
    const { sentToFirstTimers, firstTimersConverted, conversionRate, meetings, present, members, firstTimers, attendanceRate } =
      want.totals;
    const churchZone = (church.zones as Array<{ zoneId: string }>).find((z) => z.zoneId === zone.id);
    expect(churchZone).toMatchObject({ centers: ids.length, meetings, present, members, firstTimers, attendanceRate });
    expect(churchZone).toMatchObject({ sentToFirstTimers, firstTimersConverted, conversionRate });
    const z = await call('GET', `/Stats/GetZoneCIHStats?ZoneId=${zone.id}`);
    expect(z).toMatchObject(want.totals);
    expect(z.series).toEqual(want.series);
    expect((z.centers as CenterAnswer[]).sort(byId).map(figuresOf)).toEqual([...want.centers].sort(byId));
  }
  for (const center of [c1, c2, c3]) {
    const want = await expectedFor(church.from, [center.id]);
    const c = await call('GET', `/Stats/GetCIHStats?CenterId=${center.id}`);
    expect(c).toMatchObject(want.totals);
    expect(c.series).toEqual(want.series);
    expect(figuresOf(c.center)).toEqual(want.centers[0]);
  }
}

describe('the CIH statistics after each write', () => {
  let meetingId = '';
  let visitorMeeting = '';

  it('attendance taken: two meetings of one center in one week, others over the weeks, one outside the window', async () => {
    meetingId = (await take({ centerId: c1.id, meetingDate: day(2), marks: marksOf(c1Members, 3) })).id;
    await take({ centerId: c1.id, meetingDate: day(2, 2), marks: marksOf(c1Members, 5), visitors: [{ name: 'Guest One' }] });
    await take({ centerId: c1.id, meetingDate: day(0), marks: marksOf(c1Members, 1) });
    visitorMeeting = (
      await take({
        centerId: c2.id,
        meetingDate: day(5),
        marks: marksOf(c2Members, 2),
        visitors: [
          { name: 'Tunde Newcomer', phone: '08031112222', email: 'tunde.newcomer@example.org', firstTimer: true },
          { name: 'Sade Friend' },
        ],
      })
    ).id;
    await take({ centerId: c3.id, meetingDate: day(40), marks: marksOf(c3Members, 4) });
    await take({ centerId: c3.id, meetingDate: day(1), marks: marksOf(c3Members, 0) });
    await expectStatsEqualCounts();
  });

  it('attendance changed, and moved to another week', async () => {
    await call('PUT', '/CIHAttendance/Update', {
      id: meetingId,
      centerId: c1.id,
      meetingDate: day(2),
      marks: marksOf(c1Members, 4),
    });
    await expectStatsEqualCounts();
    await call('PUT', '/CIHAttendance/Update', {
      id: meetingId,
      centerId: c1.id,
      meetingDate: day(3),
      marks: marksOf(c1Members, 2),
      visitors: [{ name: 'Late Guest', firstTimer: true }],
    });
    await expectStatsEqualCounts();
  });

  it('a visitor sent to the first-timer list, then converted to a member', async () => {
    const meeting = await call('GET', `/CIHAttendance/GetById?id=${visitorMeeting}`);
    const visitor = (meeting.visitors as Array<{ id: string; name: string }>).find((v) => v.name === 'Tunde Newcomer')!;
    const { firstTimerId } = await call('PUT', `/CIHAttendance/VisitorToFirstTimer?visitorId=${visitor.id}`);
    await expectStatsEqualCounts();
    await call('PUT', '/Admin/BulkConvertFirstTimersToMembers', [firstTimerId]);
    await expectStatsEqualCounts();
  });

  it('a meeting deleted', async () => {
    await call('DELETE', `/CIHAttendance/Delete?id=${meetingId}`);
    await expectStatsEqualCounts();
  });

  it('a member moved to another center (their marks stay with the meetings they were marked at)', async () => {
    await setAffiliation(s, c1Members[0], { zoneId: zoneB.id, centerId: c3.id });
    await expectStatsEqualCounts();
    await take({ centerId: c3.id, meetingDate: day(0), marks: marksOf([...c3Members, c1Members[0]], 3) });
    await expectStatsEqualCounts();
  });
});
