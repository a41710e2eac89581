import { describe, expect, it } from 'vitest';
import { jsonPage, page } from './envelope.js';

describe('jsonPage', () => {
  const rows = [
    { id: 'a', name: 'Ada "Obi"', n: 1 },
    { id: 'b', name: null },
  ];

  it('writes the bytes JSON.stringify writes for the same page', () => {
    const texts = rows.map((r) => JSON.stringify(r));
    expect(jsonPage(texts, 42).text).toBe(JSON.stringify(page(rows, 42)));
    expect(jsonPage(texts, 42, { nextCursor: 'x"y' }).text).toBe(JSON.stringify({ ...page(rows, 42), nextCursor: 'x"y' }));
  });

  it('writes an empty page', () => {
    expect(JSON.parse(jsonPage([], 0).text)).toEqual(page([], 0));
  });
});
