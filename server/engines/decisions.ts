import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inEveryLanguage, type Localized } from '@/domain/common/languages.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, qualified } from '@/server/db/queries.js';
import { auditLogs, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, forbidden } from '@/server/http/errors.js';

/**
 * The member requests' state machine (server/modules/requests/decide.ts), for the other
 * requests (venue bookings, events, outreach): a transition is one conditional UPDATE ... WHERE
 * status = <from>, so of two deciders clicking at once exactly one wins and the other is told
 * what the request already is. The caller sends decisionNotice's notification in the decision's
 * transaction, so the decision and the requester's notification commit together.
 */

/**
 * Runs the conditional update; when it changed nothing, reads the status the request now has
 * and refuses with it.
 */
export async function transitionOnce<T>(update: () => Promise<T[]>, current: () => Promise<string>): Promise<T> {
  const [row] = await update();
  if (row) return row;
  throw badRequest(`This request has already been ${await current()}.`);
}

/** Nobody decides their own request. */
export function notOwnRequest(caller: Caller, requesterId: string) {
  if (requesterId === caller.id) throw forbidden('You cannot decide your own request');
}

/** A decision's words, in each language (docs/decisions/0231-mail-frame-and-server-language.md). */
const DECIDED: Localized<{
  title: (approved: boolean) => string;
  body: (what: string, approved: boolean, comment: string | null) => string;
}> = {
  en: {
    title: (approved) => `Request ${approved ? 'approved' : 'rejected'}`,
    body: (what, approved, comment) =>
      `Your request ${what} was ${approved ? 'approved' : 'rejected'}.${comment ? ` Comment: ${comment}` : ''}`,
  },
  fr: {
    title: (approved) => `Demande ${approved ? 'approuvée' : 'refusée'}`,
    body: (what, approved, comment) =>
      `Votre demande ${what} a été ${approved ? 'approuvée' : 'refusée'}.${comment ? ` Commentaire : ${comment}` : ''}`,
  },
};

/**
 * The notification that tells the requester of the decision (the caller stores it in the
 * decision's transaction). `what` says what was asked, in each language ("for the outreach …",
 * "pour l’évangélisation …"); the decider's comment goes in as written.
 */
export function decisionNotice(
  caller: Caller,
  d: { requesterId: string; approved: boolean; what: Localized; comment: string | null; link: string },
) {
  return {
    recipientId: d.requesterId,
    senderId: caller.id,
    kind: 'request',
    title: inEveryLanguage((code) => DECIDED[code].title(d.approved)),
    body: inEveryLanguage((code) => DECIDED[code].body(d.what[code], d.approved, d.comment)),
    link: d.link,
  } as const;
}

/**
 * A request's history, oldest first, read from the audit trail (every change of these requests
 * writes its row there in the change's transaction): who filed, changed, approved or rejected it
 * and when, with the decision's comment. Rows the retention job archived are no longer shown.
 */
export function historyOf(db: Db | Tx, entity: string, id: string) {
  const a = auditLogs;
  return db
    .select({
      id: a.id,
      action: a.action,
      actorId: a.actorId,
      actorName: personName(a.actorId),
      comment: sql<string | null>`case when ${a.action} in ('approve', 'reject') then ${a.after}->>'decisionComment' end`,
      at: a.createdAt,
    })
    .from(a)
    .where(and(eq(a.entity, entity), eq(a.entityId, id)))
    .orderBy(asc(a.createdAt), asc(STEP_ORDER), asc(a.id));
}

/**
 * Rows of one transaction share its time (now()): an approver's own booking is filed and approved
 * in one, so within a time the filing comes before the decision.
 */
const STEP_ORDER = sql`case ${auditLogs.action} when 'create' then 0 when 'update' then 1 when 'delete' then 3 else 2 end`;

/** The requester filter: the requester's name or email holds the text (any case; LIKE's wildcards taken literally). */
export function requesterMatches(userId: PgColumn, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const email = sql`(select ${qualified(users.email, 'who')} from ${users} as who where ${qualified(users.id, 'who')} = ${qualified(userId)})`;
  return or(ilike(personName(userId), pattern), ilike(email, pattern));
}
