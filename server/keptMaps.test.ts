import { describe, expect, it } from 'vitest';
import { keepBounded, mapsPerDb } from './keptMaps.js';

describe('keepBounded', () => {
  it('keeps at most the limit, the oldest set giving way, and a key set again counts as newest', () => {
    const map = new Map<string, number>();
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['a', 3],
      ['c', 4],
    ] as const)
      keepBounded(map, k, v, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});

describe('mapsPerDb', () => {
  it('gives each handle its own map, the same one each time', () => {
    const of = mapsPerDb<number>();
    const [one, two] = [{}, {}];
    of(one).set('k', 1);
    expect(of(one).get('k')).toBe(1);
    expect(of(two).has('k')).toBe(false);
  });
});
