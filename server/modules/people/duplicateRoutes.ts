import { inArray } from 'drizzle-orm';
import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import type { Tx } from '@/server/db/client.js';
import { duplicateDismissals, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { ok, page } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { seesUnlisted } from '@/server/engines/listing.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { duplicatePairs, likelyMatches } from './duplicateSearch.js';
import { mergePeople, mergePreview } from './merge.js';
import { quickAdd } from './quickAdd.js';

/**
 * Duplicates (docs/decisions/0211-duplicates-and-merge.md): the suggested pairs, dismissing one,
 * and merging two records are the administrators' (CAN_DELETE_MEMBERS: a merge deletes a record,
 * as an erasure does); the quick add and its check are for whoever creates accounts, as the import.
 */
const administrators = { permission: P.deleteMembers };
const creators = { permission: P.createUserManagement };
const tag = 'Duplicates';

/** Remembers that two people are not one: the suggestions leave the pair out from now on. */
async function dismissPair(tx: Tx, audit: (e: AuditEntry) => void, userId: string, otherId: string, dismissedBy: string) {
  if (userId === otherId) throw badRequest('A pair is two different people');
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [userId, otherId]));
  if (found.length < 2) throw notFound('User not found!');
  const [userA, userB] = [userId, otherId].sort();
  await tx.insert(duplicateDismissals).values({ userA, userB, dismissedBy }).onConflictDoNothing();
  audit({ action: 'dismiss-duplicate', entity: 'duplicatePair', entityId: `${userA}:${userB}`, after: { userA, userB } });
  return { userA, userB };
}

export const duplicateRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getDuplicatePairs,
    tag,
    summary:
      'Pairs of people who look like one person (same phone, same email without case, close names with the same birth date), with why; dismissed pairs left out',
    access: administrators,
    async handler({ query, caller, services }) {
      // The pairs name everyone, those who said no to being listed too: only for whoever keeps
      // everyone's records (the one listing rule, docs/decisions/0199), read at each call.
      if (!seesUnlisted(caller!)) throw forbidden();
      const pageSize = query.pageSize ?? 25;
      const { pairs, total } = await duplicatePairs(services.database.db, pageSize, ((query.pageNumber ?? 1) - 1) * pageSize);
      return page(
        pairs.map((p) => ({ id: `${p.a.id}:${p.b.id}`, ...p })),
        total,
      );
    },
  }),
  route({
    call: peopleCalls.dismissDuplicatePair,
    tag,
    summary: 'Say two suggested people are not one: the pair is not suggested again (audited)',
    access: administrators,
    async handler({ body, caller, mutate }) {
      return ok(
        await mutate((tx, audit) => dismissPair(tx, audit, body.userId, body.otherId, caller!.id)),
        'The pair will not be suggested again',
      );
    },
  }),
  route({
    call: peopleCalls.getMergePreview,
    tag,
    summary: 'What merging MergeId into KeepId would keep: both values of each biodata field and which wins, and the rows that would move',
    access: administrators,
    async handler({ query, services }) {
      return ok(await services.database.db.transaction((tx) => mergePreview(tx, query.keepId, query.mergeId)));
    },
  }),
  route({
    call: peopleCalls.mergePeople,
    tag,
    summary:
      "Merge MergeId into KeepId in one transaction: the chosen biodata values, every row naming the merged record moved to the kept one (clashes resolved), the merged account deleted; the kept record's sign-in stays (audited once)",
    access: administrators,
    async handler({ body, mutate }) {
      const done = await mutate((tx, audit) => mergePeople(tx, audit, body.keepId, body.mergeId, body.choices));
      return ok(done, 'The two records are now one');
    },
  }),
  route({
    call: peopleCalls.checkDuplicates,
    tag,
    summary: 'The people on the list a new person may already be (same phone, email, or close name and same birth date), with why',
    access: creators,
    async handler({ body, services }) {
      return ok(await likelyMatches(services.database.db, body));
    },
  }),
  route({
    call: peopleCalls.quickAddMember,
    tag,
    summary:
      'Add one member (name, phone, email, gender, birth date, department): refused with 409 and the likely matches unless saveAnyway; verified, no password, the member role (audited)',
    access: creators,
    async handler({ body, mutate }) {
      return ok(await mutate((tx, audit) => quickAdd(tx, audit, body)), 'Member added');
    },
  }),
];
