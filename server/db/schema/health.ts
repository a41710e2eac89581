import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row, rewritten by the health check: proof that the database takes writes (a full disk or
 * a read-only database fails it), not only that it answers.
 */
export const heartbeat = pgTable('heartbeat', {
  id: integer('id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
});
