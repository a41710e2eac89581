import { eq, sql, type SQL } from 'drizzle-orm';
import { LANGUAGE_CODES, wordsIn, type Localized } from '@/domain/common/languages.js';
import { rowsOf } from '@/server/db/queries.js';
import type { Tx } from '@/server/db/client.js';
import { notifications, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { mayEmail } from '@/server/modules/profile/consent.js';

type Stored = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;
/**
 * A notification the server writes: its title and body in every language, stored in the
 * recipient's (docs/decisions/0231-mail-frame-and-server-language.md); a text someone typed
 * (a meeting's title) goes inside each language's words as written.
 */
type NewNotification = Omit<Stored, 'title' | 'body'> & { title: Localized; body: Localized };

/**
 * Stores a notification inside the caller's transaction, so it exists exactly when the change
 * does, in the recipient's language, and queues its mail in the outbox unless the recipient
 * opted out of request mails.
 */
export async function notify(tx: Tx, audit: (e: AuditEntry) => void, notification: NewNotification) {
  const [recipient] = await tx.select({ language: users.language }).from(users).where(eq(users.id, notification.recipientId));
  const language = recipient?.language;
  const values = { ...notification, title: wordsIn(notification.title, language), body: wordsIn(notification.body, language) };
  const [row] = await tx.insert(notifications).values(values).returning();
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
  body: Localized;
  /** A constant of the web app's routes (docs/decisions/0124-notification-links.md). */
  link: string;
  requestId?: string;
};

/** The words around what waits, in each language. */
const WAITING: Localized<{ title: string; decide: (link: string) => string }> = {
  en: { title: 'Waiting for your decision', decide: (link) => `Open Flock to decide it (${link}).` },
  fr: { title: 'En attente de votre décision', decide: (link) => `Ouvrez Flock pour en décider (${link}).` },
};

/** users.language as one of the list's codes: a code Flock does not speak reads English. */
const languageOf = (userId: SQL) =>
  sql`(select case when u2.language in (${sql.join(
    LANGUAGE_CODES.map((code) => sql`${code}`),
    sql`, `,
  )}) then u2.language else 'en' end from users u2 where u2.id = ${userId})`;

/**
 * Tells everyone who may decide something that it waits (docs/decisions/0207-deciders-told.md):
 * an inbox row each and, by each one's own choice (the 'approvals' opt-out and the email
 * consent), a mail queued in the outbox; inside the caller's transaction, so the waiting thing,
 * its notifications and mails commit together. Disabled accounts are left out. One statement
 * per language, each writing to the deciders who read that language.
 */
export async function notifyDeciders(tx: Tx, audit: (e: AuditEntry) => void, w: Waiting): Promise<void> {
  for (const code of LANGUAGE_CODES) await notifyDecidersIn(tx, audit, w, code);
}

async function notifyDecidersIn(tx: Tx, audit: (e: AuditEntry) => void, w: Waiting, code: (typeof LANGUAGE_CODES)[number]) {
  const requesters = sql.join(
    w.requesterIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { title, decide } = WAITING[code];
  const body = w.body[code];
  const mailText = `${body}\n\n${decide(w.link)}`;
  const rows = rowsOf<{ id: string; recipient_id: string }>(
    await tx.execute(sql`
      with inbox as (
        insert into notifications (recipient_id, sender_id, kind, title, body, request_id, link)
        select u.id, ${w.senderId}::uuid, 'request', ${title}, ${body}, ${w.requestId ?? null}::uuid, ${w.link}
        from users u
        where not u.disabled and u.id not in (${requesters}) and ${w.deciders(sql`u.id`)}
          and ${languageOf(sql`u.id`)} = ${code}
        returning id, recipient_id),
      mails as (
        insert into outbox ("to", subject, text, category)
        select u.email, ${title}, ${mailText}, 'approvals'
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
      after: { recipientId: row.recipient_id, title, body, link: w.link },
    });
  }
}
