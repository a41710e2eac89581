import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { PHONE, STILL, adminCall, phonePage, shiftedOn } from './routeWalk.js';
import { choose, expectOverview, expectToast, fillByLabel, signIn, typeDate } from './pages.js';

const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/**
 * How wide the page lays out against the viewport, and how far its content shifted while it
 * loaded, once the screen has loaded its data.
 */
async function widthOf(page: Page, path: string) {
  await page.goto(`${e2e.url}${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('#loading-overlay[hidden]').waitFor({ state: 'attached' });
  return page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    at: location.pathname,
    shifted: (window as unknown as { shifted: number }).shifted,
  }));
}

/** Every route given, opened in turn: those wider than the phone, or whose content jumped while loading. */
async function misfits(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    const { document, viewport, at, shifted } = await widthOf(page, path);
    if (document > viewport) found.push(`${path} (${at}): ${document} px`);
    if (shifted >= STILL) found.push(`${path} (${at}): layout shift ${shifted.toFixed(3)}`);
  }
  return found;
}

describe('on a phone (390x844)', () => {
  it('reloading the verify page of an address with a dot shows the verify page', async () => {
    const page = await phonePage(e2e);
    await page.goto(`${e2e.url}/email-verify/${encodeURIComponent('a.b@example.org')}`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /verify/i }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it('the public pages fit the phone and hold still while they load', async () => {
    const page = await phonePage(e2e);
    expect(await misfits(page, ['/', '/register', '/forgot-password', '/privacy', '/terms', '/reset-password/x@y.org'])).toEqual([]);
    await page.close();
  });

  it('index.html draws the login form before any bundle; what was typed there and a Sign in pressed carry over', async () => {
    const page = await phonePage(e2e);
    await page.goto(`${e2e.url}/privacy`);
    await page.evaluate(() => window.localStorage.clear());
    // the bundles are held back until the member has typed and pressed Sign in
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.url}/`, { waitUntil: 'commit' });
    await page.getByLabel('Email or user name').fill(MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // held, not sent as a GET with the password in the address
    expect(new URL(page.url()).search).toBe('');
    release();
    await expectOverview(page);
    await page.evaluate(() => window.localStorage.clear());
    await page.close();
  });

  it('a member signs in, types their date of birth, files a request, and the pages they open most hold still when loaded afresh', async () => {
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    const member = await adminCall(e2e, `/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(MEMBER.email)}`);
    await page.goto(`${e2e.url}/profile/${member.id}`);
    await page.getByRole('heading', { level: 1, name: MEMBER.name }).waitFor();
    const form = page.getByRole('tabpanel');
    // Typed from the middle of the field (the year alone): an error naming the field, never a silent 'Successful'.
    await form.getByRole('group', { name: 'Date of birth', exact: true }).getByRole('spinbutton', { name: 'Year' }).click();
    await page.keyboard.type('0990', { delay: 30 });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(/^Date of birth (must|cannot)/).waitFor();
    await typeDate(form, 'Date of birth', '03141990');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successful');
    // saved, not only announced
    const biodata = await adminCall(e2e, `/Biodata/GetBiodataByUserId?id=${member.id}`);
    expect(String(biodata.dateOfBirth)).toMatch(/^1990-03-14/);

    await page.getByRole('tab', { name: 'Departments', exact: true }).click();
    await page.getByRole('button', { name: 'Join a department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request to join a department' });
    // dialogs take the whole phone screen
    expect((await dialog.boundingBox())?.width).toBe(PHONE.width);
    await choose(dialog, 'Department', 'Ushering', 'Ushering');
    await fillByLabel(dialog, { Reason: 'I would like to welcome people at the door' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expectToast(page, 'Request successful');

    await page.goto(`${e2e.url}/requests`);
    const card = page.getByRole('listitem').filter({ hasText: 'Join a department' });
    await card.getByText('I would like to welcome people at the door').waitFor();
    // its action sits behind the card's menu button, within the screen
    await card.getByRole('button', { name: 'Actions for Join a department' }).click();
    await page.getByRole('button', { name: /^Cancel/ }).waitFor();
    await page.keyboard.press('Escape');

    // Loaded afresh, as a link or a reload opens them (tests/e2e/routeWalkAdmin.test.ts and routeWalkRoles.test.ts open every route within the app).
    expect(await misfits(page, ['/overview', '/requests', `/profile/${member.id}`])).toEqual([]);
    await page.close();
  });

  it("the administrator's overview does not move while its counts load", async () => {
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    // The counts are held back until what follows them on the page has drawn.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Stats/GetAdminDashboardStats*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.url}/overview`);
    await page.getByRole('heading', { name: /Your pending requests/ }).waitFor();
    const counted = page.waitForResponse('**/api/Stats/GetAdminDashboardStats*');
    release();
    await counted;
    const statistics = page.getByRole('region', { name: 'Church at a glance' });
    await statistics.getByText('Members', { exact: true }).waitFor();
    await statistics.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
    expect(await shiftedOn(page)).toBeLessThan(STILL);
    await page.close();
  });

  it("the overview's house-fellowship figures load only when scrolled into view, far below a phone's first screen", async () => {
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    const asked: string[] = [];
    page.on('request', (request) => request.url().includes('/api/Stats/GetCIHDasboardStats') && asked.push(request.url()));
    await page.goto(`${e2e.url}/overview`);
    const figures = page.getByRole('region', { name: 'House fellowships (CIH)' });
    await figures.waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await figures.scrollIntoViewIfNeeded();
    await figures.getByRole('group', { name: 'Present', exact: true }).waitFor();
    expect(asked).toHaveLength(1);
    await page.close();
  });

  it('at 1366x768 the member table keeps Export in view and the page does not scroll sideways', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    const { document, viewport } = await widthOf(page, '/members-management');
    expect(document).toBeLessThanOrEqual(viewport);
    const exportButton = await page.getByRole('button', { name: 'Export', exact: true }).boundingBox();
    expect(exportButton!.x + exportButton!.width).toBeLessThanOrEqual(1366);
    await page.close();
  });
});
