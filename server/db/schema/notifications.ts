import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './common.js';
import { users } from './people.js';
import { memberRequests } from './requests.js';
import { EMAIL_CATEGORIES } from '@/domain/notifications/schemas.js';

const NOTIFICATION_KINDS = ['request', 'message'] as const;

/**
 * A message the office wrote to an audience: the inbox rows (notifications) and the mails
 * (outbox) are written from it in one transaction, at once or when scheduledFor comes.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** everyone, members, firstTimers, department, affinityGroup, zone, center, role, people. */
    audienceKind: text('audience_kind').notNull(),
    /** The department, group, zone or center id, or the role name. */
    audienceId: text('audience_id'),
    /** What the sender's list shows: 'Department: Choir'. */
    audienceLabel: text('audience_label').notNull(),
    /** The chosen people of a 'people' audience. */
    userIds: uuid('user_ids').array().notNull().default([]),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** Null until the inbox rows are written. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    index('messages_due_idx')
      .on(t.scheduledFor)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/** A message's files (PDF or image), kept in the database like avatars, typed by their bytes. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/**
 * What a user is told: the decision on their request, or a message. Unread while readAt is null.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The request the notification is about, for a link to it. */
    requestId: uuid('request_id').references(() => memberRequests.id, { onDelete: 'set null' }),
    /** The web app's address of what it is about (/requests, /events, /meetings...), for an Open button. */
    link: text('link'),
    /** The message it delivers, for its attachments and the sender's read counts. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A user's own list, newest first; a message's recipients.
  (t) => [index('notifications_recipient_idx').on(t.recipientId, t.createdAt), index('notifications_message_idx').on(t.messageId)],
);

/** The categories of mail a user does not want; they still get the inbox rows. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: EMAIL_CATEGORIES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/** What an outbox row says of the file to attach: its kind (who makes it) and what it is made from. */
export type OutboxAttachment = { kind: string; [from: string]: unknown };

/** Mail that was not sent over SMTP (no SMTP_URL) is kept here. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set on mails queued for the worker (server/outbox.ts), which drains only those; sign-up codes
     * go straight to SMTP and are kept here only without SMTP_URL, as a log.
     */
    category: text('category'),
    messageId: uuid('message_id'),
    /**
     * The file the worker makes and attaches when the mail leaves, named by what it is made from
     * ({ kind, ... }; server/outbox.ts): never the file itself, so nothing of it waits in the queue
     * (docs/decisions/0246-statement-mail-pdf.md).
     */
    attachment: jsonb('attachment').$type<OutboxAttachment>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: a worker that dies mid-send leaves it, and the mail is tried again after it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last retry. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.category} is not null and ${t.sentAt} is null and ${t.failedAt} is null`),
    index('outbox_message_idx').on(t.messageId),
  ],
);
