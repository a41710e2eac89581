/**
 * Failed attempts (sign-ins, code guesses), counted in a sliding window per key (an address, an
 * account, an address and an account together). Kept in the process: a second instance keeps its
 * own count, which is the same scale-out limit as the rate limiter's (both need a shared store,
 * such as Redis, to count across instances).
 */
export function createAttemptCounter(windowMs: number) {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now = Date.now()) => (failures.get(key) ?? []).filter((at) => now - at < windowMs);
  return {
    count: (key: string) => recent(key).length,
    fail(key: string) {
      const now = Date.now();
      failures.set(key, [...recent(key, now), now]);
      // Keys of quiet accounts are dropped so the map cannot grow without end.
      if (failures.size > 100_000) for (const [k] of failures) if (recent(k, now).length === 0) failures.delete(k);
    },
    clear: (key: string) => void failures.delete(key),
    /**
     * How long the key must wait before its next attempt: nothing for its first `free` failures,
     * then `baseMs` doubled for each failure beyond them, from the last one, at most `maxMs`.
     */
    waitMs(key: string, rule: DelayRule): number {
      const now = Date.now();
      const times = recent(key, now);
      if (times.length < rule.free) return 0;
      const wait = Math.min(rule.baseMs * 2 ** (times.length - rule.free), rule.maxMs);
      return Math.max(0, times[times.length - 1] + wait - now);
    },
    /** How long until the key is below `max` failures in the window again (0: it is already). */
    untilBelow(key: string, max: number): number {
      const now = Date.now();
      const times = recent(key, now);
      return times.length < max ? 0 : times[times.length - max] + windowMs - now;
    },
  };
}
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;

/** Failures allowed before waiting, then a wait from the last failure that doubles with each one more. */
export type DelayRule = { free: number; baseMs: number; maxMs: number };

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
