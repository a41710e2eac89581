import { and, count, desc, eq, exists, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { countOf, qualified } from '@/server/db/queries.js';
import { memberDirectory, messageAttachments, messages, notifications } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { pageOf, type ListParams } from '@/server/engines/list.js';
import { memberSearch, visibleTo } from '@/server/engines/memberList.js';
import { audienceCondition, reachablePeople, type Audience, type SenderScope } from './audience.js';
import type { Attachment } from './compose.js';
import { deliverMessage } from './deliver.js';

/** What a sender sends and sees of what they sent. */

type Message = typeof messages.$inferSelect;

/** A message as its sender lists it: without the chosen ids, with its state. */
export function sentView(m: Message, attachmentCount: number) {
  const { userIds: _ids, ...rest } = m;
  return { ...rest, attachmentCount, status: m.deliveredAt ? 'delivered' : 'scheduled' };
}

/** How many people the audience reaches now (the sender not counted). */
export async function recipientCount(db: Db, audience: Audience, senderId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(memberDirectory)
    .where(await audienceCondition(db, audience, senderId));
  return n;
}

type Outgoing = { title: string; body: string; audience: Audience; audienceName: string; later: Date | null; attachments: Attachment[] };

/** Stores the message with its files and delivers it now, or leaves it to its time when it is scheduled. */
export async function sendMessage(tx: Tx, audit: (e: AuditEntry) => void, senderId: string, o: Outgoing) {
  const { audience, attachments } = o;
  const [m] = await tx
    .insert(messages)
    .values({
      senderId,
      title: o.title,
      body: o.body,
      audienceKind: audience.kind,
      audienceId: audience.id ?? null,
      audienceLabel: o.audienceName,
      userIds: audience.kind === 'people' ? audience.userIds! : [],
      scheduledFor: o.later,
    })
    .returning();
  if (attachments.length) {
    await tx.insert(messageAttachments).values(attachments.map((a) => ({ messageId: m.id, ...a, size: a.data.length })));
  }
  const done = o.later ? m : await deliverMessage(tx, m);
  const files = attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, size: a.data.length }));
  audit({
    action: 'create',
    entity: 'message',
    entityId: m.id,
    after: { title: m.title, audience: o.audienceName, scheduledFor: o.later, recipientCount: done.recipientCount, files },
  });
  return done;
}

/** The messages the sender sent, newest first, with how many read them and how many mails went. */
export async function sentPage(db: Db, senderId: string, q: ListParams) {
  const { limit, offset } = pageOf(q);
  const mine = eq(messages.senderId, senderId);
  const read = sql<number>`(select count(*)::int from notifications n where n.message_id = ${qualified(messages.id)} and n.read_at is not null)`;
  const mailed = sql<number>`(select count(*)::int from outbox o where o.message_id = ${qualified(messages.id)} and o.sent_at is not null)`;
  const files = countOf(messageAttachments, messageAttachments.messageId, messages.id);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ message: messages, readCount: read, mailedCount: mailed, attachmentCount: files })
      .from(messages)
      .where(mine)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(messages).where(mine),
  ]);
  const views = rows.map((r) => ({ ...sentView(r.message, r.attachmentCount), readCount: r.readCount, mailedCount: r.mailedCount }));
  return { rows: views, total: n };
}

/** An attachment, for its message's sender and recipients only (undefined for anyone else). */
export async function attachmentFor(db: Db, userId: string, id: string) {
  const received = exists(
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(eq(notifications.messageId, messageAttachments.messageId), eq(notifications.recipientId, userId))),
  );
  const [file] = await db
    .select({ fileName: messageAttachments.fileName, contentType: messageAttachments.contentType, data: messageAttachments.data })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, id), sql`(${eq(messages.senderId, userId)} or ${received})`));
  return file;
}

/** At most 20 people the sender may choose one by one, searched by name, email or phone. */
export async function choosablePeople(db: Db, caller: Caller, scope: SenderScope, search: string | undefined) {
  const md = memberDirectory;
  const people = await db
    .select({ id: md.userId, firstName: md.firstName, surName: md.surName, email: md.email })
    .from(md)
    .where(
      and(
        // Listed, enabled, and not the caller: as audiences are.
        sql`not ${md.archived} and not ${md.disabled} and ${md.userId} <> ${caller.id}`,
        reachablePeople(scope),
        visibleTo(caller),
        memberSearch(search),
      ),
    )
    .orderBy(md.surName, md.firstName)
    .limit(20);
  return people.map((p) => ({ id: p.id, fullName: `${p.firstName} ${p.surName}`, email: p.email }));
}
