import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { MemberRequestStatus } from '@/domain/common/enums.js';
import type { AnyCall } from '@/domain/common/calls.js';
import { decidingCalls } from '@/domain/requests/calls.js';
import type { decisionSchema } from '@/domain/requests/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { decisionNotice } from '@/server/engines/decisions.js';
import { memberRequests, requestEvents } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { notify } from '@/server/modules/notifications/notify.js';
import { applyRequest } from './apply.js';
import { isRequester, mustDecide } from './scope.js';
import { describeRequest, REQUEST_NOT_FOUND, requestView, type RequestView } from './view.js';

/**
 * The one state machine of every request kind: pending -> approved | rejected (by a decider) |
 * cancelled (by the member). Each transition is one conditional UPDATE ... WHERE status =
 * 'pending', so of two deciders clicking at once exactly one wins and the other is told the
 * request is already decided; the change, the history event, the notification and the audit
 * rows commit with it or not at all.
 */

type Request = typeof memberRequests.$inferSelect;
type Audit = (e: AuditEntry) => void;
type Decision = z.output<typeof decisionSchema>;

async function findRequest(tx: Tx, id: string): Promise<Request> {
  const [row] = await tx.select().from(memberRequests).where(eq(memberRequests.id, id));
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** Moves a pending request to its final status, or says what it already is. */
async function close(tx: Tx, id: string, values: Partial<Request> & { status: MemberRequestStatus }): Promise<Request> {
  const [row] = await tx
    .update(memberRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(memberRequests.id, id), eq(memberRequests.status, 'pending')))
    .returning();
  if (row) return row;
  const { status } = await findRequest(tx, id);
  throw badRequest(`This request has already been ${status}.`);
}

async function tellRequester(tx: Tx, audit: Audit, caller: Caller, v: RequestView) {
  const what = describeRequest(v);
  const notice = decisionNotice(caller, {
    requesterId: v.requester.id,
    approved: v.status === 'approved',
    what: { en: `to ${what.en}`, fr: `pour ${what.fr}` },
    comment: v.decisionComment,
    link: '/requests',
  });
  await notify(tx, audit, { ...notice, requestId: v.id });
}

/** A call's name as the contract spells it: the last segment of its path. */
const nameOf = (call: AnyCall) => call.path.slice(call.path.lastIndexOf('/') + 1);

/** Approve or reject a pending request of the kinds this call decides; an approval applies the change. */
export async function decide(tx: Tx, audit: Audit, caller: Caller, call: AnyCall, q: Decision): Promise<RequestView> {
  const before = await findRequest(tx, q.requestId);
  const deciding = decidingCalls[before.kind];
  if (deciding !== call) throw badRequest(`This request is decided with ${nameOf(deciding)}, not ${nameOf(call)}`);
  await mustDecide(tx, caller, before);
  const status = q.approve ? 'approved' : 'rejected';
  const comment = q.comment ?? null;
  const after = await close(tx, before.id, { status, decidedBy: caller.id, decidedAt: new Date(), decisionComment: comment });
  if (q.approve) await applyRequest(tx, audit, after);
  await tx.insert(requestEvents).values({ requestId: after.id, action: status, actorId: caller.id, comment });
  audit({ action: q.approve ? 'approve' : 'reject', entity: 'memberRequest', entityId: after.id, before, after });
  const view = (await requestView(tx, after.id))!;
  await tellRequester(tx, audit, caller, view);
  return view;
}

/** The member (or whoever filed it for them) withdraws a pending request. */
export async function cancel(tx: Tx, audit: Audit, caller: Caller, requestId: string): Promise<RequestView> {
  const before = await findRequest(tx, requestId);
  if (!isRequester(caller, before)) throw forbidden('Only the member who filed this request may cancel it');
  const after = await close(tx, before.id, { status: 'cancelled', decidedBy: caller.id, decidedAt: new Date() });
  await tx.insert(requestEvents).values({ requestId: after.id, action: 'cancelled', actorId: caller.id });
  audit({ action: 'cancel', entity: 'memberRequest', entityId: after.id, before, after });
  return (await requestView(tx, after.id))!;
}
