import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './jsonBody.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
  });

  it('stops early on a deep body', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(nestsDeeperThan(deep, 16)).toBe(true);
  });
});
