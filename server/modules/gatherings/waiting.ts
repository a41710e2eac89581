import { DECIDED_BY } from '@/domain/gatherings/deciders.js';
import type { Tx } from '@/server/db/client.js';
import { holdsPermission } from '@/server/db/permissionsOf.js';
import type { Caller } from '@/server/http/access.js';
import type { Localized } from '@/domain/common/languages.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { notifyDeciders } from '@/server/modules/notifications/notify.js';

/**
 * Tells whoever holds the right that decides a gathering request (DECIDED_BY, the decision
 * route's own access rule) that it waits; its requester is left out, as nobody decides their own.
 * Called in the filing's transaction.
 */
export function tellDeciders(
  tx: Tx,
  audit: (e: AuditEntry) => void,
  caller: Caller,
  w: { kind: keyof typeof DECIDED_BY; body: Localized; link: '/venue-management' | '/events' | '/outreach' },
) {
  return notifyDeciders(tx, audit, {
    deciders: (userId) => holdsPermission(userId, DECIDED_BY[w.kind]),
    senderId: caller.id,
    requesterIds: [caller.id],
    body: w.body,
    link: w.link,
  });
}
