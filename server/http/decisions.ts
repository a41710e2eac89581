import type { Tx } from '@/server/db/client.js';
import type { Caller } from './access.js';
import type { AuditEntry } from './audit.js';
import { badRequest, forbidden } from './errors.js';
import { notify } from '@/server/modules/notifications/notify.js';

/**
 * The member requests' state machine (server/modules/requests/decide.ts), for the other
 * requests (venue bookings, events, outreach): a transition is one conditional UPDATE ... WHERE
 * status = <from>, so of two deciders clicking at once exactly one wins and the other is told
 * what the request already is; the decision and the requester's notification commit together.
 */

type Audit = (e: AuditEntry) => void;

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

/** Tells the requester of the decision, inside the decision's transaction. */
export async function tellRequester(
  tx: Tx,
  audit: Audit,
  caller: Caller,
  d: { requesterId: string; approved: boolean; what: string; comment: string | null },
) {
  const decision = d.approved ? 'approved' : 'rejected';
  const comment = d.comment ? ` Comment: ${d.comment}` : '';
  await notify(tx, audit, {
    recipientId: d.requesterId,
    senderId: caller.id,
    kind: 'request',
    title: `Request ${decision}`,
    body: `Your request ${d.what} was ${decision}.${comment}`,
  });
}
