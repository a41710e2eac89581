import { sql, type SQL } from 'drizzle-orm';

/**
 * What counts as given, in SQL over a contributions row named by `alias`, for the pledges and
 * reports (docs/decisions/0234): an approved refund or correction (written outside batches), or an
 * entry of an approved batch, as read.ts's `counted` says for the lists. The batches' subquery
 * is uncorrelated, so PostgreSQL reads the approved batches once into a hash, not once a row.
 * Migration 0051's `giving_counts` says the same for the totals kept per fund and day
 * (docs/decisions/0245); tests/api/givingTotals.test.ts holds the two equal.
 */
export const countsSql = (alias: string): SQL =>
  sql.raw(
    `((${alias}.batch_id is null and ${alias}.approved_at is not null)
      or ${alias}.batch_id in (select b.id from giving_batches b where b.state = 'approved'))`,
  );

/** A refund or reversal takes money back: it counts against the gift. */
export const signedSql = (alias: string, amount = `${alias}.amount`): SQL =>
  sql.raw(`(case when ${alias}.kind = 'gift' then ${amount} else -${amount} end)`);

/**
 * A gift that stands: a counted gift no counted reversal undoes (a correction that moved it to
 * another giver or day leaves the giver of the reversed gift without it). First-time and lapsed
 * givers are read from these.
 */
export const standingGiftSql = (alias: string): SQL =>
  sql.join([
    sql.raw(`${alias}.kind = 'gift' and `),
    countsSql(alias),
    sql.raw(` and not exists (select from contributions r where r.corrects_id = ${alias}.id and r.kind = 'reversal' and `),
    countsSql('r'),
    sql.raw(')'),
  ]);

/** A sum the database answers as text (bigint sums are numeric), read back as an exact number of kobo. */
export const kobo = (value: unknown) => Number(value ?? 0);

/**
 * Who gave a contributions row, as the reports count givers: the person, or the family that gave
 * in its name as one giver (docs/decisions/0244-family-giver.md); null when anonymous. The two
 * are uuids of different tables, never equal.
 */
export const giverKeySql = (alias: string): SQL => sql.raw(`coalesce(${alias}.giver_id, ${alias}.household_id)`);
