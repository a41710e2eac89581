import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { notifications } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { mayEmail } from '@/server/modules/profile/consent.js';

type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;

/**
 * Stores a notification inside the caller's transaction, so it exists exactly when the change
 * does, and queues its mail in the outbox unless the recipient opted out of request mails.
 */
export async function notify(tx: Tx, audit: (e: AuditEntry) => void, notification: NewNotification) {
  const [row] = await tx.insert(notifications).values(notification).returning();
  await tx.execute(sql`
    insert into outbox ("to", subject, text, category)
    select u.email, ${row.title}, ${row.body}, 'requests' from users u
    where u.id = ${row.recipientId} and u.email_verified
      and not exists (select 1 from email_opt_outs o where o.user_id = u.id and o.category = 'requests')
      and ${mayEmail(sql`u.id`)}`);
  audit({ action: 'create', entity: 'notification', entityId: row.id, after: row });
  return row;
}
