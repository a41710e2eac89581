import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { signIn } from './pages.js';
import { PHONE, SIGNED_IN_PATHS, phonePage, recordRoutes, userId, walkRoutes } from './routeWalk.js';

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
const FINE = { misfits: '', tooSmall: '', cut: '' };

/**
 * A walk opens every route in turn and waits for each to load: its time grows with the routes
 * and the machine's load, so its limit is a minute plus a generous budget per route.
 */
const walkTimeout = (routes: number) => 60_000 + 5_000 * routes;

describe(`on a phone (${PHONE.width}x${PHONE.height}) every route fits, holds still while it loads, offers controls of at least 44x44 px and cuts no title or tab`, () => {
  it.each(DEMO_ROLES)(
    'on every route %s may open',
    async (email) => {
      const own = `/profile/${await userId(e2e, email)}`;
      expect(await walkRoutes(e2e, email, DEMO_PASSWORD, [...SIGNED_IN_PATHS, own])).toEqual(FINE);
    },
    walkTimeout(SIGNED_IN_PATHS.length + 1),
  );

  it(
    'on every route the administrator may open, records included',
    async () => {
      const records = [`/profile/${await userId(e2e, ADMIN.email)}`, ...(await recordRoutes(e2e))];
      expect(await walkRoutes(e2e, ADMIN.email, ADMIN.password, [...SIGNED_IN_PATHS, ...records])).toEqual(FINE);
    },
    walkTimeout(SIGNED_IN_PATHS.length + 8),
  );
});

describe('a phone shows first what a person came to do', () => {
  it("one's own profile opens on the personal information: its first input is on the first screen", async () => {
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, 'member@example.org', DEMO_PASSWORD);
    await page.goto(`${e2e.url}/profile/${await userId(e2e, 'member@example.org')}`);
    const form = page.getByRole('tabpanel');
    const first = form.locator('input:not([type="hidden"]):not([aria-hidden="true"]), [role="combobox"], [role="group"]').first();
    await first.waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Personal Information' }).getAttribute('aria-selected')).toBe('true');
    const box = (await first.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // what came before it is still there, below the forms
    await page.getByRole('button', { name: 'Download my data (JSON)' }).waitFor();
    await page.getByRole('heading', { name: 'Your privacy choices' }).waitFor();
    await page.close();
  });
});
