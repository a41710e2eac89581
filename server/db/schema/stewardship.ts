import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Consents a person gave or withdrew, one row per change, never updated: the newest row of a
 * category is the answer in force, the rest its history. wording names the text the person saw
 * (domain/profile/consent.ts), so a later rewording does not change what was agreed to.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['email', 'sms', 'listing'] }).notNull(),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.category, t.createdAt)],
);
