import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaRoutes, renderAreaMap } from './areaMap.js';

describe('docs/areas.md', () => {
  it('is what the modules register today (npm run docs:areas rewrites it)', async () => {
    const areas = await areaRoutes();
    expect(areas.map((a) => a.area)).toContain('people');
    expect(areas.find((a) => a.area === 'gatherings')?.routes.some((r) => r.url === '/Event/GetAllEvents')).toBe(true);
    expect(readFileSync('docs/areas.md', 'utf8')).toBe(renderAreaMap(areas));
  });
});
