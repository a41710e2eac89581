import { ApiError } from '@/server/http/errors.js';

/**
 * The one gate every password hash and verification passes (sign-up, sign-in, reset, change):
 * at most `concurrency` run at once, at most `queue` wait for a turn, and one address has at
 * most `perAddress` of them running or queued; its further ones wait in that address's own line
 * (a congregation behind one wifi router signs in one after another), at most `addressLine` of
 * them. Beyond the queue: 503, beyond the address's line: 429, both with Retry-After. So the
 * memory hashes take is bounded (concurrency x 19 MiB) whatever comes in (0197).
 *
 * The queue is ordered by priority (lower first): a sign-in the address has made before, then an
 * address without recent failures, then one that has been failing. A full queue refuses its
 * last, worst entry to make room for a better one, so an anonymous flood cannot keep the owner
 * of an account out of it; and calls from failing addresses never hold every place at once (one
 * is kept for the others, when there are two or more), so a sign-in in good standing finds one
 * free instead of waiting behind a flood's hashes.
 */

/** The defaults (config.ts): one hash at a time per core, 8 per core waiting, 2 per address, 100 in an address's line. */
export type HashGateLimits = { concurrency: number; queue: number; perAddress: number; addressLine: number };

/** A sign-in this address and account made before; an address with no recent failures; the rest. */
export const PRIORITY = { known: 0, clean: 1, suspect: 2 } as const;
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

export const SERVER_BUSY = 'The server is busy checking other passwords. Please try again in a few seconds.';
export const ADDRESS_BUSY = 'Too many password checks from your address at once. Please try again in a few seconds.';
const RETRY_AFTER_S = 2;

const serverBusy = () => new ApiError(503, SERVER_BUSY, undefined, { 'retry-after': String(RETRY_AFTER_S) });
const addressBusy = () => new ApiError(429, ADDRESS_BUSY, undefined, { 'retry-after': String(RETRY_AFTER_S) });

type Entry = { address: string; priority: Priority; start: () => void; refuse: (err: ApiError) => void };

/** All addresses' lines together hold at most this many waiting calls. */
const ALL_LINES = 1000;

export function createHashGate(limits: HashGateLimits) {
  let running = 0;
  let runningSuspect = 0;
  const suspectPlaces = Math.max(1, limits.concurrency - 1);
  let lined = 0;
  /** Waiting for a turn, best first (priority, then arrival). */
  const queue: Entry[] = [];
  /** Per address: its calls running or queued. */
  const admitted = new Map<string, number>();
  /** Per address: its calls waiting behind those. */
  const lines = new Map<string, Entry[]>();

  const canBegin = (entry: Entry) =>
    running < limits.concurrency && (entry.priority !== PRIORITY.suspect || runningSuspect < suspectPlaces);
  const begin = (entry: Entry) => {
    running++;
    if (entry.priority === PRIORITY.suspect) runningSuspect++;
    entry.start();
  };

  const drop = (address: string) => {
    const left = (admitted.get(address) ?? 1) - 1;
    if (left > 0) admitted.set(address, left);
    else admitted.delete(address);
  };

  /** Puts an entry running or in the queue, or refuses it (503); the address's count follows. */
  function admit(entry: Entry) {
    admitted.set(entry.address, (admitted.get(entry.address) ?? 0) + 1);
    if (canBegin(entry)) return begin(entry);
    if (queue.length >= limits.queue) {
      const worst = queue[queue.length - 1];
      if (!worst || worst.priority <= entry.priority) {
        drop(entry.address);
        return entry.refuse(serverBusy());
      }
      queue.pop();
      drop(worst.address);
      worst.refuse(serverBusy());
      pullLine(worst.address);
    }
    let at = queue.length;
    while (at > 0 && queue[at - 1].priority > entry.priority) at--;
    queue.splice(at, 0, entry);
  }

  /** The address has room again: the next of its line comes forward. */
  function pullLine(address: string) {
    const line = lines.get(address);
    while (line?.length && (admitted.get(address) ?? 0) < limits.perAddress) {
      lined--;
      admit(line.shift()!);
    }
    if (line && !line.length) lines.delete(address);
  }

  function release(address: string, priority: Priority) {
    running--;
    if (priority === PRIORITY.suspect) runningSuspect--;
    drop(address);
    if (queue.length && canBegin(queue[0])) begin(queue.shift()!);
    pullLine(address);
  }

  return {
    /** Runs `work` (a hash or a verification) when its turn comes; throws 503 or 429 when there is no room. */
    async run<T>(address: string, priority: Priority, work: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve, reject) => {
        const entry: Entry = { address, priority, start: resolve, refuse: reject };
        if ((admitted.get(address) ?? 0) < limits.perAddress) return admit(entry);
        const line = lines.get(address) ?? [];
        if (line.length >= limits.addressLine || lined >= ALL_LINES) return reject(lined >= ALL_LINES ? serverBusy() : addressBusy());
        line.push(entry);
        lines.set(address, line);
        lined++;
      });
      try {
        return await work();
      } finally {
        release(address, priority);
      }
    },
    /** What the gate holds now (the benchmark and the tests read it). */
    state: () => ({ running, queued: queue.length, lined }),
  };
}
export type HashGate = ReturnType<typeof createHashGate>;
