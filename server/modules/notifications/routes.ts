import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '@/domain/common/fields.js';
import type { Db } from '@/server/db/client.js';
import { countOf, personName, qualified } from '@/server/db/queries.js';
import { EMAIL_CATEGORIES, emailOptOuts, memberDirectory, messageAttachments, messages, notifications } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { ok, page } from '@/server/http/envelope.js';
import { badRequest, notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { memberSearch, visibleTo } from '@/server/engines/memberList.js';
import { registerRoutes, route } from '@/server/http/route.js';
import {
  audienceCondition,
  audienceLabel,
  audienceOptions,
  checkAudienceShape,
  mustAddress,
  reachablePeople,
  reachesPeople,
  senderScope,
  type Audience,
} from './audience.js';
import { audienceSchema, readCompose } from './compose.js';
import { deliverMessage, releaseDueMessages } from './deliver.js';

/**
 * Notifications (API.md): every signed-in user reads and marks their own inbox (only their own
 * rows, whatever the id they send); sending is open to anyone whose scope (server/modules/
 * notifications/audience.ts) covers the audience, checked against the database at each call.
 */

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

const toAudience = (q: z.infer<typeof audienceSchema>): Audience => ({ kind: q.audience, id: q.audienceId, userIds: q.userIds });

/** The audience checked for shape, named things and the caller's scope. */
async function allowedAudience(db: Db, caller: Caller, a: Audience) {
  checkAudienceShape(a);
  if (a.id && ['department', 'affinityGroup', 'zone', 'center'].includes(a.kind) && !z.guid().safeParse(a.id).success) {
    throw badRequest('AudienceId must be a valid id', { audienceId: ['Must be a valid id'] });
  }
  await mustAddress(db, await senderScope(db, caller), a);
  return audienceLabel(db, a);
}

const inboxRoutes = (tag: string) => [
  route({
    method: 'GET',
    url: '/Notification/GetAllNotifications',
    tag,
    summary: "The caller's own notifications, unread first, then newest (Unread=true: only unread ones), with paging",
    access: { signedIn: true },
    query: listQuery({ unread: z.stringbool({ error: 'Unread must be true or false' }).optional() }, PAGE_SIZE_CAP),
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const where = and(eq(notifications.recipientId, caller!.id), query.unread ? isNull(notifications.readAt) : undefined);
      const { limit, offset } = pageOf(query);
      const unreadFirst = sql`${notifications.readAt} is null desc`;
      const order = orderOf(query, { createdAt: notifications.createdAt }, [
        unreadFirst,
        desc(notifications.createdAt),
        desc(notifications.id),
      ]);
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
      return page(rows.map(withRead), n);
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetNotification',
    tag,
    summary: 'One of the caller’s own notifications with its attachments (another’s is not found)',
    access: { signedIn: true },
    query: z.object({ id: idField() }),
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const [row] = await db
        .select(view)
        .from(notifications)
        .where(and(eq(notifications.id, query.id), eq(notifications.recipientId, caller!.id)));
      if (!row) throw notFound(NOT_FOUND);
      return ok({ ...withRead(row), attachments: row.messageId ? await attachmentsOf(db, row.messageId) : [] });
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetUnreadCount',
    tag,
    summary: 'How many of the caller’s own notifications are unread (the bell)',
    access: { signedIn: true },
    async handler({ caller, services }) {
      const [{ n }] = await services.database.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.recipientId, caller!.id), isNull(notifications.readAt)));
      return ok({ count: n });
    },
  }),
  route({
    method: 'PUT',
    url: '/Notification/MarkAsRead',
    tag,
    summary: 'Mark one of the caller’s own notifications as read (another’s is not found)',
    access: { signedIn: true },
    query: z.object({ id: idField() }),
    async handler({ query, caller, mutate }) {
      const row = await mutate(async (tx, audit) => {
        const mine = and(eq(notifications.id, query.id), eq(notifications.recipientId, caller!.id));
        const [before] = await tx.select().from(notifications).where(mine);
        if (!before) throw notFound(NOT_FOUND);
        if (before.readAt) return before;
        const [after] = await tx.update(notifications).set({ readAt: new Date() }).where(mine).returning();
        audit({
          action: 'markAsRead',
          entity: 'notification',
          entityId: after.id,
          before: { readAt: null },
          after: { readAt: after.readAt },
        });
        return after;
      });
      return ok({ ...row, isRead: true }, 'Notification marked as read');
    },
  }),
  route({
    method: 'PUT',
    url: '/Notification/MarkAllAsRead',
    tag,
    summary: 'Mark every unread notification of the caller as read',
    access: { signedIn: true },
    async handler({ caller, mutate }) {
      const marked = await mutate(async (tx, audit) => {
        const rows = await tx
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(eq(notifications.recipientId, caller!.id), isNull(notifications.readAt)))
          .returning({ id: notifications.id });
        if (rows.length) audit({ action: 'markAllAsRead', entity: 'notification', after: { count: rows.length } });
        return rows.length;
      });
      return ok({ count: marked }, 'All notifications marked as read');
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetEmailPreferences',
    tag,
    summary: 'The mail categories the caller opted out of (messages, requests); the inbox keeps them all',
    access: { signedIn: true },
    async handler({ caller, services }) {
      const rows = await services.database.db
        .select({ category: emailOptOuts.category })
        .from(emailOptOuts)
        .where(eq(emailOptOuts.userId, caller!.id));
      return ok({ optedOut: rows.map((r) => r.category) });
    },
  }),
  route({
    method: 'PUT',
    url: '/Notification/UpdateEmailPreferences',
    tag,
    summary: 'Set the mail categories the caller opts out of (the whole list)',
    access: { signedIn: true },
    body: z.object({
      optedOut: z.array(z.enum(EMAIL_CATEGORIES, { error: `Categories are ${EMAIL_CATEGORIES.join(', ')}` })).max(EMAIL_CATEGORIES.length),
    }),
    async handler({ body, caller, mutate }) {
      const optedOut = [...new Set(body.optedOut)];
      await mutate(async (tx, audit) => {
        await tx.delete(emailOptOuts).where(eq(emailOptOuts.userId, caller!.id));
        if (optedOut.length) await tx.insert(emailOptOuts).values(optedOut.map((category) => ({ userId: caller!.id, category })));
        audit({ action: 'update', entity: 'emailPreferences', entityId: caller!.id, subjectId: caller!.id, after: { optedOut } });
      });
      return ok({ optedOut }, 'Email preferences saved');
    },
  }),
];

const sendingRoutes = (tag: string) => [
  route({
    method: 'GET',
    url: '/Notification/GetAudiences',
    tag,
    summary: 'The audiences the caller may send to, with the departments, groups, zones, centers and roles to pick from',
    access: { signedIn: true },
    async handler({ caller, services }) {
      const db = services.database.db;
      return ok(await audienceOptions(db, await senderScope(db, caller!)));
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetRecipientCount',
    tag,
    summary: 'How many people an audience reaches now (the sender is not counted), within the caller’s scope',
    access: { signedIn: true },
    query: audienceSchema,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const audience = toAudience(query);
      await allowedAudience(db, caller!, audience);
      const [{ n }] = await db
        .select({ n: count() })
        .from(memberDirectory)
        .where(await audienceCondition(db, audience, caller!.id));
      return ok({ count: n });
    },
  }),
  route({
    method: 'POST',
    url: '/Notification/sendnotifications',
    tag,
    summary:
      'Send a message (multipart: Title, Body, Audience, AudienceId or UserIds, optional ScheduledFor, up to 5 attachments of 5 MB, PDF or images by their bytes)',
    access: { signedIn: true },
    multipart: true,
    async handler({ request, caller, services, mutate }) {
      const db = services.database.db;
      const { fields, attachments } = await readCompose(request);
      const audience = toAudience(fields);
      const audienceName = await allowedAudience(db, caller!, audience);
      const later = fields.scheduledFor && fields.scheduledFor.getTime() > Date.now() ? fields.scheduledFor : null;
      const sent = await mutate(async (tx, audit) => {
        const [m] = await tx
          .insert(messages)
          .values({
            senderId: caller!.id,
            title: fields.title,
            body: fields.body,
            audienceKind: audience.kind,
            audienceId: audience.id ?? null,
            audienceLabel: audienceName,
            userIds: audience.kind === 'people' ? audience.userIds! : [],
            scheduledFor: later,
          })
          .returning();
        if (attachments.length) {
          await tx.insert(messageAttachments).values(attachments.map((a) => ({ messageId: m.id, ...a, size: a.data.length })));
        }
        const done = later ? m : await deliverMessage(tx, m);
        const files = attachments.map((a) => ({ fileName: a.fileName, contentType: a.contentType, size: a.data.length }));
        audit({
          action: 'create',
          entity: 'message',
          entityId: m.id,
          after: { title: m.title, audience: audienceName, scheduledFor: later, recipientCount: done.recipientCount, files },
        });
        return done;
      });
      services.outbox.poke();
      // Without SMTP the mails wait in the outbox; the log says so (each is a row there to read).
      if (!services.mailer.transport)
        request.log.info({ messageId: sent.id, recipients: sent.recipientCount }, 'mails kept in the outbox (no SMTP_URL)');
      return ok(sentView(sent, attachments.length), later ? 'Notification scheduled' : 'Notification sent');
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetSentNotifications',
    tag,
    summary: 'The messages the caller sent, newest first, with recipient, read and mailed counts',
    access: { signedIn: true },
    query: listQuery({}, PAGE_SIZE_CAP),
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const { limit, offset } = pageOf(query);
      const mine = eq(messages.senderId, caller!.id);
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
      return page(
        rows.map((r) => ({ ...sentView(r.message, r.attachmentCount), readCount: r.readCount, mailedCount: r.mailedCount })),
        n,
      );
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetAttachment',
    tag,
    summary: 'Download an attachment: only its message’s recipients and sender; anyone else is told it is not found',
    access: { signedIn: true },
    query: z.object({ id: idField() }),
    async handler({ query, caller, services, reply }) {
      const db = services.database.db;
      const received = exists(
        db
          .select({ one: sql`1` })
          .from(notifications)
          .where(and(eq(notifications.messageId, messageAttachments.messageId), eq(notifications.recipientId, caller!.id))),
      );
      const [file] = await db
        .select({ fileName: messageAttachments.fileName, contentType: messageAttachments.contentType, data: messageAttachments.data })
        .from(messageAttachments)
        .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
        .where(and(eq(messageAttachments.id, query.id), sql`(${eq(messages.senderId, caller!.id)} or ${received})`));
      if (!file) throw notFound('Attachment not found');
      // A download, never rendered in the app's origin; the name is quoted for the header.
      reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetPeople',
    tag,
    summary:
      'People the caller may choose one by one (administrators: anyone; a head of department: their department; a CIH pastor: their center; the inspectorate: every center), searched by name, email or phone; at most 20',
    access: { signedIn: true },
    query: z.object({ search: z.string().trim().max(100).optional() }).strict(),
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const scope = await senderScope(db, caller!);
      if (!reachesPeople(scope)) return ok([]);
      const people = await db
        .select({
          id: memberDirectory.userId,
          firstName: memberDirectory.firstName,
          surName: memberDirectory.surName,
          email: memberDirectory.email,
        })
        .from(memberDirectory)
        .where(
          and(
            // Listed, enabled, and not the caller: as audiences are.
            sql`not ${memberDirectory.archived} and not ${memberDirectory.disabled} and ${memberDirectory.userId} <> ${caller!.id}`,
            reachablePeople(scope),
            visibleTo(caller!),
            memberSearch(query.search),
          ),
        )
        .orderBy(memberDirectory.surName, memberDirectory.firstName)
        .limit(20);
      return ok(people.map((p) => ({ id: p.id, fullName: `${p.firstName} ${p.surName}`, email: p.email })));
    },
  }),
];

function sentView(m: typeof messages.$inferSelect, attachmentCount: number) {
  const { userIds: _ids, ...rest } = m;
  return { ...rest, attachmentCount, status: m.deliveredAt ? 'delivered' : 'scheduled' };
}

export async function notificationsModule(app: FastifyInstance) {
  const tag = 'Notifications';
  registerRoutes(app, [...inboxRoutes(tag), ...sendingRoutes(tag)]);
  // Scheduled messages go out on the outbox worker's rounds.
  const db = app.services.database.db;
  app.services.outbox.everyRound(() => releaseDueMessages(db));
}
