import { and, asc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { localDay, localMidnight } from '@/domain/common/localTime.js';
import type { Db, Tx } from '@/server/db/client.js';
import { qualified } from '@/server/db/queries.js';
import { churchAffiliations, goalProgress, goals, memberDirectory, userDepartments, users } from '@/server/db/schema/index.js';
import { GATHERING_METRICS, measureGatherings } from './gatherings.js';

/**
 * A goal's value, computed live from Flock's own rows each time it is read (nothing is copied,
 * so a member who joins moves the goal at once), and its progress by day for the chart.
 */

type Goal = typeof goals.$inferSelect;
export type Point = { day: string; value: number };

/** When each counted event happened: joining, conversion, or (department size) each current member's joining. */
async function eventTimes(db: Db | Tx, g: Goal): Promise<Date[]> {
  const inDepartment = g.scope === 'department' && g.departmentId;
  const time = g.metric === 'firstTimersConverted' ? users.convertedAt : inDepartment ? userDepartments.joinedAt : users.createdAt;
  let query = db.select({ at: time }).from(users).$dynamic();
  if (inDepartment)
    query = query.innerJoin(userDepartments, and(eq(userDepartments.userId, users.id), eq(userDepartments.departmentId, g.departmentId!)));
  if ((g.scope === 'zone' && g.zoneId) || (g.scope === 'center' && g.centerId)) {
    const place = g.scope === 'zone' ? eq(churchAffiliations.zoneId, g.zoneId!) : eq(churchAffiliations.centerId, g.centerId!);
    query = query.innerJoin(churchAffiliations, and(eq(churchAffiliations.userId, users.id), place));
  }
  const conditions: Array<SQL | undefined> = [eq(users.disabled, false)];
  if (g.metric === 'membersAdded') conditions.push(eq(users.isFirstTimer, false));
  if (g.metric === 'firstTimersConverted') conditions.push(isNotNull(users.convertedAt));
  // A department's size counts its members as its roster lists them, without the archived (docs/decisions/0222).
  const archived = sql`exists (select from ${memberDirectory} where ${qualified(memberDirectory.userId)} = ${qualified(users.id)} and ${qualified(memberDirectory.archived)})`;
  if (g.metric === 'departmentSize') conditions.push(sql`not ${archived}`);
  else conditions.push(gte(time, localMidnight(g.startDate)), lt(time, localMidnight(g.endDate, 1)));
  const rows = await query.where(and(...conditions));
  return rows.map((r) => r.at!).sort((a, b) => a.getTime() - b.getTime());
}

/** The days of the period up to today, each with the count of events on or before it. */
function cumulative(times: Date[], start: string, last: string): Point[] {
  const days = times.map(localDay);
  const points: Point[] = [];
  let i = 0;
  for (let day = start; day <= last; day = localDay(localMidnight(day, 1))) {
    while (i < days.length && days[i] <= day) i++;
    points.push({ day, value: i });
  }
  return points;
}

/** The value today and the series from the start to today (or the end). */
export async function measure(db: Db | Tx, g: Goal, now = new Date()): Promise<{ value: number; series: Point[] }> {
  const today = localDay(now);
  const last = today < g.endDate ? today : g.endDate;
  if (g.metric === 'manual') {
    const entries = await db
      .select()
      .from(goalProgress)
      .where(eq(goalProgress.goalId, g.id))
      .orderBy(asc(goalProgress.day), asc(goalProgress.createdAt));
    const series = entries.map((e) => ({ day: e.day, value: e.value }));
    return { value: series.at(-1)?.value ?? 0, series };
  }
  if (GATHERING_METRICS.has(g.metric)) return measureGatherings(db, g, last);
  const times = await eventTimes(db, g);
  const series = last >= g.startDate ? cumulative(times, g.startDate, last) : [];
  return { value: times.length, series };
}
