import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@/server/db/queries.js';
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

/** What waits: the words of its notification and mail, where it is decided, and who filed it. */
export type Waiting = {
  /** The condition "this user may decide it" on a users row's id (the rule the decision itself checks). */
  deciders: (userId: SQL) => SQL;
  /** Who filed it (the sender of the notification). */
  senderId: string;
  /** Who filed it and whom it is about: told nothing, since nobody decides their own. */
  requesterIds: string[];
  body: string;
  /** A constant of the web app's routes (docs/decisions/0124-notification-links.md). */
  link: string;
  requestId?: string;
};

const WAITING_TITLE = 'Waiting for your decision';

/**
 * Tells everyone who may decide something that it waits (docs/decisions/0207-deciders-told.md):
 * an inbox row each and, by each one's own choice (the 'approvals' opt-out and the email
 * consent), a mail queued in the outbox; one statement inside the caller's transaction, so the
 * waiting thing, its notifications and mails commit together. Disabled accounts are left out.
 */
export async function notifyDeciders(tx: Tx, audit: (e: AuditEntry) => void, w: Waiting): Promise<void> {
  const requesters = sql.join(
    w.requesterIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const mailText = `${w.body}\n\nOpen Flock to decide it (${w.link}).`;
  const rows = rowsOf<{ id: string; recipient_id: string }>(
    await tx.execute(sql`
      with inbox as (
        insert into notifications (recipient_id, sender_id, kind, title, body, request_id, link)
        select u.id, ${w.senderId}::uuid, 'request', ${WAITING_TITLE}, ${w.body}, ${w.requestId ?? null}::uuid, ${w.link}
        from users u
        where not u.disabled and u.id not in (${requesters}) and ${w.deciders(sql`u.id`)}
        returning id, recipient_id),
      mails as (
        insert into outbox ("to", subject, text, category)
        select u.email, ${WAITING_TITLE}, ${mailText}, 'approvals'
        from inbox join users u on u.id = inbox.recipient_id
        where u.email_verified
          and not exists (select 1 from email_opt_outs o where o.user_id = u.id and o.category = 'approvals')
          and ${mayEmail(sql`u.id`)})
      select id, recipient_id from inbox`),
  );
  for (const row of rows) {
    audit({
      action: 'create',
      entity: 'notification',
      entityId: row.id,
      after: { recipientId: row.recipient_id, title: WAITING_TITLE, body: w.body, link: w.link },
    });
  }
}
