import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Batch, BatchWithEntries, Contribution, Fund, GivingMethod, Split } from '@/domain/giving/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { contributionSplits, contributions, givingBatches, givingFunds, users } from '@/server/db/schema/index.js';
import { notFound } from '@/server/http/errors.js';

/** Reading giving: funds, batches with their entries, one's own giving (docs/decisions/0227-giving.md). */

export const BATCH_NOT_FOUND = 'Batch not found';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function fundList(db: Db | Tx): Promise<Fund[]> {
  const rows = await db
    .select()
    .from(givingFunds)
    .orderBy(sql`${givingFunds.retiredAt} is not null`, asc(givingFunds.name));
  return rows.map((f) => ({ id: f.id, name: f.name, retiredAt: iso(f.retiredAt) }));
}

const giverName = sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.surName}), '')`;

/** Contributions with their giver's name and splits, oldest first. */
async function contributionsWhere(db: Db | Tx, where: SQL | undefined): Promise<Contribution[]> {
  const rows = await db
    .select({ c: contributions, giverName })
    .from(contributions)
    .leftJoin(users, eq(users.id, contributions.giverId))
    .where(where)
    .orderBy(asc(contributions.date), asc(contributions.createdAt), asc(contributions.id));
  if (!rows.length) return [];
  const splits = await db
    .select({
      contributionId: contributionSplits.contributionId,
      fundId: contributionSplits.fundId,
      fundName: givingFunds.name,
      amount: contributionSplits.amount,
    })
    .from(contributionSplits)
    .innerJoin(givingFunds, eq(givingFunds.id, contributionSplits.fundId))
    .where(
      inArray(
        contributionSplits.contributionId,
        rows.map((r) => r.c.id),
      ),
    )
    .orderBy(asc(givingFunds.name));
  const byContribution = new Map<string, Split[]>();
  for (const { contributionId, ...split } of splits)
    byContribution.set(contributionId, [...(byContribution.get(contributionId) ?? []), split]);
  return rows.map(({ c, giverName: name }) => ({
    id: c.id,
    batchId: c.batchId,
    giverId: c.giverId,
    giverName: name,
    date: c.date,
    amount: c.amount,
    currency: c.currency,
    method: c.method as GivingMethod,
    reference: c.reference,
    kind: c.kind,
    correctsId: c.correctsId,
    reason: c.reason,
    splits: byContribution.get(c.id) ?? [],
  }));
}

export async function contributionById(db: Db | Tx, id: string): Promise<Contribution> {
  const [row] = await contributionsWhere(db, eq(contributions.id, id));
  if (!row) throw notFound('Contribution not found');
  return row;
}

const batchFields = {
  b: givingBatches,
  enteredTotal: sql<string>`coalesce((select sum(c.amount) from contributions c where c.batch_id = "giving_batches"."id"), 0)::text`,
  entries: sql<number>`(select count(*)::int from contributions c where c.batch_id = "giving_batches"."id")`,
};

function batchOf(row: { b: typeof givingBatches.$inferSelect; enteredTotal: string; entries: number }): Batch {
  const { b } = row;
  return {
    id: b.id,
    name: b.name,
    date: b.date,
    currency: b.currency,
    countedTotal: b.countedTotal,
    enteredTotal: Number(row.enteredTotal),
    entries: Number(row.entries),
    state: b.state,
    createdBy: b.createdBy,
    postedBy: b.postedBy,
    approvedBy: b.approvedBy,
  };
}

/** Batches, newest first: open ones are what counters are working on. */
export async function batchList(db: Db | Tx): Promise<Batch[]> {
  const rows = await db.select(batchFields).from(givingBatches).orderBy(desc(givingBatches.date), desc(givingBatches.createdAt)).limit(500);
  return rows.map(batchOf);
}

export async function batchById(db: Db | Tx, id: string): Promise<BatchWithEntries> {
  const [row] = await db.select(batchFields).from(givingBatches).where(eq(givingBatches.id, id));
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return { ...batchOf(row), contributions: await contributionsWhere(db, eq(contributions.batchId, id)) };
}

/**
 * One's own giving as it counts: entries of approved batches, and the refunds and corrections
 * written after (which carry no batch). Entries of batches not yet approved are not given yet.
 */
export async function givingOf(db: Db | Tx, userId: string): Promise<Contribution[]> {
  const approved = db.select({ id: givingBatches.id }).from(givingBatches).where(eq(givingBatches.state, 'approved'));
  return contributionsWhere(
    db,
    and(eq(contributions.giverId, userId), or(isNull(contributions.batchId), inArray(contributions.batchId, approved))),
  );
}
