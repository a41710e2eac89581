import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { audienceSchema } from '@/domain/notifications/schemas.js';
import { notificationsCalls } from '@/domain/notifications/calls.js';
import { ok, page } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { nameByType } from '@/server/modules/files/fileNames.js';
import { allowedAudience, audienceOptions, reachesPeople, senderScope, type Audience } from './audience.js';
import { readCompose } from './compose.js';
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
    call: notificationsCalls.getAllNotifications,
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
    call: notificationsCalls.getNotification,
    tag,
    summary: 'One of the caller’s own notifications with its attachments (another’s is not found)',
    access: { signedIn: true },
    handler: async ({ query, caller, services }) => ok(await ownNotification(services.database.db, caller!.id, query.id)),
  }),
  route({
    call: notificationsCalls.getUnreadCount,
    tag,
    summary: 'How many of the caller’s own notifications are unread (the bell)',
    access: { signedIn: true },
    handler: async ({ caller, services }) => ok({ count: await unreadCount(services.database.db, caller!.id) }),
  }),
  route({
    call: notificationsCalls.markAsRead,
    tag,
    summary: 'Mark one of the caller’s own notifications as read (another’s is not found)',
    access: { signedIn: true },
    async handler({ query, caller, mutate }) {
      const row = await mutate((tx, audit) => markAsRead(tx, audit, caller!.id, query.id));
      return ok({ ...row, isRead: true }, 'Notification marked as read');
    },
  }),
  route({
    call: notificationsCalls.markAllAsRead,
    tag,
    summary: 'Mark every unread notification of the caller as read',
    access: { signedIn: true },
    async handler({ caller, mutate }) {
      const marked = await mutate((tx, audit) => markAllAsRead(tx, audit, caller!.id));
      return ok({ count: marked }, 'All notifications marked as read');
    },
  }),
  route({
    call: notificationsCalls.getEmailPreferences,
    tag,
    summary: 'The mail categories the caller opted out of (messages, requests); the inbox keeps them all',
    access: { signedIn: true },
    handler: async ({ caller, services }) => ok({ optedOut: await optedOutOf(services.database.db, caller!.id) }),
  }),
  route({
    call: notificationsCalls.updateEmailPreferences,
    tag,
    summary: 'Set the mail categories the caller opts out of (the whole list)',
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      const optedOut = [...new Set(body.optedOut)];
      await mutate((tx, audit) => setOptOuts(tx, audit, caller!.id, optedOut));
      return ok({ optedOut }, 'Email preferences saved');
    },
  }),
];

const sendingRoutes = (tag: string) => [
  route({
    call: notificationsCalls.getAudiences,
    tag,
    summary: 'The audiences the caller may send to, with the departments, groups, zones, centers and roles to pick from',
    access: { signedIn: true },
    async handler({ caller, services }) {
      const db = services.database.db;
      return ok(await audienceOptions(db, await senderScope(db, caller!)));
    },
  }),
  route({
    call: notificationsCalls.getRecipientCount,
    tag,
    summary: 'How many people an audience reaches now (the sender is not counted), within the caller’s scope',
    access: { signedIn: true },
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const audience = toAudience(query);
      await allowedAudience(db, caller!, audience);
      return ok({ count: await recipientCount(db, audience, caller!.id) });
    },
  }),
  route({
    call: notificationsCalls.sendNotifications,
    tag,
    summary:
      'Send a message (multipart: Title, Body, Audience, AudienceId or UserIds, optional ScheduledFor, up to 5 attachments of 5 MB, PDF or images by their bytes, each kept under a name with its type’s extension; a PDF with JavaScript, embedded files or a launch action is refused)',
    access: { signedIn: true },
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
    call: notificationsCalls.getSentNotifications,
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
    call: notificationsCalls.getAttachment,
    tag,
    summary: 'Download an attachment: only its message’s recipients and sender; anyone else is told it is not found',
    access: { signedIn: true },
    async handler({ query, caller, services, reply }) {
      const file = await attachmentFor(services.database.db, caller!.id, query.id);
      if (!file) throw notFound('Attachment not found');
      // A download, never rendered in the app's origin, under a name whose extension is its type's
      // (files kept before names followed types too); the name is quoted for the header.
      const name = nameByType(file.fileName, file.contentType, 'attachment');
      reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  }),
  route({
    call: notificationsCalls.getPeople,
    tag,
    summary:
      'People the caller may choose one by one (administrators: anyone; a head of department: their department; a CIH pastor: their center; the inspectorate: every center), searched by name, email or phone; at most 20',
    access: { signedIn: true },
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
