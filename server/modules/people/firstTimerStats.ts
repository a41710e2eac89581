import { and, count, eq, gte, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { biodata, users } from '@/server/db/schema/index.js';

/*
 * GetFirstTimerStats: everyone who came as a first-timer, converted or not, by gender and by
 * arrival week and month, every bucket present so a chart has no gaps.
 */

const WEEKS = 12;
const MONTHS = 12;
const DAY_MS = 86_400_000;

/** Not archived: the demise flag is off (or the person has no biodata yet). */
const notArchived = or(isNull(biodata.demise), eq(biodata.demise, false));

/** Everyone who came as a first-timer: those still first-timers and those converted; archived people are left out. */
const cameAsFirstTimer = and(or(eq(users.isFirstTimer, true), isNotNull(users.convertedAt)), notArchived);
const gender = sql<string>`coalesce(${biodata.gender}, ${users.gender}, 'Unknown')`;
const convertedCount = sql<number>`count(*) filter (where ${users.convertedAt} is not null)`.mapWith(Number);

function arrivals(db: Db, bucket: SQL<string>, since?: Date) {
  return db
    .select({ key: bucket, count: count(), converted: convertedCount })
    .from(users)
    .leftJoin(biodata, eq(biodata.userId, users.id))
    .where(and(cameAsFirstTimer, since && gte(users.createdAt, since)))
    .groupBy(bucket);
}

const utc = sql`(${users.createdAt} at time zone 'UTC')`;
const WEEK = sql<string>`to_char(date_trunc('week', ${utc}), 'YYYY-MM-DD')`;
const MONTH = sql<string>`to_char(${utc}, 'YYYY-MM')`;

/** The Mondays (UTC) of the last `WEEKS` weeks, this one last, as YYYY-MM-DD. */
function lastWeeks(now: Date): string[] {
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: WEEKS }, (_, i) => new Date(monday - (WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** The last `MONTHS` months (UTC), this one last, as YYYY-MM. */
function lastMonths(now: Date): string[] {
  return Array.from({ length: MONTHS }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

/** Every bucket of the period, those without arrivals as zeros, so a chart has no gaps. */
function series(name: string, keys: string[], rows: Array<{ key: string; count: number; converted: number }>) {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((key) => ({ [name]: key, count: byKey.get(key)?.count ?? 0, converted: byKey.get(key)?.converted ?? 0 }));
}

export async function firstTimerStats(db: Db) {
  const now = new Date();
  const weeks = lastWeeks(now);
  const months = lastMonths(now);
  const [[totals], byGender, byWeek, byMonth] = await Promise.all([
    db
      .select({ total: count(), converted: convertedCount })
      .from(users)
      .leftJoin(biodata, eq(biodata.userId, users.id))
      .where(cameAsFirstTimer),
    arrivals(db, gender),
    arrivals(db, WEEK, new Date(`${weeks[0]}T00:00:00Z`)),
    arrivals(db, MONTH, new Date(`${months[0]}-01T00:00:00Z`)),
  ]);
  return {
    total: totals.total,
    converted: totals.converted,
    notConverted: totals.total - totals.converted,
    byGender: series('gender', ['Male', 'Female', 'Unknown'], byGender),
    byWeek: series('weekStart', weeks, byWeek),
    byMonth: series('month', months, byMonth),
  };
}
