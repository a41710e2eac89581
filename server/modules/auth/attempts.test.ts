import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAttemptCounter } from './attempts.js';

describe('createAttemptCounter', () => {
  afterEach(() => vi.useRealTimers());

  it('counts failures per key within the window, and forgets them after it', () => {
    vi.useFakeTimers();
    const counter = createAttemptCounter(60_000);
    counter.fail('a');
    counter.fail('a');
    counter.fail('b');
    expect(counter.count('a')).toBe(2);
    vi.advanceTimersByTime(61_000);
    expect(counter.count('a')).toBe(0);
  });

  it('clears a key', () => {
    const counter = createAttemptCounter(60_000);
    counter.fail('a');
    counter.clear('a');
    expect(counter.count('a')).toBe(0);
  });

  it('asks no wait for the free failures, then a wait from the last one that doubles, up to its cap', () => {
    vi.useFakeTimers();
    const counter = createAttemptCounter(3_600_000);
    const rule = { free: 3, baseMs: 1000, maxMs: 5000 };
    for (let i = 0; i < 2; i++) counter.fail('a');
    expect(counter.waitMs('a', rule)).toBe(0);
    counter.fail('a');
    expect(counter.waitMs('a', rule)).toBe(1000);
    vi.advanceTimersByTime(400);
    expect(counter.waitMs('a', rule)).toBe(600);
    vi.advanceTimersByTime(600);
    expect(counter.waitMs('a', rule)).toBe(0);
    counter.fail('a');
    expect(counter.waitMs('a', rule)).toBe(2000);
    counter.fail('a');
    expect(counter.waitMs('a', rule)).toBe(4000);
    counter.fail('a');
    expect(counter.waitMs('a', rule)).toBe(5000);
  });

  it('says how long until a key is below a number of failures in the window', () => {
    vi.useFakeTimers();
    const counter = createAttemptCounter(60_000);
    counter.fail('a');
    vi.advanceTimersByTime(10_000);
    counter.fail('a');
    expect(counter.untilBelow('a', 3)).toBe(0);
    expect(counter.untilBelow('a', 2)).toBe(50_000);
    expect(counter.untilBelow('a', 1)).toBe(60_000);
  });
});
