import { describe, expect, it } from 'vitest';
import { en } from '@/src/i18n/en';
import { ACCESS } from '@/src/authProvider/access';
import { ENDPOINTS } from '@/src/dataProvider/table';
import { routesOf, SCREENS } from './screens';

describe('the descriptors of src/screens.ts', () => {
  it('name each thing once', () => {
    const names = SCREENS.map((d) => d.name);
    expect(names.length).toBe(new Set(names).size);
  });

  it('give every route a title text and one address', () => {
    const routes = SCREENS.flatMap(routesOf);
    for (const route of routes) expect(en.flock.routes, route.path).toHaveProperty(route.title);
    const paths = routes.map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
  });

  it('guard every signed-in route by its own row of the access table', () => {
    for (const d of SCREENS) {
      if ('area' in d || !('path' in d || 'routes' in d)) continue;
      expect(ACCESS, d.name).toHaveProperty(d.name);
    }
  });

  it('key the access and endpoint tables by descriptor names', () => {
    const names = new Set<string>(SCREENS.map((d) => d.name));
    expect(Object.keys(ACCESS).filter((k) => !names.has(k))).toEqual([]);
    expect(Object.keys(ENDPOINTS).filter((k) => !names.has(k))).toEqual([]);
  });
});
