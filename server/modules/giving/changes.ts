import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  batchDifference,
  formatKobo,
  ONE_GIVER,
  splitsAddUp,
  type addEntrySchema,
  type batchCreateSchema,
  type changeEntrySchema,
  type ContributionInput,
  type correctionSchema,
  type refundSchema,
  type SplitInput,
} from '@/domain/giving/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { auditLogs, contributionSplits, contributions, givingBatches, givingFunds, households, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '@/server/http/errors.js';
import { BATCH_NOT_FOUND } from './read.js';

/**
 * Changes to giving, each in the caller's one transaction and audited
 * (docs/decisions/0227-giving.md). Audit entries name what changed and who, never an amount:
 * audit reviewers need not hold the right to see giving.
 */

type Audit = (e: AuditEntry) => void;

const NOT_FOUND = 'Contribution not found';
const LOCKED = 'This batch is posted: its entries are locked';
const WAITING = 'This correction waits for approval: approve it first';

/** A fund's name is unique whatever its letter case. */
export async function createFund(tx: Tx, audit: Audit, name: string): Promise<string> {
  const [row] = await tx
    .insert(givingFunds)
    .values({ name })
    .returning()
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'giving_funds_name_key')) throw conflict(`A fund named '${name}' already exists`);
      throw err;
    });
  audit({ action: 'create', entity: 'givingFund', entityId: row.id, after: row });
  return row.id;
}

/** A retired fund takes no new gifts; what was given to it stays. */
export async function retireFund(tx: Tx, audit: Audit, id: string) {
  const [before] = await tx.select().from(givingFunds).where(eq(givingFunds.id, id)).for('update');
  if (!before) throw notFound('Fund not found');
  if (before.retiredAt) throw conflict(`The fund '${before.name}' is already retired`);
  const [after] = await tx
    .update(givingFunds)
    .set({ retiredAt: new Date(), updatedAt: new Date() })
    .where(eq(givingFunds.id, id))
    .returning();
  audit({ action: 'retire', entity: 'givingFund', entityId: id, before, after });
}

export async function createBatch(tx: Tx, audit: Audit, caller: Caller, input: z.infer<typeof batchCreateSchema>): Promise<string> {
  const [row] = await tx
    .insert(givingBatches)
    .values({ name: input.name, date: input.date, currency: input.currency, countedTotal: input.countedTotal, createdBy: caller.id })
    .returning();
  audit({ action: 'create', entity: 'givingBatch', entityId: row.id, after: { name: row.name, date: row.date, state: row.state } });
  return row.id;
}

async function lockedBatch(tx: Tx, id: string) {
  const [row] = await tx.select().from(givingBatches).where(eq(givingBatches.id, id)).for('update');
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return row;
}

async function openBatch(tx: Tx, id: string) {
  const batch = await lockedBatch(tx, id);
  if (batch.state !== 'open') throw conflict(LOCKED);
  return batch;
}

type Giver = { giverId?: string | null; householdId?: string | null };

/**
 * The giver must be a person in Flock, or a family (docs/decisions/0244-family-giver.md), or none:
 * anonymous. Both is a 400 here as in the schema; the table's check is the last word.
 */
async function mustBeGiver(tx: Tx, { giverId, householdId }: Giver) {
  if (giverId && householdId) throw badRequest(ONE_GIVER, { householdId: [ONE_GIVER] });
  if (giverId) {
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.id, giverId.toLowerCase()));
    if (!found) throw badRequest('Giver not found', { giverId: ['Not a person in Flock'] });
  }
  if (householdId) {
    const [found] = await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId.toLowerCase()));
    if (!found) throw badRequest('Family not found', { householdId: ['Not a family in Flock'] });
  }
}

const giverOf = (entry: Giver) => ({
  giverId: entry.giverId ? entry.giverId.toLowerCase() : null,
  householdId: entry.householdId ? entry.householdId.toLowerCase() : null,
});

/** Each fund named once and in use; the splits add up to the amount (the schema says so too, the server decides). */
async function mustSplit(tx: Tx, amount: number, splits: SplitInput[], allowRetired = false) {
  if (!splitsAddUp(amount, splits)) throw badRequest('The splits must add up to the amount', { splits: ['Must add up to the amount'] });
  const ids = splits.map((s) => s.fundId.toLowerCase());
  if (new Set(ids).size < ids.length) throw badRequest('A fund is named twice', { splits: ['A fund is named twice'] });
  const funds = await tx.select().from(givingFunds).where(inArray(givingFunds.id, ids));
  if (funds.length < ids.length) throw badRequest('Fund not found', { splits: ['Fund not found'] });
  const retired = funds.find((f) => f.retiredAt);
  if (retired && !allowRetired) throw badRequest(`The fund '${retired.name}' is retired`, { splits: ['Retired fund'] });
}

type NewEntry = Omit<ContributionInput, 'currency'> & {
  currency: string;
  batchId: string | null;
  kind: 'gift' | 'refund' | 'reversal';
  correctsId?: string | null;
  reason?: string | null;
};

async function insertEntry(tx: Tx, audit: Audit, caller: Caller, entry: NewEntry): Promise<string> {
  const [row] = await tx
    .insert(contributions)
    .values({
      batchId: entry.batchId,
      ...giverOf(entry),
      date: entry.date,
      amount: entry.amount,
      currency: entry.currency,
      method: entry.method,
      reference: entry.reference || null,
      kind: entry.kind,
      correctsId: entry.correctsId ?? null,
      reason: entry.reason ?? null,
      recordedBy: caller.id,
    })
    .returning();
  await tx
    .insert(contributionSplits)
    .values(entry.splits.map((s) => ({ contributionId: row.id, fundId: s.fundId.toLowerCase(), amount: s.amount })));
  audit({ action: 'create', entity: 'contribution', entityId: row.id, after: entryTrace(row) });
  return row.id;
}

/** What the audit keeps of an entry: where it sits and what it points at, never the money or the giver. */
const entryTrace = (row: typeof contributions.$inferSelect) => ({
  batchId: row.batchId,
  kind: row.kind,
  correctsId: row.correctsId,
  method: row.method,
  date: row.date,
});

function sameCurrency(batch: { currency: string }, currency: string) {
  if (batch.currency !== currency)
    throw badRequest(`This batch is counted in ${batch.currency}`, { currency: [`Must be ${batch.currency}`] });
}

export async function addEntry(tx: Tx, audit: Audit, caller: Caller, input: z.infer<typeof addEntrySchema>) {
  const batch = await openBatch(tx, input.batchId);
  sameCurrency(batch, input.currency);
  await mustBeGiver(tx, input);
  await mustSplit(tx, input.amount, input.splits);
  await insertEntry(tx, audit, caller, { ...input, batchId: batch.id, kind: 'gift' });
  await touch(tx, batch.id);
}

async function lockedEntry(tx: Tx, id: string) {
  const [row] = await tx.select().from(contributions).where(eq(contributions.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  // Outside a batch an entry is a refund or correction, posted when written.
  if (!row.batchId) throw conflict('Posted money is never edited: record a refund or a correction');
  return row;
}

const touch = (tx: Tx, batchId: string) => tx.update(givingBatches).set({ updatedAt: new Date() }).where(eq(givingBatches.id, batchId));

/** Changes an entry of an open batch; answers the batch's id. */
export async function changeEntry(tx: Tx, audit: Audit, input: z.infer<typeof changeEntrySchema>): Promise<string> {
  const before = await lockedEntry(tx, input.id);
  const batch = await openBatch(tx, before.batchId!);
  sameCurrency(batch, input.currency);
  await mustBeGiver(tx, input);
  await mustSplit(tx, input.amount, input.splits);
  const [after] = await tx
    .update(contributions)
    .set({
      ...giverOf(input),
      date: input.date,
      amount: input.amount,
      method: input.method,
      reference: input.reference || null,
    })
    .where(eq(contributions.id, input.id))
    .returning();
  await tx.delete(contributionSplits).where(eq(contributionSplits.contributionId, input.id));
  await tx
    .insert(contributionSplits)
    .values(input.splits.map((s) => ({ contributionId: input.id, fundId: s.fundId.toLowerCase(), amount: s.amount })));
  audit({ action: 'update', entity: 'contribution', entityId: input.id, before: entryTrace(before), after: entryTrace(after) });
  await touch(tx, batch.id);
  return batch.id;
}

/** Removes an entry of an open batch; answers the batch's id. */
export async function removeEntry(tx: Tx, audit: Audit, id: string): Promise<string> {
  const before = await lockedEntry(tx, id);
  const batch = await openBatch(tx, before.batchId!);
  await tx.delete(contributions).where(eq(contributions.id, id));
  audit({ action: 'delete', entity: 'contribution', entityId: id, before: entryTrace(before) });
  await touch(tx, batch.id);
  return batch.id;
}

/** Posts a batch whose entries come to the counted total; it is locked from then on. */
export async function postBatch(tx: Tx, audit: Audit, caller: Caller, id: string) {
  const batch = await openBatch(tx, id);
  const entries = await tx.select({ amount: contributions.amount }).from(contributions).where(eq(contributions.batchId, id));
  const difference = batchDifference(batch.countedTotal, entries);
  if (difference !== 0) {
    const entered = batch.countedTotal - difference;
    throw badRequest(
      `The entries come to ${formatKobo(entered, batch.currency)} but the counted total is ${formatKobo(batch.countedTotal, batch.currency)}: a difference of ${formatKobo(difference, batch.currency)}`,
      { difference: [String(difference)] },
    );
  }
  await tx
    .update(givingBatches)
    .set({ state: 'posted', postedBy: caller.id, postedAt: new Date(), updatedAt: new Date() })
    .where(eq(givingBatches.id, id));
  audit({ action: 'post', entity: 'givingBatch', entityId: id, before: { state: 'open' }, after: { state: 'posted' } });
}

/**
 * Whether the person entered, changed or removed an entry of the batch: its entries' recorder,
 * or the audit trail's entries of the batch's contributions (a change or removal leaves no row).
 */
async function enteredIn(tx: Tx, batchId: string, userId: string): Promise<boolean> {
  const [recorded] = await tx
    .select({ id: contributions.id })
    .from(contributions)
    .where(and(eq(contributions.batchId, batchId), eq(contributions.recordedBy, userId)))
    .limit(1);
  if (recorded) return true;
  const [audited] = await tx
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.actorId, userId),
        eq(auditLogs.entity, 'contribution'),
        sql`(${auditLogs.before}->>'batchId' = ${batchId} or ${auditLogs.after}->>'batchId' = ${batchId})`,
      ),
    )
    .limit(1);
  return Boolean(audited);
}

/**
 * The second pair of eyes: someone other than whoever counted, entered or posted the batch
 * approves it (403 for them), and only a posted batch (409 otherwise).
 */
export async function approveBatch(tx: Tx, audit: Audit, caller: Caller, id: string) {
  const batch = await lockedBatch(tx, id);
  if (batch.state === 'open') throw conflict('This batch is not posted yet: its entries must equal the counted total and be posted first');
  if (batch.state === 'approved') throw conflict('This batch is already approved');
  if (batch.createdBy === caller.id || batch.postedBy === caller.id || (await enteredIn(tx, id, caller.id)))
    throw forbidden('A batch is approved by someone other than those who counted, entered or posted it');
  await tx
    .update(givingBatches)
    .set({ state: 'approved', approvedBy: caller.id, approvedAt: new Date(), updatedAt: new Date() })
    .where(eq(givingBatches.id, id));
  audit({ action: 'approve', entity: 'givingBatch', entityId: id, before: { state: 'posted' }, after: { state: 'approved' } });
}

/** A gift that counts: in an approved batch, or written outside one (a correction). */
async function postedGift(tx: Tx, id: string) {
  const [row] = await tx
    .select({ c: contributions, state: givingBatches.state })
    .from(contributions)
    .leftJoin(givingBatches, eq(givingBatches.id, contributions.batchId))
    .where(eq(contributions.id, id))
    .for('update', { of: contributions });
  if (!row) throw notFound(NOT_FOUND);
  if (row.c.kind !== 'gift') throw conflict('Only a gift is refunded or corrected, not a refund or a reversal');
  if (row.c.batchId && row.state !== 'approved') throw conflict('This gift is not posted yet: change it in its batch');
  if (!row.c.batchId && !row.c.approvedAt) throw conflict(WAITING);
  return row.c;
}

/** What was already taken back from a gift, fund by fund, and whether a correction reversed it. */
async function takenBack(tx: Tx, id: string) {
  const rows = await tx
    .select({ kind: contributions.kind, fundId: contributionSplits.fundId, amount: sql<string>`sum(${contributionSplits.amount})::text` })
    .from(contributions)
    .innerJoin(contributionSplits, eq(contributionSplits.contributionId, contributions.id))
    .where(and(eq(contributions.correctsId, id), sql`${contributions.kind} <> 'gift'`))
    .groupBy(contributions.kind, contributionSplits.fundId);
  const byFund = new Map<string, number>();
  for (const r of rows) byFund.set(r.fundId, (byFund.get(r.fundId) ?? 0) + Number(r.amount));
  return { reversed: rows.some((r) => r.kind === 'reversal'), byFund };
}

async function splitsOf(tx: Tx, id: string) {
  return tx
    .select({ fundId: contributionSplits.fundId, amount: contributionSplits.amount })
    .from(contributionSplits)
    .where(eq(contributionSplits.contributionId, id));
}

/** A refund: a new entry pointing at the gift, from its funds, never more than is left on each. */
export async function refund(tx: Tx, audit: Audit, caller: Caller, input: z.infer<typeof refundSchema>): Promise<string> {
  const gift = await postedGift(tx, input.contributionId);
  const { reversed, byFund } = await takenBack(tx, gift.id);
  if (reversed) throw conflict('This gift was corrected: refund the correction instead');
  await mustSplit(tx, input.amount, input.splits, true);
  const given = new Map((await splitsOf(tx, gift.id)).map((s) => [s.fundId, s.amount]));
  for (const s of input.splits) {
    const fundId = s.fundId.toLowerCase();
    const left = (given.get(fundId) ?? 0) - (byFund.get(fundId) ?? 0);
    if (s.amount > left)
      throw badRequest('A refund takes back no more than was given to a fund and not yet refunded', { splits: ['More than is left'] });
  }
  const { contributionId, ...rest } = input;
  return insertEntry(tx, audit, caller, {
    ...rest,
    // The refund is the gift's giver's, a person's or a family's.
    giverId: gift.giverId,
    householdId: gift.householdId,
    currency: gift.currency,
    method: gift.method as ContributionInput['method'],
    reference: gift.reference,
    batchId: null,
    kind: 'refund',
    correctsId: contributionId,
  });
}

/**
 * A correction: the gift's reversal (its giver's, person or family) and the right entry (whoever
 * gave it, which may be what the correction fixes), both pointing at it; the gift itself is never edited.
 */
export async function correct(tx: Tx, audit: Audit, caller: Caller, input: z.infer<typeof correctionSchema>): Promise<string> {
  const gift = await postedGift(tx, input.contributionId);
  const { reversed, byFund } = await takenBack(tx, gift.id);
  if (reversed) throw conflict('This gift was already corrected: correct the correction instead');
  if (byFund.size) throw conflict('Part of this gift was refunded: record another refund instead of a correction');
  await mustBeGiver(tx, input);
  await mustSplit(tx, input.amount, input.splits);
  const splits = await splitsOf(tx, gift.id);
  const method = gift.method as ContributionInput['method'];
  const common = { batchId: null, correctsId: gift.id, reason: input.reason };
  await insertEntry(tx, audit, caller, { ...gift, ...common, method, splits, kind: 'reversal' });
  const { contributionId: _old, reason: _reason, ...entry } = input;
  return insertEntry(tx, audit, caller, { ...entry, ...common, kind: 'gift' });
}

/**
 * The second pair of eyes on a refund or correction, as on a batch: someone other than whoever
 * recorded it approves it (403 for them), once (409 after). A correction's reversal and right
 * entry are approved together, whichever of the two is named. Answers the ids approved.
 */
export async function approveCorrection(tx: Tx, audit: Audit, caller: Caller, id: string): Promise<string[]> {
  const [row] = await tx.select().from(contributions).where(eq(contributions.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  if (row.batchId) throw conflict('An entry of a batch is approved with its batch');
  if (row.approvedAt) throw conflict('This refund or correction is already approved');
  const together =
    row.kind === 'refund'
      ? [row]
      : await tx
          .select()
          .from(contributions)
          .where(
            and(
              eq(contributions.correctsId, row.correctsId!),
              inArray(contributions.kind, ['reversal', 'gift']),
              isNull(contributions.approvedAt),
              isNull(contributions.batchId),
            ),
          )
          .for('update');
  if (together.some((r) => r.recordedBy === caller.id))
    throw forbidden('A refund or correction is approved by someone other than whoever recorded it');
  const now = new Date();
  for (const r of together) {
    await tx.update(contributions).set({ approvedBy: caller.id, approvedAt: now }).where(eq(contributions.id, r.id));
    audit({
      action: 'approve',
      entity: 'contribution',
      entityId: r.id,
      before: entryTrace(r),
      after: { ...entryTrace(r), approved: true },
    });
  }
  return together.map((r) => r.id);
}
