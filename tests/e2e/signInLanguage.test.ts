import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@/src/i18n/en.js';
import { fr } from '@/src/i18n/fr.js';
import { startE2e, type E2e } from './harness.js';

// docs/decisions/0231: index.html's static sign-in copy reads in the reader's language before any bundle has run.

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The front page with its bundles held back, so what shows is index.html's static copy; `release` lets them load. */
async function staticCopy(chosen: string | null) {
  const page = await e2e.newPage();
  // The pages of one browser context share local storage: each test says what was chosen, or that nothing was.
  await page.addInitScript((code) => {
    if (code) window.localStorage.setItem('RaStore.locale', JSON.stringify(code));
    else window.localStorage.removeItem('RaStore.locale');
  }, chosen);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${e2e.url}/`, { waitUntil: 'commit' });
  await page.locator('#login-shell h1').waitFor({ state: 'attached' });
  return { page, release };
}

describe("index.html's static sign-in copy", () => {
  it('reads in French to a reader who chose French, until the app takes over', async () => {
    const { page, release } = await staticCopy('fr');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.locator('#login-shell h1').textContent()).toBe(fr.flock.routes.login.title);
    expect(await page.locator('#login-shell button[type="submit"]').textContent()).toBe(fr.flock.auth.login);
    expect(await page.locator('#login-shell label[for="login-shell-password"]').textContent()).toBe(fr.flock.fields.password);
    release();
    await page.locator('#login-shell').waitFor({ state: 'detached' });
    await page.close();
  });

  it('stays in English for a reader who chose nothing and whose browser speaks English', async () => {
    const { page, release } = await staticCopy(null);
    await expect.poll(() => page.evaluate(() => document.readyState)).not.toBe('loading');
    expect(await page.locator('#login-shell h1').textContent()).toBe(en.flock.routes.login.title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    release();
    await page.close();
  });
});
