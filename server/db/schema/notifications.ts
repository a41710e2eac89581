import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberRequests } from './profile.js';
import { users } from './users.js';

const NOTIFICATION_KINDS = ['request', 'message'] as const;

/**
 * What a user is told: so far the decision on their request. Unread while readAt is null.
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
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A user's own list, newest first.
  (t) => [index('notifications_recipient_idx').on(t.recipientId, t.createdAt)],
);
