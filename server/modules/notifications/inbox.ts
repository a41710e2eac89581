import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { countOf, personName } from '@/server/db/queries.js';
import type { EmailCategory } from '@/domain/notifications/schemas.js';
import { emailOptOuts, messageAttachments, notifications } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { notFound } from '@/server/http/errors.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { nameByType } from '@/server/modules/files/fileNames.js';

/** A person's own inbox: every read and write here is limited to the caller's rows, whatever id they send. */

const NOT_FOUND = 'Notification not found';

const view = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  requestId: notifications.requestId,
  link: notifications.link,
  messageId: notifications.messageId,
  senderId: notifications.senderId,
  senderName: personName(notifications.senderId),
  attachmentCount: countOf(messageAttachments, messageAttachments.messageId, notifications.messageId),
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

const withRead = <T extends { readAt: Date | null }>(r: T) => ({ ...r, isRead: r.readAt !== null });

const mine = (userId: string, id: string) => and(eq(notifications.id, id), eq(notifications.recipientId, userId));
const unreadOf = (userId: string) => and(eq(notifications.recipientId, userId), isNull(notifications.readAt));

/** One page of the inbox, unread first, then newest; the total counts the same rows. */
export async function inboxPage(db: Db, userId: string, q: ListParams & { unread?: boolean }) {
  const where = q.unread ? unreadOf(userId) : eq(notifications.recipientId, userId);
  const { limit, offset } = pageOf(q);
  const unreadFirst = sql`${notifications.readAt} is null desc`;
  const order = orderOf(q, { createdAt: notifications.createdAt }, [unreadFirst, desc(notifications.createdAt), desc(notifications.id)]);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(view)
      .from(notifications)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows: rows.map(withRead), total: n };
}

const attachmentsOf = (db: Db, messageId: string) =>
  db
    .select({
      id: messageAttachments.id,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      size: messageAttachments.size,
    })
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, messageId));

/** One of the person's own notifications with its attachments; another's is not found. */
export async function ownNotification(db: Db, userId: string, id: string) {
  const [row] = await db.select(view).from(notifications).where(mine(userId, id));
  if (!row) throw notFound(NOT_FOUND);
  const attachments = row.messageId ? await attachmentsOf(db, row.messageId) : [];
  // The name the download is saved under: its extension its type's, as GetAttachment serves it.
  return {
    ...withRead(row),
    attachments: attachments.map((a) => ({ ...a, fileName: nameByType(a.fileName, a.contentType, 'attachment') })),
  };
}

export async function unreadCount(db: Db, userId: string) {
  const [{ n }] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return n;
}

export async function markAsRead(tx: Tx, audit: (e: AuditEntry) => void, userId: string, id: string) {
  const [before] = await tx.select().from(notifications).where(mine(userId, id));
  if (!before) throw notFound(NOT_FOUND);
  if (before.readAt) return before;
  const [after] = await tx.update(notifications).set({ readAt: new Date() }).where(mine(userId, id)).returning();
  audit({ action: 'markAsRead', entity: 'notification', entityId: after.id, before: { readAt: null }, after: { readAt: after.readAt } });
  return after;
}

/** Marks every unread notification of the person read; answers how many. */
export async function markAllAsRead(tx: Tx, audit: (e: AuditEntry) => void, userId: string) {
  const rows = await tx.update(notifications).set({ readAt: new Date() }).where(unreadOf(userId)).returning({ id: notifications.id });
  if (rows.length) audit({ action: 'markAllAsRead', entity: 'notification', after: { count: rows.length } });
  return rows.length;
}

/** The mail categories the person opted out of. */
export async function optedOutOf(db: Db, userId: string) {
  const rows = await db.select({ category: emailOptOuts.category }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  return rows.map((r) => r.category);
}

/** Replaces the person's opt-outs with this list. */
export async function setOptOuts(tx: Tx, audit: (e: AuditEntry) => void, userId: string, optedOut: EmailCategory[]) {
  await tx.delete(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  if (optedOut.length) await tx.insert(emailOptOuts).values(optedOut.map((category) => ({ userId, category })));
  audit({ action: 'update', entity: 'emailPreferences', entityId: userId, subjectId: userId, after: { optedOut } });
}
