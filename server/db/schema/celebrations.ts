import { date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.js';

/**
 * The greetings sent on a birthday or wedding anniversary, one row per person per day: its key is
 * what makes the daily job send once even when it runs twice or on two servers at the same time
 * (docs/decisions/0208-birthdays-and-anniversaries.md). The month-day indexes the lists read are
 * in the custom migration celebration_month_day.
 */
export const celebrationGreetings = pgTable(
  'celebration_greetings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** What was celebrated: birthday, anniversary, or both. */
    kinds: text('kinds').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
