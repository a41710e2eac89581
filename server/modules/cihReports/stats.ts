import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { centers, cihActivityReports, cihFollowUps, cihWeekStats, memberDirectory, zones } from '@/server/db/schema/index.js';

/*
 * The statistics read only the pre-aggregate per center and week (cih_week_stats, kept by triggers
 * from the meetings' counts and the visitors sent to the first-timer list), never the marks nor the
 * meetings: a reach's figures over 26 weeks are one statement over at most 26 rows per center
 * (docs/decisions/0225-audit-page-keys-and-cih-week-stats.md).
 */

/** Weeks of history the charts show. */
const WEEKS = 26;

type Totals = { meetings: number; present: number; members: number; visitors: number; firstTimers: number; attendanceRate: number | null };
type Week = {
  week: string;
  meetings: number;
  present: number;
  members: number;
  visitors: number;
  firstTimers: number;
  sentToFirstTimers: number;
  firstTimersConverted: number;
};

const rate = (present: number, members: number) => (members > 0 ? Math.round((present / members) * 1000) / 10 : null);

/** Monday of the week WEEKS weeks before this one, as YYYY-MM-DD. */
function seriesStart(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const monday = d.getUTCDate() - ((d.getUTCDay() + 6) % 7);
  d.setUTCDate(monday - 7 * (WEEKS - 1));
  return d.toISOString().slice(0, 10);
}

/** The sums of the weeks: a week row covers whole weeks from a Monday, so they are the totals since `from`. */
function totalsOf(weeks: Week[]): Totals {
  const sum = (k: 'meetings' | 'present' | 'members' | 'visitors' | 'firstTimers') => weeks.reduce((n, w) => n + w[k], 0);
  const totals = {
    meetings: sum('meetings'),
    present: sum('present'),
    members: sum('members'),
    visitors: sum('visitors'),
    firstTimers: sum('firstTimers'),
  };
  return { ...totals, attendanceRate: rate(totals.present, totals.members) };
}

type CenterRow = {
  centerId: string;
  centerName: string;
  zoneId: string;
  zoneName: string;
  currentMembers: number;
  meetings: number;
  present: number;
  members: number;
  visitors: number;
  firstTimers: number;
  sentToFirstTimers: number;
  firstTimersConverted: number;
  lastMeeting: string | null;
  reportedThisWeek: boolean;
};

type Reports = { activityReports: { submitted: number; drafts: number; soulsWon: number }; openFollowUps: number };

/** The sums a week row and a center row carry, as integers (SUMS over the weeks `s`, FIGURES read from a group `g`). */
const SUMS = sql.raw(`sum(s.meetings)::int as meetings, sum(s.present)::int as present, sum(s.members)::int as members,
  sum(s.visitors)::int as visitors, sum(s.first_timers)::int as "firstTimers", sum(s.sent_to_first_timers)::int as "sentToFirstTimers",
  sum(s.first_timers_converted)::int as "firstTimersConverted"`);
const FIGURES = sql.raw(`coalesce(g.meetings, 0) as meetings, coalesce(g.present, 0) as present, coalesce(g.members, 0) as members,
  coalesce(g.visitors, 0) as visitors, coalesce(g."firstTimers", 0) as "firstTimers",
  coalesce(g."sentToFirstTimers", 0) as "sentToFirstTimers", coalesce(g."firstTimersConverted", 0) as "firstTimersConverted"`);

/**
 * Everything a reach's statistics show, in one statement: per center its weeks' sums, current
 * members and last meeting; per week the reach's sums (weeks with a meeting); its activity reports
 * since `from` and open follow-ups. centerWhere is over centers `c`; null is the whole church, whose
 * rows need no filter (every center_id read here references a center, and the member counts are
 * joined to the centers), so the church's read is not joined to the centers first.
 *
 * The weeks in range are read once, by week (an index-only scan of cih_week_stats_week_idx), and
 * summed per center and per week in one grouping; the members are counted from their own partial
 * index; each is a grouped read joined to the centers, so the planner's estimates stay near the
 * centers' count. Reading each center's weeks through a materialized list made it expect
 * millions of rows at 4,000 centers, compile the statement (JIT) and spill a sort to disk
 * (docs/decisions/0251).
 */
async function reachFigures(db: Db, centerWhere: SQL | null, from: string, thisWeek: string) {
  const inReach = (column: string) =>
    centerWhere ? sql`and ${sql.raw(column)} in (select c.id from ${centers} c where ${centerWhere})` : sql``;
  const result = await db.execute(sql`
    with g as (
      select grouping(s.week) = 1 as per_center, s.center_id, s.week, ${SUMS}, max(s.last_meeting) as last_meeting
      from ${cihWeekStats} s where s.week >= ${from}::date ${inReach('s.center_id')}
      group by grouping sets ((s.center_id), (s.week))
    ), d as (
      select center_id, count(*)::int as members from ${memberDirectory}
      where not archived and not disabled and center_id is not null ${inReach('center_id')} group by center_id
    ), per_center as (
      select c.id as "centerId", c.center_name as "centerName", c.zone_id as "zoneId", z.zone_name as "zoneName",
        coalesce(d.members, 0) as "currentMembers", ${FIGURES},
        to_char(g.last_meeting, 'YYYY-MM-DD') as "lastMeeting", coalesce(g.last_meeting >= ${thisWeek}::date, false) as "reportedThisWeek"
      from ${centers} c join ${zones} z on z.id = c.zone_id
      left join g on g.per_center and g.center_id = c.id
      left join d on d.center_id = c.id
      where ${centerWhere ?? sql`true`}
    ), weekly as (
      select to_char(g.week, 'YYYY-MM-DD') as week, ${FIGURES} from g where not g.per_center
    )
    select
      (select coalesce(json_agg(p order by p."zoneName", p."centerName"), '[]') from per_center p) as centers,
      (select coalesce(json_agg(w order by w.week), '[]') from weekly w) as weeks,
      (select json_build_object(
          'submitted', count(*) filter (where status = 'submitted'), 'drafts', count(*) filter (where status = 'draft'),
          'soulsWon', coalesce(sum(souls_won), 0))
        from ${cihActivityReports} where report_date >= ${from}::date ${inReach('center_id')}) as reports,
      (select count(*)::int from ${cihFollowUps} where status = 'open' ${inReach('center_id')}) as "openFollowUps"`);
  const [row] = rowsOf<{ centers: CenterRow[]; weeks: Week[]; reports: Reports['activityReports']; openFollowUps: number }>(result);
  const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  const perCenter = parse(row.centers).map((r) => ({
    ...r,
    attendanceRate: rate(r.present, r.members),
    conversionRate: rate(r.firstTimersConverted, r.firstTimers),
  }));
  const series = parse(row.weeks).map((w) => ({
    ...w,
    attendanceRate: rate(w.present, w.members),
    conversionRate: rate(w.firstTimersConverted, w.firstTimers),
  }));
  const reports: Reports = { activityReports: parse(row.reports), openFollowUps: Number(row.openFollowUps) };
  return { perCenter, series, totals: totalsOf(series), reports };
}

/**
 * First-timers and their conversion over the reach's centers: those recorded at meetings, those
 * sent to the first-timer list from a visitor, and of these the ones since converted to members
 * (is_first_timer false with converted_at). The rate is converted / first-timers recorded.
 */
function conversionOf(rows: Array<{ firstTimers: number; sentToFirstTimers: number; firstTimersConverted: number }>) {
  const sum = (k: 'firstTimers' | 'sentToFirstTimers' | 'firstTimersConverted') => rows.reduce((n, r) => n + r[k], 0);
  const converted = sum('firstTimersConverted');
  return {
    sentToFirstTimers: sum('sentToFirstTimers'),
    firstTimersConverted: converted,
    conversionRate: rate(converted, sum('firstTimers')),
  };
}

/** GetCIHStats: one center. */
export async function centerStats(db: Db, centerId: string, today = new Date()) {
  const from = seriesStart(today);
  const { perCenter, series, totals, reports } = await reachFigures(db, sql`c.id = ${centerId}`, from, thisMonday(today));
  const [center] = perCenter;
  return { from, ...totals, ...conversionOf(perCenter), ...reports, center, series };
}

/** GetZoneCIHStats: one zone, and each of its centers. */
export async function zoneStats(db: Db, zoneId: string, today = new Date()) {
  const from = seriesStart(today);
  const { perCenter, series, totals, reports } = await reachFigures(db, sql`c.zone_id = ${zoneId}`, from, thisMonday(today));
  return {
    from,
    ...totals,
    ...conversionOf(perCenter),
    ...reports,
    series,
    centers: perCenter,
    notReportedThisWeek: perCenter.filter((c) => !c.reportedThisWeek),
  };
}

type ZoneRow = {
  zoneId: string;
  zoneName: string;
  centers: number;
  meetings: number;
  present: number;
  members: number;
  firstTimers: number;
  sentToFirstTimers: number;
  firstTimersConverted: number;
};

/** The centers' sums per zone, in the centers' order (by zone name). */
function zonesOf(perCenter: CenterRow[]) {
  const zonesById = new Map<string, ZoneRow>();
  for (const c of perCenter) {
    const z = zonesById.get(c.zoneId) ?? {
      zoneId: c.zoneId,
      zoneName: c.zoneName,
      centers: 0,
      meetings: 0,
      present: 0,
      members: 0,
      firstTimers: 0,
      sentToFirstTimers: 0,
      firstTimersConverted: 0,
    };
    z.centers += 1;
    z.meetings += c.meetings;
    z.present += c.present;
    z.members += c.members;
    z.firstTimers += c.firstTimers;
    z.sentToFirstTimers += c.sentToFirstTimers;
    z.firstTimersConverted += c.firstTimersConverted;
    zonesById.set(c.zoneId, z);
  }
  return [...zonesById.values()].map((z) => ({
    ...z,
    attendanceRate: rate(z.present, z.members),
    conversionRate: rate(z.firstTimersConverted, z.firstTimers),
  }));
}

/** GetCIHDasboardStats: the whole church, each zone, and the centers that did not meet this week. */
export async function dashboardStats(db: Db, today = new Date()) {
  const from = seriesStart(today);
  const { perCenter, series, totals, reports } = await reachFigures(db, null, from, thisMonday(today));
  return {
    from,
    ...totals,
    ...conversionOf(perCenter),
    ...reports,
    series,
    centerCount: perCenter.length,
    zones: zonesOf(perCenter),
    notReportedThisWeek: perCenter.filter((c) => !c.reportedThisWeek),
  };
}

/** Monday of this week (UTC), as YYYY-MM-DD: a center "reported this week" if it met on or after it. */
function thisMonday(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
