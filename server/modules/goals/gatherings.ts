import { and, asc, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { localDay, localMidnight } from '@/domain/common/localTime.js';
import type { Db, Tx } from '@/server/db/client.js';
import { centers, churchAffiliations, cihMeetings, outreachReports, outreachRequests } from '@/server/db/schema/index.js';
import type { Point } from './metrics.js';

/**
 * The metrics read from CIH meetings and outreach reports: average attendance, attendance rate,
 * share of centers reporting each week, outreach converts. Each is computed for every day of the
 * period from the rows up to that day, so the chart and the value today agree.
 */

type Goal = { scope: string; zoneId: string | null; centerId: string | null; metric: string; startDate: string; endDate: string };
type Meeting = { day: string; centerId: string; present: number; members: number };

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const nextDay = (day: string) => localDay(localMidnight(day, 1));

/** The centers a goal covers: one, a zone's, or all. */
function centerCondition(g: Goal): SQL | undefined {
  if (g.scope === 'center') return eq(centers.id, g.centerId!);
  if (g.scope === 'zone') return eq(centers.zoneId, g.zoneId!);
  return undefined;
}

async function meetingsOf(db: Db | Tx, g: Goal): Promise<Meeting[]> {
  return db
    .select({
      day: cihMeetings.meetingDate,
      centerId: cihMeetings.centerId,
      present: cihMeetings.presentCount,
      members: cihMeetings.membersCount,
    })
    .from(cihMeetings)
    .innerJoin(centers, eq(centers.id, cihMeetings.centerId))
    .where(and(gte(cihMeetings.meetingDate, g.startDate), lte(cihMeetings.meetingDate, g.endDate), centerCondition(g)))
    .orderBy(asc(cihMeetings.meetingDate));
}

/** Walks the days from start to last, feeding each day's rows to `add` and reading `value` after them. */
function walk<T extends { day: string }>(rows: T[], start: string, last: string, add: (row: T) => void, value: (day: string) => number) {
  const points: Point[] = [];
  let i = 0;
  for (let day = start; day <= last; day = nextDay(day)) {
    while (i < rows.length && rows[i].day <= day) add(rows[i++]);
    points.push({ day, value: value(day) });
  }
  return points;
}

/** Present per meeting (avgCihAttendance) or present per member marked, in percent (attendanceRate). */
function attendanceSeries(meetings: Meeting[], g: Goal, last: string) {
  let present = 0;
  let members = 0;
  let held = 0;
  const add = (m: Meeting) => {
    present += m.present;
    members += m.members;
    held += 1;
  };
  const value = () =>
    g.metric === 'avgCihAttendance' ? (held ? oneDecimal(present / held) : 0) : members ? oneDecimal((present / members) * 100) : 0;
  return walk(meetings, g.startDate, last, add, value);
}

const DAY_MS = 86_400_000;
const weekOf = (start: string, day: string) => Math.floor(Math.round((Date.parse(day) - Date.parse(start)) / DAY_MS) / 7);

/**
 * The share of the covered centers (in percent) that held a meeting, averaged over the weeks of
 * the period (seven days from its start) that have ended by the day; a last short week counts
 * once the period ends. Zero until the first week ends.
 */
async function weeklySeries(db: Db | Tx, meetings: Meeting[], g: Goal, last: string) {
  const [{ total }] = await db.select({ total: count() }).from(centers).where(centerCondition(g));
  const reporting = new Map<number, Set<string>>();
  const add = (m: Meeting) => {
    const week = weekOf(g.startDate, m.day);
    reporting.set(week, (reporting.get(week) ?? new Set()).add(m.centerId));
  };
  const value = (day: string) => {
    const ended = day === g.endDate ? weekOf(g.startDate, day) + 1 : weekOf(g.startDate, nextDay(day));
    if (!ended || !total) return 0;
    let sum = 0;
    for (let w = 0; w < ended; w++) sum += reporting.get(w)?.size ?? 0;
    return oneDecimal((sum / (ended * total)) * 100);
  };
  return walk(meetings, g.startDate, last, add, value);
}

/** Converts listed in the outreach reports of the period; a zone's or center's are those of outreaches its members asked for. */
async function convertsSeries(db: Db | Tx, g: Goal, last: string) {
  let query = db
    .select({
      day: outreachReports.dateHeld,
      converts: sql<number>`jsonb_array_length(${outreachReports.detailOfConverts})`.mapWith(Number),
    })
    .from(outreachReports)
    .innerJoin(outreachRequests, eq(outreachRequests.id, outreachReports.outreachRequestId))
    .$dynamic();
  if (g.scope === 'zone' || g.scope === 'center') {
    const place = g.scope === 'zone' ? eq(churchAffiliations.zoneId, g.zoneId!) : eq(churchAffiliations.centerId, g.centerId!);
    query = query.innerJoin(churchAffiliations, and(eq(churchAffiliations.userId, outreachRequests.userId), place));
  }
  const rows = await query
    .where(and(gte(outreachReports.dateHeld, g.startDate), lte(outreachReports.dateHeld, g.endDate)))
    .orderBy(asc(outreachReports.dateHeld));
  let total = 0;
  const series = walk(
    rows,
    g.startDate,
    last,
    (r) => (total += r.converts),
    () => total,
  );
  return { value: rows.reduce((sum, r) => sum + r.converts, 0), series };
}

export const GATHERING_METRICS = new Set(['avgCihAttendance', 'attendanceRate', 'centersReportingWeekly', 'outreachConverts']);

/** The value on the last day measured (today or the end) and the series up to it. */
export async function measureGatherings(db: Db | Tx, g: Goal, last: string): Promise<{ value: number; series: Point[] }> {
  if (g.metric === 'outreachConverts') return convertsSeries(db, g, last);
  if (last < g.startDate) return { value: 0, series: [] };
  const meetings = await meetingsOf(db, g);
  const series = g.metric === 'centersReportingWeekly' ? await weeklySeries(db, meetings, g, last) : attendanceSeries(meetings, g, last);
  return { value: series.at(-1)!.value, series };
}
