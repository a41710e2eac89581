import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';

/**
 * Where failed attempts (sign-ins, code guesses) and the addresses accounts signed in from are
 * kept (0217): per key, the times within its window, newest last, at most `keep` of them. On
 * PostgreSQL every server shares one table, so a guesser behind a load balancer gets no more
 * tries than at one server; on the embedded database (one process) the process keeps them.
 */
export type AttemptStore = {
  /** The times of each key within windowMs before now, oldest first (a key without any: absent). */
  read(keys: string[], windowMs: number, now: number, on?: Tx): Promise<Map<string, number[]>>;
  /** Adds now to each key, keeping its last `keep` times within the window. */
  add(keys: string[], windowMs: number, now: number, keep: number, on?: Tx): Promise<void>;
  clear(key: string, on?: Tx): Promise<void>;
};

/** More than any rule reads: the per-address limit looks at its 100th latest failure. */
const KEEP = 128;
/** Keys the process keeps at most; past that the oldest written gives way. */
const MEMORY_KEYS = 200_000;

/** The process's own store: the embedded database's, and the unit tests'. */
export function memoryAttemptStore(limit = MEMORY_KEYS): AttemptStore {
  const kept = new Map<string, number[]>();
  const within = (key: string, windowMs: number, now: number) => (kept.get(key) ?? []).filter((at) => now - at < windowMs);
  return {
    async read(keys, windowMs, now) {
      const found = new Map<string, number[]>();
      for (const key of keys) {
        const times = within(key, windowMs, now);
        if (times.length) found.set(key, times);
      }
      return found;
    },
    async add(keys, windowMs, now, keep) {
      for (const key of keys) {
        const times = [...within(key, windowMs, now), now].slice(-keep);
        kept.delete(key);
        if (kept.size >= limit) kept.delete(kept.keys().next().value!);
        kept.set(key, times);
      }
    },
    async clear(key) {
      kept.delete(key);
    },
  };
}

/**
 * The shared store: one row per key in attempt_counts (UNLOGGED), written by one atomic upsert
 * per key that drops the times past the window and keeps the last `keep`. Times are the servers'
 * clocks (ms), as in memory; expires_at lets dropAttemptsExpired clear quiet keys. A call
 * inside a transaction passes it (`on`): a second connection taken from the pool while the
 * transaction holds one would let ten such calls wait on each other for the pool's last one.
 */
export function databaseAttemptStore(db: Db): AttemptStore {
  return {
    async read(keys, windowMs, now, on: Db | Tx = db) {
      const rows = rowsOf<{ key: string; times: Array<string | number> }>(
        await on.execute(sql`
          select key, array(select t from unnest(times) t where t > ${now - windowMs}::bigint order by t) as times
          from attempt_counts where key = any(${sql.param(keys)}::text[])`),
      );
      return new Map(rows.filter((row) => row.times.length).map((row) => [row.key, row.times.map(Number)]));
    },
    async add(keys, windowMs, now, keep, on: Db | Tx = db) {
      // Sorted keys: two servers adding the same keys at once lock their rows in one order.
      await on.execute(sql`
        insert into attempt_counts as c (key, times, expires_at)
        select k, array[${now}::bigint], ${now + windowMs}::bigint from unnest(${sql.param([...keys].sort())}::text[]) k
        on conflict (key) do update set
          times = array(select t from (
            select t from unnest(c.times || ${now}::bigint) t where t > ${now - windowMs}::bigint order by t desc limit ${keep}
          ) latest order by t),
          expires_at = greatest(c.expires_at, excluded.expires_at)`);
    },
    async clear(key, on: Db | Tx = db) {
      await on.execute(sql`delete from attempt_counts where key = ${key}`);
    },
  };
}

/** Removes the keys whose window has passed: attempt_counts keeps only what some rule can still read. */
export async function dropAttemptsExpired(db: Db, now = Date.now()): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`with gone as (delete from attempt_counts where expires_at < ${now}::bigint returning 1) select count(*)::int as n from gone`,
    ),
  );
  return rows[0].n;
}

/**
 * Failed attempts counted in a sliding window per key (an address, an account, an address and an
 * account together), under a name of their own in the store. Reads answer the times, which
 * the rules below turn into waits.
 */
export function createAttemptCounter(store: AttemptStore, name: string, windowMs: number, keep = KEEP, on?: Tx): AttemptCounter {
  const named = (key: string) => `${name}:${key}`;
  return {
    async times<K extends string>(...keys: K[]): Promise<Record<K, number[]>> {
      const found = await store.read(keys.map(named), windowMs, Date.now(), on);
      return Object.fromEntries(keys.map((key) => [key, found.get(named(key)) ?? []])) as Record<K, number[]>;
    },
    record: (...keys: string[]) => store.add(keys.map(named), windowMs, Date.now(), keep, on),
    clear: (key: string) => store.clear(named(key), on),
    in: (tx: Tx) => createAttemptCounter(store, name, windowMs, keep, tx),
  };
}
export type AttemptCounter = {
  /** The failure times of each key in the window, oldest first. */
  times<K extends string>(...keys: K[]): Promise<Record<K, number[]>>;
  /** Records an attempt (a failure, a sign-in) under each key, now. */
  record(...keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
  /** The same counter read and written inside this transaction. */
  in(tx: Tx): AttemptCounter;
};

/** Failures allowed before waiting, then a wait from the last failure that doubles with each one more. */
export type DelayRule = { free: number; baseMs: number; maxMs: number };

/**
 * How long a key with these failure times must wait before its next attempt: nothing for its
 * first `free` failures, then `baseMs` doubled for each failure beyond them, from the last one,
 * at most `maxMs`.
 */
export function waitMs(times: number[], rule: DelayRule, now = Date.now()): number {
  if (times.length < rule.free) return 0;
  const wait = Math.min(rule.baseMs * 2 ** (times.length - rule.free), rule.maxMs);
  return Math.max(0, times[times.length - 1] + wait - now);
}

/** How long until a key with these failure times is below `max` failures in the window again (0: it is already). */
export function untilBelow(times: number[], max: number, windowMs: number, now = Date.now()): number {
  return times.length < max ? 0 : times[times.length - max] + windowMs - now;
}

/** Sign-in limits (0198): a mistyping congregation on one wifi passes, a guesser does not. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** One address guessing one account: 5 tries, then 1 s, 2 s, 4 s ... at most 15 minutes between tries. */
export const PAIR_DELAY: DelayRule = { free: 5, baseMs: 1000, maxMs: LOGIN_WINDOW_MS };
/**
 * One account guessed from many addresses: after 20 failures, the same doubling wait for every
 * address that has not signed in to it before; the owner's own addresses are not slowed.
 */
export const ACCOUNT_DELAY: DelayRule = { free: 20, baseMs: 1000, maxMs: LOGIN_WINDOW_MS };
/** One address guessing many accounts: refused after 100 failures until the oldest leaves the window. */
export const MAX_FAILURES_PER_ADDRESS = 100;
