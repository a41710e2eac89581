import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { onlineGivingCalls, type matchSchema, type Payer, type UnmatchedContribution } from '@/domain/giving/online.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { contributions, households, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, conflict, notFound } from '@/server/http/errors.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { contributionById, contributionsWhere } from './read.js';

/**
 * Online gifts whose giver Flock could not tell (docs/decisions/0233-paystack-webhook.md): the
 * readers of giving list them with what the provider said of the payer, and a counter
 * (CAN_CREATE_GIVING, the right that records giving) matches each to a person, once.
 */

/** A page of the office's work, the newest first: more waiting than this is matched in turns. */
const UNMATCHED_SHOWN = 500;

async function unmatchedContributions(db: Db | Tx): Promise<UnmatchedContribution[]> {
  const rows = await contributionsWhere(db, eq(contributions.awaitingMatch, true), {
    order: [desc(contributions.date), desc(contributions.createdAt), desc(contributions.id)],
    limit: UNMATCHED_SHOWN,
  });
  if (!rows.length) return [];
  const extra = await db
    .select({ id: contributions.id, provider: contributions.provider, payer: contributions.payer, createdAt: contributions.createdAt })
    .from(contributions)
    .where(
      inArray(
        contributions.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(extra.map((e) => [e.id, e]));
  return rows.map((r) => {
    const e = byId.get(r.id)!;
    return { ...r, provider: e.provider, payer: (e.payer as Payer | null) ?? null, recordedAt: e.createdAt.toISOString() };
  });
}

/**
 * Gives an unmatched gift its giver, a person or a family that gave in its name
 * (docs/decisions/0244-family-giver.md), once: a gift already matched (or never waiting) is a 409.
 * What the provider said of the payer goes with the match: the gift now names its giver.
 * Audited without the giver nor the amount.
 */
async function matchContribution(tx: Tx, audit: (e: AuditEntry) => void, input: z.infer<typeof matchSchema>) {
  const [row] = await tx.select().from(contributions).where(eq(contributions.id, input.id)).for('update');
  if (!row) throw notFound('Contribution not found');
  if (!row.awaitingMatch) throw conflict('This gift is already matched to its giver');
  const giver = await matchedGiver(tx, input);
  await tx
    .update(contributions)
    .set({ ...giver, awaitingMatch: false, payer: null })
    .where(eq(contributions.id, row.id));
  audit({
    action: 'update',
    entity: 'contribution',
    entityId: row.id,
    before: { kind: row.kind, provider: row.provider, awaitingMatch: true },
    after: { kind: row.kind, provider: row.provider, awaitingMatch: false },
  });
  // A refund or a correction's reversal written before the match took the gift's (lack of a) giver:
  // they take its giver too, so the giver's own giving shows the gift with what was taken back.
  const takers = await tx
    .update(contributions)
    .set(giver)
    .where(
      and(
        eq(contributions.correctsId, row.id),
        inArray(contributions.kind, ['refund', 'reversal']),
        isNull(contributions.giverId),
        isNull(contributions.householdId),
      ),
    )
    .returning();
  for (const taker of takers)
    audit({
      action: 'update',
      entity: 'contribution',
      entityId: taker.id,
      before: { kind: taker.kind, correctsId: taker.correctsId, matched: false },
      after: { kind: taker.kind, correctsId: taker.correctsId, matched: true },
    });
}

/** The person or the family the office named, as the gift's giver columns; 400 when it is not in Flock. */
async function matchedGiver(tx: Tx, input: z.infer<typeof matchSchema>) {
  if (input.householdId) {
    const [family] = await tx.select({ id: households.id }).from(households).where(eq(households.id, input.householdId.toLowerCase()));
    if (!family) throw badRequest('Family not found', { householdId: ['Not a family in Flock'] });
    return { giverId: null, householdId: family.id };
  }
  const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.giverId!.toLowerCase()));
  if (!person) throw badRequest('Giver not found', { giverId: ['Not a person in Flock'] });
  return { giverId: person.id, householdId: null };
}

export function matchingRoutes(db: Db): AnyRouteDef[] {
  return [
    route({
      call: onlineGivingCalls.getUnmatchedContributions,
      tag: 'Giving',
      summary:
        '(added) Online gifts no person in Flock was found for, newest first, with what the provider said of the payer, for the office to match',
      access: { permission: [P.viewGiving, P.recordGiving, P.approveGiving] },
      handler: async () => ok(await unmatchedContributions(db)),
    }),
    route({
      call: onlineGivingCalls.matchContribution,
      tag: 'Giving',
      summary:
        '(added) Match an unmatched online gift to its giver, a person (GiverId) or a family (HouseholdId), one of the two; 409 once matched',
      access: { permission: P.recordGiving },
      async handler({ body, mutate }) {
        await mutate((tx, audit) => matchContribution(tx, audit, body));
        return ok(await contributionById(db, body.id), 'Gift matched');
      },
    }),
  ];
}
