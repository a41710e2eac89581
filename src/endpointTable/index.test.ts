import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/src/endpoints';
import { ENDPOINT_SLICES } from './index';

describe('the endpoint table in slices, as App loads it', () => {
  it('holds every row of the table once, the same endpoints', async () => {
    const slices = await Promise.all(ENDPOINT_SLICES.map((slice) => slice()));
    const resources = slices.flatMap((slice) => Object.keys(slice));
    expect(resources.length).toBe(new Set(resources).size);
    expect([...resources].sort()).toEqual(Object.keys(ENDPOINTS).sort());
    for (const slice of slices) {
      for (const [resource, row] of Object.entries(slice)) expect(row, resource).toBe(ENDPOINTS[resource as keyof typeof ENDPOINTS]);
    }
  });
});
