import { describe, expect, it } from 'vitest';
import { en } from '@/src/i18n/en';
import { isWebRoute, WEB_ROUTES } from '@/domain/common/webRoutes';
import { ENDPOINTS } from './endpoints';
import { ACCESS, routesOf, SCREENS } from './screens';

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

  it('route exactly the addresses the server reloads into the app (domain/common/webRoutes.ts)', () => {
    const paths = ['/', ...SCREENS.flatMap(routesOf).map((r) => r.path)];
    expect([...paths].sort()).toEqual([...WEB_ROUTES].sort());
  });
});

describe('isWebRoute', () => {
  it('matches parameters holding dots and the letter case aside', () => {
    expect(isWebRoute('/email-verify/a.b@example.org')).toBe(true);
    expect(isWebRoute('/reset-password/x@y.org')).toBe(true);
    expect(isWebRoute('/Members-Management')).toBe(true);
    expect(isWebRoute('/cih/reports/centers/z1/North.West')).toBe(true);
  });

  it('refuses files and addresses of another shape', () => {
    expect(isWebRoute('/assets/index-Abc.js')).toBe(false);
    expect(isWebRoute('/email-verify')).toBe(false);
    expect(isWebRoute('/email-verify/a@b.org/extra')).toBe(false);
    expect(isWebRoute('/favicon.ico')).toBe(false);
  });
});
