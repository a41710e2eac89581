import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Batch, BatchWithEntries, Contribution, Fund, GivingMethod, Split } from '@/domain/giving/schemas.js';
import type { PendingCorrection } from '@/domain/giving/online.js';
import type { Db, Tx } from '@/server/db/client.js';
import {
  contributionSplits,
  contributions,
  givingBatches,
  givingFunds,
  householdMembers,
  households,
  users,
} from '@/server/db/schema/index.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { searchPattern } from '@/server/engines/memberList.js';
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

/** The person's name, or the family's for a gift given in its name (docs/decisions/0244-family-giver.md). */
const giverName = sql<string | null>`coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.surName}), ''), ${households.name})`;

const OLDEST_FIRST = [asc(contributions.date), asc(contributions.createdAt), asc(contributions.id)];

/** Contributions with their giver's name and splits, oldest first unless `order` says otherwise. */
export async function contributionsWhere(
  db: Db | Tx,
  where: SQL | undefined,
  { order = OLDEST_FIRST, limit, offset = 0 }: { order?: SQL[]; limit?: number; offset?: number } = {},
): Promise<Contribution[]> {
  const query = db
    .select({ c: contributions, giverName })
    .from(contributions)
    .leftJoin(users, eq(users.id, contributions.giverId))
    .leftJoin(households, eq(households.id, contributions.householdId))
    .where(where)
    .orderBy(...order);
  const rows = await (limit === undefined ? query : query.limit(limit).offset(offset));
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
    householdId: c.householdId,
    giverName: name,
    date: c.date,
    amount: c.amount,
    currency: c.currency,
    method: c.method as GivingMethod,
    reference: c.reference,
    kind: c.kind,
    correctsId: c.correctsId,
    reason: c.reason,
    awaitingApproval: !c.batchId && !c.approvedAt,
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

/** Entries that count: those of approved batches, and approved refunds and corrections (written outside batches). */
export const counted = (db: Db | Tx) =>
  or(
    and(isNull(contributions.batchId), isNotNull(contributions.approvedAt)),
    inArray(contributions.batchId, db.select({ id: givingBatches.id }).from(givingBatches).where(eq(givingBatches.state, 'approved'))),
  );

export type ContributionFilters = ListParams & { fundId?: string; householdId?: string; method?: GivingMethod; from?: string; to?: string };

const CONTRIBUTION_SORTS = { date: contributions.date, amount: contributions.amount, method: contributions.method };

/** Search over the reference and the giver's name, a person's or a family's. */
const matching = (pattern: string) =>
  sql`(flock_fold(coalesce(${contributions.reference}, '')) like ${pattern} or exists (select from ${users} u
    where u.id = ${contributions.giverId} and flock_fold(concat_ws(' ', u.first_name, u.sur_name)) like ${pattern})
    or exists (select from ${households} h where h.id = ${contributions.householdId} and flock_fold(h.name) like ${pattern}))`;

/**
 * The church's contributions that count, newest first, filtered by fund (a split to it), family, method
 * and dates (inclusive), searched by reference or giver, paged; each with its giver and funds. For those who read giving only.
 */
export async function contributionPage(db: Db | Tx, q: ContributionFilters) {
  const where = and(
    counted(db),
    q.fundId
      ? sql`exists (select from ${contributionSplits} s where s.contribution_id = ${contributions.id} and s.fund_id = ${q.fundId.toLowerCase()})`
      : undefined,
    q.householdId ? eq(contributions.householdId, q.householdId.toLowerCase()) : undefined,
    q.method ? eq(contributions.method, q.method) : undefined,
    q.search ? matching(searchPattern(q.search)) : undefined,
    q.from ? gte(contributions.date, q.from) : undefined,
    q.to ? lte(contributions.date, q.to) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const order = orderOf(q, CONTRIBUTION_SORTS, [desc(contributions.date), desc(contributions.createdAt), desc(contributions.id)]);
  const rows = await contributionsWhere(db, where, { order, limit, offset });
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(contributions)
    .where(where);
  return { rows, total: n };
}

/** Refunds and corrections waiting for a second person, oldest first, each with its recorder (who may not approve it). */
export async function pendingCorrections(db: Db | Tx): Promise<PendingCorrection[]> {
  const rows = await contributionsWhere(db, and(isNull(contributions.batchId), isNull(contributions.approvedAt)));
  if (!rows.length) return [];
  const recorders = await db
    .select({ id: contributions.id, recordedBy: contributions.recordedBy })
    .from(contributions)
    .where(
      inArray(
        contributions.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(recorders.map((r) => [r.id, r.recordedBy]));
  return rows.map((r) => ({ ...r, recordedBy: byId.get(r.id) ?? null }));
}

/** Rows by id, in the order given. */
export async function contributionsByIds(db: Db | Tx, ids: string[]): Promise<Contribution[]> {
  const rows = await contributionsWhere(db, inArray(contributions.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/**
 * One's own giving as it counts: entries of approved batches, and the refunds and corrections
 * written after (which carry no batch). Entries of batches not yet approved are not given yet.
 * With them, the gifts given in the name of one's family: every member of a family reads them,
 * as they read its pledges (docs/decisions/0244-family-giver.md).
 */
export async function givingOf(db: Db | Tx, userId: string): Promise<Contribution[]> {
  const family = db.select({ id: householdMembers.householdId }).from(householdMembers).where(eq(householdMembers.userId, userId));
  return contributionsWhere(db, and(or(eq(contributions.giverId, userId), inArray(contributions.householdId, family)), counted(db)));
}
