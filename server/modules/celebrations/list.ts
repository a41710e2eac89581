import { and, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { celebrationDay, monthDayRanges, periodOf, yearsOn, type Period } from '@/domain/celebrations/dates.js';
import type { Celebration, CelebrationList } from '@/domain/celebrations/schemas.js';
import { localDay } from '@/domain/common/localTime.js';
import type { Db } from '@/server/db/client.js';
import { qualified } from '@/server/db/queries.js';
import { memberDirectory as md, spouses } from '@/server/db/schema/index.js';
import { notUnlisted } from '@/server/engines/listing.js';
import { isChurchMember } from '@/server/engines/memberList.js';
import type { Caller } from '@/server/http/access.js';
import { isOffice } from './scope.js';

/**
 * "Its month and day fall in one of the ranges", in the words of the month-day indexes (migration
 * celebration_month_day), so each range is one index range scan.
 */
function monthDayIn(column: PgColumn, ranges: Array<[number, number]>): SQL {
  return or(...ranges.map(([a, b]) => sql`flock_month_day(${column}) between ${sql.raw(String(a))} and ${sql.raw(String(b))}`))!;
}

/** Church members: no first-timer, nobody archived or disabled. */
export const activeMember = and(isChurchMember, not(md.disabled))!;

/**
 * Who is on the lists: church members who did not say no to listing. The office's exception of
 * the listing rule does not apply: this list is read out to the church
 * (docs/decisions/0208-birthdays-and-anniversaries.md).
 */
const celebrated = and(activeMember, notUnlisted(qualified(md.userId)))!;

const fullName = sql<string>`concat_ws(' ', ${md.firstName}, ${md.surName})`;

/** The newest choice of a consent category is a yes (never asked is a no). */
export const consented = (category: string) =>
  sql<boolean>`coalesce((select c.granted from consents c where c.user_id = ${qualified(md.userId)} and c.category = ${category}
    order by c.created_at desc, c.id desc limit 1), false)`;

async function birthdays(db: Db, ranges: Array<[number, number]>, where: SQL | undefined) {
  return db
    .select({ userId: md.userId, name: fullName, date: md.dateOfBirth, showsAge: consented('age') })
    .from(md)
    .where(and(isNotNull(md.dateOfBirth), monthDayIn(md.dateOfBirth, ranges), celebrated, where));
}

async function anniversaries(db: Db, ranges: Array<[number, number]>, where: SQL | undefined) {
  return db
    .select({
      userId: md.userId,
      name: fullName,
      date: spouses.weddingAnniversary,
      spouseName: sql<string>`concat_ws(' ', ${spouses.firstName}, ${spouses.surName})`,
    })
    .from(spouses)
    .innerJoin(md, sql`${md.userId} = ${spouses.userId}`)
    .where(and(isNotNull(spouses.weddingAnniversary), monthDayIn(spouses.weddingAnniversary, ranges), celebrated, where));
}

const byDay = (a: Celebration, b: Celebration) =>
  a.day.localeCompare(b.day) || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId);

/**
 * The birthdays and wedding anniversaries of the week or month holding `day` (the server's
 * local today by default), in the scope's condition, sorted by day. The age turned is told only
 * when the person consented to it ('age'), or to the office; the years married always (a
 * wedding not a year old yet is no anniversary).
 */
export async function celebrations(
  db: Db,
  caller: Caller,
  q: { period: Period; date?: string },
  where: SQL | undefined,
): Promise<CelebrationList> {
  const { from, to } = periodOf(q.date ?? localDay(new Date()), q.period);
  const ranges = monthDayRanges(from, to);
  const [born, wed] = await Promise.all([birthdays(db, ranges, where), anniversaries(db, ranges, where)]);
  const office = isOffice(caller);
  const rows: Celebration[] = [
    ...born.map((r) => {
      const day = celebrationDay(r.date!, from, to)!;
      return {
        userId: r.userId,
        name: r.name,
        kind: 'birthday' as const,
        day,
        years: office || r.showsAge ? yearsOn(r.date!, day) : null,
        spouseName: null,
      };
    }),
    ...wed.map((r) => {
      const day = celebrationDay(r.date!, from, to)!;
      return { userId: r.userId, name: r.name, kind: 'anniversary' as const, day, years: yearsOn(r.date!, day), spouseName: r.spouseName };
    }),
  ];
  return { period: q.period, from, to, rows: rows.filter((r) => r.day && (r.kind === 'birthday' || r.years! > 0)).sort(byDay) };
}
