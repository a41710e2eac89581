import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '@/server/db/client.js';
import {
  createAttemptCounter,
  databaseAttemptStore,
  dropAttemptsExpired,
  memoryAttemptStore,
  untilBelow,
  waitMs,
  type AttemptStore,
} from './attempts.js';

let database: Database;
// Opening and migrating an embedded database takes seconds on a busy machine.
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
}, 120_000);
afterAll(() => database.close());

/** The shared store over an embedded database: the same statements PostgreSQL runs. */
async function sharedStore(): Promise<AttemptStore> {
  return databaseAttemptStore(database.db);
}

describe.each([
  ['in memory', async () => memoryAttemptStore()],
  ['in the database', sharedStore],
])('an attempt counter %s', (_name, makeStore) => {
  afterEach(() => vi.useRealTimers());

  it('counts failures per key within the window, and forgets them after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const counter = createAttemptCounter(await makeStore(), 'a', 60_000);
    await counter.record('a', 'b');
    await counter.record('a');
    expect((await counter.times('a', 'b', 'c')).a).toHaveLength(2);
    expect(await counter.times('b', 'c')).toEqual({ b: [Date.now()], c: [] });
    vi.advanceTimersByTime(61_000);
    expect((await counter.times('a')).a).toEqual([]);
  });

  it('clears a key, and keeps the last times only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const counter = createAttemptCounter(await makeStore(), 'b', 60_000, 3);
    for (let i = 0; i < 5; i++) {
      await counter.record('a');
      vi.advanceTimersByTime(10);
    }
    expect((await counter.times('a')).a).toEqual([Date.now() - 30, Date.now() - 20, Date.now() - 10]);
    await counter.clear('a');
    expect((await counter.times('a')).a).toEqual([]);
  });

  it('keeps counters of different names apart', async () => {
    const store = await makeStore();
    await createAttemptCounter(store, 'c', 60_000).record('a');
    expect((await createAttemptCounter(store, 'd', 60_000).times('a')).a).toEqual([]);
  });
});

describe('the database store', () => {
  it('drops the keys whose window has passed', async () => {
    const store = await sharedStore();
    await store.add(['old'], 1000, Date.now() - 5000, 10);
    await store.add(['new'], 1000, Date.now(), 10);
    expect(await dropAttemptsExpired(database.db)).toBeGreaterThanOrEqual(1);
    expect([...(await store.read(['old', 'new'], 60_000, Date.now())).keys()]).toEqual(['new']);
  });
});

describe('the rules', () => {
  it('ask no wait for the free failures, then a wait from the last one that doubles, up to its cap', () => {
    const rule = { free: 3, baseMs: 1000, maxMs: 5000 };
    const at = (n: number) => Array.from({ length: n }, () => 10_000);
    expect(waitMs(at(2), rule, 10_000)).toBe(0);
    expect(waitMs(at(3), rule, 10_000)).toBe(1000);
    expect(waitMs(at(3), rule, 10_400)).toBe(600);
    expect(waitMs(at(3), rule, 11_000)).toBe(0);
    expect(waitMs(at(4), rule, 10_000)).toBe(2000);
    expect(waitMs(at(5), rule, 10_000)).toBe(4000);
    expect(waitMs(at(6), rule, 10_000)).toBe(5000);
  });

  it('say how long until a key is below a number of failures in the window', () => {
    const times = [0, 10_000];
    expect(untilBelow(times, 3, 60_000, 10_000)).toBe(0);
    expect(untilBelow(times, 2, 60_000, 10_000)).toBe(50_000);
    expect(untilBelow(times, 1, 60_000, 10_000)).toBe(60_000);
  });
});
