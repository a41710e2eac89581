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
});
