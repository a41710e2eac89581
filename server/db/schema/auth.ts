import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One-time passwords: stored hashed, single use, short-lived. */
export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_email_purpose_idx').on(t.email, t.purpose)],
);

/** Server settings kept in the database, such as the generated JWT secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Sign-in and code failures (and the addresses accounts signed in from), shared by every server
 * on one PostgreSQL (0217): per key, the times (ms, the servers' clocks) within its window,
 * newest last, at most as many as any rule reads. UNLOGGED (counters_unlogged migration): no WAL, and a
 * crash forgets them, as a restart of one server forgot its own.
 */
export const attemptCounts = pgTable(
  'attempt_counts',
  {
    key: text('key').primaryKey(),
    times: bigint('times', { mode: 'number' }).array().notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('attempt_counts_expires_idx').on(t.expiresAt)],
);
