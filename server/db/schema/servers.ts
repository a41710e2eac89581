import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limiter's counts (@fastify/rate-limit), shared by every server on one PostgreSQL
 * (0217): one fixed window per route, limit and address. UNLOGGED, as attempt_counts.
 */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_counts_expires_idx').on(t.expiresAt)],
);

/**
 * The period each scheduled job last ran for (0217): a server claims a period by moving its
 * job's row forward, so of several servers ticking in one period one runs it.
 */
export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  period: bigint('period', { mode: 'number' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
