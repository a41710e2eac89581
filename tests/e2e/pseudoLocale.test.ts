import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { pseudoText } from './pseudoLocale.js';
import { checkTheChecks, walkPublic, walkSignedIn } from './pseudoWalk.js';
import { PHONE, SIGNED_IN_PATHS, recordRoutes, userId } from './routeWalk.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

const DEMO_ROLES = [
  'member@example.org',
  'hod@example.org',
  'inspectorate@example.org',
  'cihpastor@example.org',
  'cihcoordinator@example.org',
  'firsttimer@example.org',
];
const PUBLIC_PATHS = ['/', '/register', '/forgot-password', '/privacy', '/terms'];
const FINE = { stray: '', overflow: '' };

/** A walk opens each route once and reads its texts: a minute, and a budget per route on a loaded machine. */
const walkTimeout = (routes: number) => 60_000 + 3_000 * routes;

describe('the pseudo-locale', () => {
  it('wraps each text and each plural form, 40% longer, and keeps the placeholders', () => {
    expect(pseudoText('Save')).toBe('⟦Saveee⟧');
    expect(pseudoText('%{smart_count} member |||| %{smart_count} members')).toBe(
      '⟦%{smart_count} memberrrr⟧ |||| ⟦%{smart_count} memberssss⟧',
    );
    expect(pseudoText('Welcome, %{name}')).toMatch(/^⟦Welcome+, %\{name\}⟧$/);
  });

  it('lets the walk find a stray text, and a page wider than the phone, and lets data pass', async () => {
    const { before, after } = await checkTheChecks(e2e);
    expect(before).toEqual({ stray: [], overflow: [] });
    expect(after.stray).toEqual(["'Stray words' (Stray words)"]);
    expect(after.overflow[0]).toMatch(/^\d+ px wide$/);
  });
});

describe(`in the pseudo-locale at ${PHONE.width}x${PHONE.height}, every text on every route is the catalogue's and every route fits the longer texts`, () => {
  it(
    'on the public pages',
    async () => {
      const found = await walkPublic(e2e, PUBLIC_PATHS);
      expect({ stray: found.stray, overflow: found.overflow }).toEqual(FINE);
      expect(found.visited).toBe(PUBLIC_PATHS.length);
    },
    walkTimeout(PUBLIC_PATHS.length),
  );

  it.each(DEMO_ROLES)(
    'on every route %s may open',
    async (email) => {
      const own = `/profile/${await userId(e2e, email)}`;
      const found = await walkSignedIn(e2e, email, DEMO_PASSWORD, [...SIGNED_IN_PATHS, own]);
      expect({ stray: found.stray, overflow: found.overflow }).toEqual(FINE);
      expect(found.visited).toBeGreaterThan(3);
    },
    walkTimeout(SIGNED_IN_PATHS.length + 1),
  );

  it(
    'on every route the administrator may open, records included',
    async () => {
      const records = [`/profile/${await userId(e2e, ADMIN.email)}`, ...(await recordRoutes(e2e))];
      const found = await walkSignedIn(e2e, ADMIN.email, ADMIN.password, [...SIGNED_IN_PATHS, ...records]);
      expect({ stray: found.stray, overflow: found.overflow }).toEqual(FINE);
      expect(found.visited).toBeGreaterThan(SIGNED_IN_PATHS.length / 2);
    },
    walkTimeout(SIGNED_IN_PATHS.length + 8),
  );
});
