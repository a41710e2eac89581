import type { Tx } from '@/server/db/client.js';
import { notifications } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';

type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;

/** Stores a notification inside the caller's transaction, so it exists exactly when the change does. */
export async function notify(tx: Tx, audit: (e: AuditEntry) => void, notification: NewNotification) {
  const [row] = await tx.insert(notifications).values(notification).returning();
  audit({ action: 'create', entity: 'notification', entityId: row.id, after: row });
  return row;
}
