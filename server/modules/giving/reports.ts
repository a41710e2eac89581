import { sql } from 'drizzle-orm';
import {
  GIVER_BANDS,
  REPORT_ROWS_CAP,
  type FirstTimeGivers,
  type FundMonthTotals,
  type GiverBands,
  type LapsedGivers,
  type Period,
} from '@/domain/giving/reports.js';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { countsSql, giverKeySql, kobo, signedSql, standingGiftSql } from './counted.js';

/**
 * Giving's reports (docs/decisions/0234-pledges-campaigns-reports.md), each one aggregate query
 * in the database (grouped by fund and month, by giver), so that a church of 100,000 members
 * sends back figures, not rows of gifts. Anonymous gifts count in the fund totals only; a family
 * that gave in its name is one giver (docs/decisions/0244-family-giver.md).
 */

const thisYear = () => new Date().getUTCFullYear();

/** The period asked for; a missing end is taken from the other's year, and without either, this year. */
export function periodOf(q: { from?: string; to?: string }): Period {
  const year = String(thisYear());
  return { from: q.from ?? `${(q.to ?? year).slice(0, 4)}-01-01`, to: q.to ?? `${(q.from ?? year).slice(0, 4)}-12-31` };
}

const giverName = sql.raw(`coalesce(nullif(concat_ws(' ', u.first_name, u.sur_name), ''), h.name)`);

/** The giver's person or family, and its name, for a CTE's `giver_id` (giverKeySql). */
const giverJoins = (alias: string) =>
  sql.raw(`left join users u on u.id = ${alias}.giver_id left join households h on h.id = ${alias}.giver_id`);

/**
 * What counted to each fund in each month of the period (refunds and reversals taken off), read
 * from the totals kept per fund and day (docs/decisions/0245): a year is a few thousand rows
 * whatever the number of gifts. A month whose counted splits all stopped counting is no row, as
 * when the gifts were added up here (tests/api/givingTotals.test.ts holds that query beside it).
 */
export async function fundMonthTotals(db: Db | Tx, period: Period): Promise<FundMonthTotals> {
  const rows = rowsOf<{ month: string; fundId: string; fundName: string; amount: string }>(
    await db.execute(sql`
      select to_char(t.day, 'YYYY-MM') as month, t.fund_id as "fundId", f.name as "fundName", sum(t.amount)::text as amount
      from giving_fund_totals t join giving_funds f on f.id = t.fund_id
      where t.day between ${period.from} and ${period.to}
      group by 1, 2, 3
      having sum(t.splits) > 0
      order by 1, lower(f.name)`),
  );
  return { ...period, rows: rows.map((r) => ({ ...r, amount: kobo(r.amount) })) };
}

/** How many givers gave how much in the period, by band; a giver whose refunds took all back is in none. */
export async function giverBands(db: Db | Tx, period: Period): Promise<GiverBands> {
  const bandOf = sql.join(
    [
      sql`case`,
      ...GIVER_BANDS.map((b) =>
        b.max === null ? sql`when total >= ${b.min} then ${b.key}` : sql`when total >= ${b.min} and total < ${b.max} then ${b.key}`,
      ),
      sql`end`,
    ],
    sql` `,
  );
  const rows = rowsOf<{ band: string; givers: number; amount: string }>(
    await db.execute(sql`
      with per_giver as (
        select ${giverKeySql('c')} as giver_id, sum(${signedSql('c')}) as total from contributions c
        where ${giverKeySql('c')} is not null and c.date between ${period.from} and ${period.to} and ${countsSql('c')}
        group by 1)
      select band, count(*)::int as givers, sum(total)::text as amount
      from (select ${bandOf} as band, total from per_giver where total > 0) banded
      group by band`),
  );
  const found = new Map(rows.map((r) => [r.band, r]));
  return {
    ...period,
    bands: GIVER_BANDS.map((b) => ({
      key: b.key,
      min: b.min,
      max: b.max,
      givers: Number(found.get(b.key)?.givers ?? 0),
      amount: kobo(found.get(b.key)?.amount),
    })),
  };
}

/**
 * The givers whose first gift ever (a gift that stands: not reversed by a correction) falls in
 * the period, with what they gave in it; the earliest first.
 */
export async function firstTimeGivers(db: Db | Tx, period: Period): Promise<FirstTimeGivers> {
  const rows = rowsOf<Omit<FirstTimeGivers['rows'][number], 'amount'> & { amount: string; total: number }>(
    await db.execute(sql`
      with firsts as (
        select ${giverKeySql('c')} as giver_id, min(c.date) as first_date from contributions c
        where ${giverKeySql('c')} is not null and ${standingGiftSql('c')}
        group by 1
        having min(c.date) between ${period.from} and ${period.to}),
      in_period as (
        select ${giverKeySql('c')} as giver_id, sum(${signedSql('c')}) as amount from contributions c
        where ${giverKeySql('c')} in (select giver_id from firsts) and c.date between ${period.from} and ${period.to} and ${countsSql('c')}
        group by 1)
      select u.id as "giverId", h.id as "householdId", ${giverName} as "giverName", f.first_date::text as "firstDate",
        coalesce(p.amount, 0)::text as amount, (count(*) over ())::int as total
      from firsts f ${giverJoins('f')} left join in_period p on p.giver_id = f.giver_id
      order by f.first_date, lower(${giverName}), f.giver_id
      limit ${REPORT_ROWS_CAP}`),
  );
  return {
    ...period,
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map(({ total: _, ...r }) => ({ ...r, amount: kobo(r.amount) })),
  };
}

/**
 * The givers who gave in the year before `year` and not in `year` (gifts that stand), with their
 * last gift's day and what they gave that year; the most recent to stop first.
 */
export async function lapsedGivers(db: Db | Tx, year = thisYear()): Promise<LapsedGivers> {
  const lastYear = { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  const rows = rowsOf<Omit<LapsedGivers['rows'][number], 'lastYearAmount'> & { lastYearAmount: string; total: number }>(
    await db.execute(sql`
      with gifts as (
        select ${giverKeySql('c')} as giver_id, c.date from contributions c
        where ${giverKeySql('c')} is not null and c.date between ${lastYear.from} and ${`${year}-12-31`} and ${standingGiftSql('c')}),
      lapsed as (
        select giver_id, max(date) as last_date from gifts group by giver_id
        having max(date) <= ${lastYear.to}),
      last_year as (
        select ${giverKeySql('c')} as giver_id, sum(${signedSql('c')}) as amount from contributions c
        where ${giverKeySql('c')} in (select giver_id from lapsed) and c.date between ${lastYear.from} and ${lastYear.to} and ${countsSql('c')}
        group by 1)
      select u.id as "giverId", h.id as "householdId", ${giverName} as "giverName", l.last_date::text as "lastDate",
        coalesce(y.amount, 0)::text as "lastYearAmount", (count(*) over ())::int as total
      from lapsed l ${giverJoins('l')} left join last_year y on y.giver_id = l.giver_id
      order by l.last_date desc, lower(${giverName}), l.giver_id
      limit ${REPORT_ROWS_CAP}`),
  );
  return {
    year,
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map(({ total: _, ...r }) => ({ ...r, lastYearAmount: kobo(r.lastYearAmount) })),
  };
}
