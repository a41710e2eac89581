import type { FastifyInstance } from 'fastify';
import { scheduleOnceAcrossServers } from './db/jobRuns.js';
import { dropRateLimitsExpired } from './http/rateLimitStore.js';
import { dropAttemptsExpired } from './modules/auth/attempts.js';

/** How often the counters past their window are cleared: the shortest window counted. */
const EVERY_MS = 15 * 60_000;

/**
 * On PostgreSQL the sign-in counts and the rate limiter's live in tables (0217); every quarter of
 * an hour one server clears the keys whose window has passed, so the tables hold only what the
 * last window saw. The embedded database's process keeps them in memory instead.
 */
export function scheduleCounterCleanup(app: FastifyInstance) {
  const { database } = app.services;
  if (database.kind !== 'postgres') return;
  scheduleOnceAcrossServers(app, {
    name: 'counter-cleanup',
    everyMs: EVERY_MS,
    async run() {
      const dropped = (await dropAttemptsExpired(database.db)) + (await dropRateLimitsExpired(database.db));
      app.log.debug({ dropped }, 'expired sign-in and rate-limit counts cleared');
    },
  });
}
