import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idField } from '@/domain/common/fields.js';
import { EMAIL_CATEGORIES } from '@/server/db/schema/index.js';
import { ok, page } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { allowedAudience, audienceOptions, reachesPeople, senderScope, type Audience } from './audience.js';
import { audienceSchema, readCompose } from './compose.js';
import { releaseDueMessages } from './deliver.js';
import { inboxPage, markAllAsRead, markAsRead, optedOutOf, ownNotification, setOptOuts, unreadCount } from './inbox.js';
import { attachmentFor, choosablePeople, recipientCount, sendMessage, sentPage, sentView } from './messages.js';

/**
 * Notifications: every signed-in user reads and marks their own inbox (only their own rows,
 * whatever the id they send); sending is open to anyone whose scope (audience.ts) covers the
 * audience, checked against the database at each call.
 */

const toAudience = (q: z.infer<typeof audienceSchema>): Audience => ({ kind: q.audience, id: q.audienceId, userIds: q.userIds });

const inboxRoutes = (tag: string) => [
  route({
    method: 'GET',
    url: '/Notification/GetAllNotifications',
    tag,
    summary: "The caller's own notifications, unread first, then newest (Unread=true: only unread ones), with paging",
    access: { signedIn: true },
    query: listQuery({ unread: z.stringbool({ error: 'Unread must be true or false' }).optional() }, PAGE_SIZE_CAP),
    async handler({ query, caller, services }) {
      const { rows, total } = await inboxPage(services.database.db, caller!.id, query);
      return page(rows, total);
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetNotification',
    tag,
    summary: 'One of the caller’s own notifications with its attachments (another’s is not found)',
    access: { signedIn: true },
    query: z.object({ id: idField() }),
    handler: async ({ query, caller, services }) => ok(await ownNotification(services.database.db, caller!.id, query.id)),
  }),
  route({
    method: 'GET',
    url: '/Notification/GetUnreadCount',
    tag,
    summary: 'How many of the caller’s own notifications are unread (the bell)',
    access: { signedIn: true },
    handler: async ({ caller, services }) => ok({ count: await unreadCount(services.database.db, caller!.id) }),
  }),
  route({
    method: 'PUT',
    url: '/Notification/MarkAsRead',
    tag,
    summary: 'Mark one of the caller’s own notifications as read (another’s is not found)',
    access: { signedIn: true },
    query: z.object({ id: idField() }),
    async handler({ query, caller, mutate }) {
      const row = await mutate((tx, audit) => markAsRead(tx, audit, caller!.id, query.id));
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
      const marked = await mutate((tx, audit) => markAllAsRead(tx, audit, caller!.id));
      return ok({ count: marked }, 'All notifications marked as read');
    },
  }),
  route({
    method: 'GET',
    url: '/Notification/GetEmailPreferences',
    tag,
    summary: 'The mail categories the caller opted out of (messages, requests); the inbox keeps them all',
    access: { signedIn: true },
    handler: async ({ caller, services }) => ok({ optedOut: await optedOutOf(services.database.db, caller!.id) }),
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
      await mutate((tx, audit) => setOptOuts(tx, audit, caller!.id, optedOut));
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
      return ok({ count: await recipientCount(db, audience, caller!.id) });
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
      const outgoing = { title: fields.title, body: fields.body, audience, audienceName, later, attachments };
      const sent = await mutate((tx, audit) => sendMessage(tx, audit, caller!.id, outgoing));
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
      const { rows, total } = await sentPage(services.database.db, caller!.id, query);
      return page(rows, total);
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
      const file = await attachmentFor(services.database.db, caller!.id, query.id);
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
      return ok(await choosablePeople(db, caller!, scope, query.search));
    },
  }),
];

export async function notificationsModule(app: FastifyInstance) {
  const tag = 'Notifications';
  registerRoutes(app, [...inboxRoutes(tag), ...sendingRoutes(tag)]);
  // Scheduled messages go out on the outbox worker's rounds.
  const db = app.services.database.db;
  app.services.outbox.everyRound(() => releaseDueMessages(db));
}
