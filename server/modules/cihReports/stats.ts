import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { qualified, rowsOf } from '@/server/db/queries.js';
import {
  centers,
  cihActivityReports,
  cihFollowUps,
  cihMeetings,
  cihVisitors,
  memberDirectory,
  users,
  zones,
} from '@/server/db/schema/index.js';

/*
 * The statistics read only the meetings' pre-aggregate (present, members, visitors, first-timers
 * per meeting, written with each save), never the marks: a church-wide figure over years of
 * weekly meetings sums one row per meeting.
 */

/** Weeks of history the charts show. */
const WEEKS = 26;

type Totals = { meetings: number; present: number; members: number; visitors: number; firstTimers: number; attendanceRate: number | null };
type Point = {
  week: string;
  meetings: number;
  present: number;
  members: number;
  visitors: number;
  firstTimers: number;
  sentToFirstTimers: number;
  firstTimersConverted: number;
  attendanceRate: number | null;
  conversionRate: number | null;
};

const rate = (present: number, members: number) => (members > 0 ? Math.round((present / members) * 1000) / 10 : null);

/** Monday of the week WEEKS weeks before this one, as YYYY-MM-DD. */
function seriesStart(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const monday = d.getUTCDate() - ((d.getUTCDay() + 6) % 7);
  d.setUTCDate(monday - 7 * (WEEKS - 1));
  return d.toISOString().slice(0, 10);
}

const inCenters = (where: SQL | undefined) =>
  sql`${qualified(cihMeetings.centerId)} in (select ${centers.id} from ${centers} where ${where ?? sql`true`})`;

async function totalsOf(db: Db, where: SQL | undefined): Promise<Totals> {
  const [row] = await db
    .select({
      meetings: sql<number>`count(*)::int`.mapWith(Number),
      present: sql<number>`coalesce(sum(${cihMeetings.presentCount}), 0)::int`.mapWith(Number),
      members: sql<number>`coalesce(sum(${cihMeetings.membersCount}), 0)::int`.mapWith(Number),
      visitors: sql<number>`coalesce(sum(${cihMeetings.visitorCount}), 0)::int`.mapWith(Number),
      firstTimers: sql<number>`coalesce(sum(${cihMeetings.firstTimerCount}), 0)::int`.mapWith(Number),
    })
    .from(cihMeetings)
    .where(where);
  return { ...row, attendanceRate: rate(row.present, row.members) };
}

const weekOf = sql<string>`to_char(date_trunc('week', ${cihMeetings.meetingDate}::timestamp), 'YYYY-MM-DD')`;

/**
 * Weekly sums since seriesStart: attendance over time and its rate, and the week's first-timers
 * with how many of those sent to the first-timer list have since converted. Conversion happens
 * on the first-timers' side (admin), so it is counted from the visitors' accounts here, not
 * pre-aggregated: a few thousand visitor rows at most over 26 weeks of the whole church.
 */
async function seriesOf(db: Db, where: SQL | undefined, from: string): Promise<Point[]> {
  const inRange = and(where, gte(cihMeetings.meetingDate, from));
  const [rows, conversions] = await Promise.all([
    db
      .select({
        week: weekOf,
        meetings: sql<number>`count(*)::int`.mapWith(Number),
        present: sql<number>`sum(${cihMeetings.presentCount})::int`.mapWith(Number),
        members: sql<number>`sum(${cihMeetings.membersCount})::int`.mapWith(Number),
        visitors: sql<number>`sum(${cihMeetings.visitorCount})::int`.mapWith(Number),
        firstTimers: sql<number>`sum(${cihMeetings.firstTimerCount})::int`.mapWith(Number),
      })
      .from(cihMeetings)
      .where(inRange)
      .groupBy(weekOf)
      .orderBy(weekOf),
    db
      .select({
        week: weekOf,
        sent: sql<number>`count(*)::int`.mapWith(Number),
        converted: sql<number>`count(*) filter (where not ${users.isFirstTimer} and ${users.convertedAt} is not null)::int`.mapWith(Number),
      })
      .from(cihVisitors)
      .innerJoin(cihMeetings, eq(cihMeetings.id, cihVisitors.meetingId))
      .innerJoin(users, eq(users.id, cihVisitors.firstTimerId))
      .where(inRange)
      .groupBy(weekOf),
  ]);
  const byWeek = new Map(conversions.map((c) => [c.week, c]));
  return rows.map((r) => {
    const { sent = 0, converted = 0 } = byWeek.get(r.week) ?? {};
    return {
      ...r,
      sentToFirstTimers: sent,
      firstTimersConverted: converted,
      attendanceRate: rate(r.present, r.members),
      conversionRate: rate(converted, r.firstTimers),
    };
  });
}

async function reportCounts(db: Db, centerWhere: SQL | undefined, from: string) {
  const inReach = sql`${qualified(cihActivityReports.centerId)} in (select ${centers.id} from ${centers} where ${centerWhere ?? sql`true`})`;
  const [reports] = await db
    .select({
      submitted: sql<number>`count(*) filter (where ${cihActivityReports.status} = 'submitted')::int`.mapWith(Number),
      drafts: sql<number>`count(*) filter (where ${cihActivityReports.status} = 'draft')::int`.mapWith(Number),
      soulsWon: sql<number>`coalesce(sum(${cihActivityReports.soulsWon}), 0)::int`.mapWith(Number),
    })
    .from(cihActivityReports)
    .where(and(inReach, gte(cihActivityReports.reportDate, from)));
  const [followUps] = await db
    .select({ openFollowUps: sql<number>`count(*)::int`.mapWith(Number) })
    .from(cihFollowUps)
    .where(
      and(
        sql`${qualified(cihFollowUps.centerId)} in (select ${centers.id} from ${centers} where ${centerWhere ?? sql`true`})`,
        eq(cihFollowUps.status, 'open'),
      ),
    );
  return { activityReports: reports, openFollowUps: followUps.openFollowUps };
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

/** Per center of the reach: its meetings' sums, current members and last meeting; and whether it met this week. */
async function centerRows(db: Db, centerWhere: SQL | undefined, from: string, thisWeek: string) {
  // Two grouped reads joined to the centers: a correlated count per center costs one index walk each.
  const result = await db.execute(sql`
    select c.id as "centerId", c.center_name as "centerName", c.zone_id as "zoneId", z.zone_name as "zoneName",
      coalesce(d.members, 0)::int as "currentMembers",
      coalesce(m.meetings, 0)::int as meetings, coalesce(m.present, 0)::int as present, coalesce(m.members, 0)::int as members,
      coalesce(m.visitors, 0)::int as visitors, coalesce(m.first_timers, 0)::int as "firstTimers",
      coalesce(f.sent, 0)::int as "sentToFirstTimers", coalesce(f.converted, 0)::int as "firstTimersConverted",
      to_char(m.last_meeting, 'YYYY-MM-DD') as "lastMeeting", coalesce(m.last_meeting >= ${thisWeek}::date, false) as "reportedThisWeek"
    from ${centers} c join ${zones} z on z.id = c.zone_id
    left join (
      select center_id, count(*) as members from ${memberDirectory} where not archived and not disabled group by center_id
    ) d on d.center_id = c.id
    left join (
      select center_id, count(*) as meetings, sum(present_count) as present, sum(members_count) as members, sum(visitor_count) as visitors,
        sum(first_timer_count) as first_timers, max(meeting_date) as last_meeting
      from ${cihMeetings} where meeting_date >= ${from}::date group by center_id
    ) m on m.center_id = c.id
    left join (
      select fm.center_id, count(*) as sent, count(*) filter (where not u.is_first_timer and u.converted_at is not null) as converted
      from ${cihVisitors} v join ${cihMeetings} fm on fm.id = v.meeting_id join ${users} u on u.id = v.first_timer_id
      where v.first_timer_id is not null and fm.meeting_date >= ${from}::date group by fm.center_id
    ) f on f.center_id = c.id
    where ${centerWhere ?? sql`true`}
    order by z.zone_name, c.center_name`);
  return rowsOf<CenterRow>(result).map((r) => ({
    ...r,
    attendanceRate: rate(r.present, r.members),
    conversionRate: rate(r.firstTimersConverted, r.firstTimers),
  }));
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
  const where = eq(centers.id, centerId);
  const [totals, series, [center], reports] = await Promise.all([
    totalsOf(db, and(eq(cihMeetings.centerId, centerId), gte(cihMeetings.meetingDate, from))),
    seriesOf(db, eq(cihMeetings.centerId, centerId), from),
    centerRows(db, sql`c.id = ${centerId}`, from, thisMonday(today)),
    reportCounts(db, where, from),
  ]);
  return { from, ...totals, ...conversionOf([center]), ...reports, center, series };
}

/** GetZoneCIHStats: one zone, and each of its centers. */
export async function zoneStats(db: Db, zoneId: string, today = new Date()) {
  const from = seriesStart(today);
  const inZone = inCenters(eq(centers.zoneId, zoneId));
  const [totals, series, perCenter, reports] = await Promise.all([
    totalsOf(db, and(inZone, gte(cihMeetings.meetingDate, from))),
    seriesOf(db, inZone, from),
    centerRows(db, sql`c.zone_id = ${zoneId}`, from, thisMonday(today)),
    reportCounts(db, eq(centers.zoneId, zoneId), from),
  ]);
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

/** GetCIHDasboardStats: the whole church, each zone, and the centers that did not meet this week. */
export async function dashboardStats(db: Db, today = new Date()) {
  const from = seriesStart(today);
  const [totals, series, perCenter, reports] = await Promise.all([
    totalsOf(db, gte(cihMeetings.meetingDate, from)),
    seriesOf(db, undefined, from),
    centerRows(db, undefined, from, thisMonday(today)),
    reportCounts(db, undefined, from),
  ]);
  const zonesById = new Map<
    string,
    {
      zoneId: string;
      zoneName: string;
      centers: number;
      meetings: number;
      present: number;
      members: number;
      firstTimers: number;
      sentToFirstTimers: number;
      firstTimersConverted: number;
    }
  >();
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
  const perZone = [...zonesById.values()].map((z) => ({
    ...z,
    attendanceRate: rate(z.present, z.members),
    conversionRate: rate(z.firstTimersConverted, z.firstTimers),
  }));
  const notReported = perCenter.filter((c) => !c.reportedThisWeek);
  return {
    from,
    ...totals,
    ...conversionOf(perCenter),
    ...reports,
    series,
    centerCount: perCenter.length,
    zones: perZone,
    notReportedThisWeek: notReported,
  };
}

/** Monday of this week (UTC), as YYYY-MM-DD: a center "reported this week" if it met on or after it. */
function thisMonday(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
