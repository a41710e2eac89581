import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startE2e, type E2e } from './harness.js';
import { expectHeading, expectToast, signIn } from './pages.js';
import { adminCall, phonePage } from './routeWalk.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

const TAG = 'Visit this week';
/** The smallest tap target on a phone (docs/decisions/0204). */
const THUMB = 44;

/** A call as the administrator with a JSON body. */
async function adminPost(path: string, body: object) {
  const call = async (p: string, init: RequestInit) => (await (await fetch(`${e2e.url}/api${p}`, init)).json()).data;
  const { token } = await call('/Auth/Login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

describe('actions on a selection of a list other than the member list, on a phone (issue 33, docs/decisions/0222)', () => {
  it('the office selects two first-timers on their cards and tags them from the selection bar', async () => {
    const tag = (await adminPost('/Tags/Create', { name: TAG })) as { id: string };
    // The first two cards: the list shows the newest first-timers first.
    const newest = (await adminCall(e2e, '/Admin/GetAllUsers?Kind=firsttimer&SortBy=createdAt&SortOrder=desc&PageSize=2')) as Array<{
      id: string;
      fullName: string;
    }>;
    expect(newest).toHaveLength(2);
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await page.goto(`${e2e.url}/first-timers`);
    await expectHeading(page, 'First timers');

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    for (const person of newest) {
      const box = page.getByRole('checkbox', { name: `Select ${person.fullName}` }).first();
      await box.check();
      // The checkbox's tap target, not only its drawn square, is a thumb's size.
      const target = await box.locator('xpath=..').boundingBox();
      expect(target!.width).toBeGreaterThanOrEqual(THUMB);
      expect(target!.height).toBeGreaterThanOrEqual(THUMB);
    }
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag to 2 people' });
    await dialog.getByRole('combobox', { name: /^Tag/ }).click();
    await page.getByRole('option', { name: TAG }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expectToast(page, 'Tag added to 2 people');
    await bar.getByText('0 selected').waitFor();

    // Both first-timers hold the tag now, and nobody else.
    for (const person of newest) {
      const tags = (await adminCall(e2e, `/Tags/OfPerson?UserId=${person.id}`)) as Array<{ name: string }>;
      expect(tags.map((t) => t.name)).toContain(TAG);
    }
    const all = (await adminCall(e2e, '/Tags/GetAll')) as Array<{ id: string; people: number }>;
    expect(all.find((t) => t.id === tag.id)?.people).toBe(2);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
