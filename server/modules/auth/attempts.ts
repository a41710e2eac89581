/**
 * Failed sign-in attempts, counted in a sliding window per key (an account, an address). Kept in
 * the process: a second instance keeps its own count, which is the same scale-out limit as the
 * rate limiter's (both need a shared store, such as Redis, to count across instances).
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
  };
}
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;

/** Sign-in limits: a mistyping congregation on one wifi passes, a guesser does not. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 100;
