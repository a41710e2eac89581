import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';

type Incr = FastifyRateLimitStore['incr'];

/**
 * @fastify/rate-limit's counts in rate_limit_counts, so every server on one PostgreSQL counts
 * an address's calls together (0217): one fixed window per route, limit and address, opened by
 * the first call and counted by one atomic upsert, as the plugin's own store counts in memory.
 * Times are the servers' clocks (ms); dropRateLimitsExpired clears the windows that passed.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly route = '') {}

    incr(...[key, done, timeWindow, max]: Parameters<Incr>) {
      const now = Date.now();
      const fresh = sql`c.window_start + ${timeWindow}::bigint <= ${now}::bigint`;
      db.execute(
        sql`
        insert into rate_limit_counts as c (key, hits, window_start, expires_at)
        values (${`${this.route}|${max}|${key}`}, 1, ${now}::bigint, ${now + timeWindow}::bigint)
        on conflict (key) do update set
          hits = case when ${fresh} then 1 else c.hits + 1 end,
          window_start = case when ${fresh} then ${now}::bigint else c.window_start end,
          expires_at = case when ${fresh} then ${now + timeWindow}::bigint else c.expires_at end
        returning hits, window_start`,
      ).then(
        (result) => {
          const [row] = rowsOf<{ hits: number; window_start: string | number }>(result);
          done(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.window_start) + timeWindow - now) });
        },
        (err: Error) => done(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: unknown; url?: string } }) {
      const info = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(`${String(info.method)} ${info.url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Removes the windows that have passed. */
export async function dropRateLimitsExpired(db: Db, now = Date.now()): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`with gone as (delete from rate_limit_counts where expires_at < ${now}::bigint returning 1) select count(*)::int as n from gone`,
    ),
  );
  return rows[0].n;
}
