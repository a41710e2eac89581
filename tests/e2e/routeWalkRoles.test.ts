import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { signIn } from './pages.js';
import { PHONE, phonePage, userId } from './routeWalk.js';
import { describeRouteWalk } from './routeWalkTests.js';
import { addWeeksOfMeetings } from './weeksOfMeetings.js';

/**
 * The walk over every route (routeWalkTests.ts) of the roles routeWalkAdmin.test.ts leaves, beside
 * it (docs/decisions/0247), and what a phone shows first.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ prepare: addWeeksOfMeetings });
});
afterAll(async () => {
  await e2e?.close();
});

describeRouteWalk(
  () => e2e,
  ['hod@example.org', 'inspectorate@example.org', 'cihpastor@example.org', 'cihcoordinator@example.org', 'firsttimer@example.org'],
  {
    administrator: false,
  },
);

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
