import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { expectOverview } from './pages.js';

/** A common phone's viewport. */
const PHONE = { width: 390, height: 844 };
const MEMBER = 'member@example.org';
/** A slow phone on mobile data, as issue 32 tried Flock: a CPU 4x slower than a laptop, 1.6 Mbit/s with 150 ms latency. */
const SLOW_CPU = 4;
const MOBILE_DATA = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const NO_LIMIT = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** A page on a slow phone with nothing cached (a first visit); `fast()` lifts the limits. */
async function slowPhone() {
  const page = await e2e.newPage();
  await page.setViewportSize(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', MOBILE_DATA);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU });
  const fast = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', NO_LIMIT);
  };
  return { page, fast };
}

/** Signs the page's session out (pages of one browser context share local storage) and closes it. */
async function signOutAndClose(page: Page) {
  await page.evaluate(() => window.localStorage.clear());
  await page.close();
}

describe('signing in on a slow phone', () => {
  it('typing from the moment the static form shows, and Enter, signs in every time: what was typed is what is sent', async () => {
    for (let run = 0; run < 10; run++) {
      const { page, fast } = await slowPhone();
      // Where each key went: index.html's static form or the app's own.
      await page.addInitScript(() => {
        const w = window as unknown as { keysTo: string[] };
        w.keysTo = [];
        document.addEventListener('keydown', (e) => w.keysTo.push((e.target as Element).closest('#login-shell') ? 'static' : 'app'), true);
      });
      const loginCall = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/Auth/Login', {
        timeout: 90_000,
      });
      await page.goto(`${e2e.url}/`, { waitUntil: 'commit' });
      await page.locator('#login-shell-username').waitFor();
      // A person typing, a little faster or slower each time, so the app takes over at a different key.
      const delay = 20 + run * 10;
      await page.keyboard.type(MEMBER, { delay });
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO_PASSWORD, { delay });
      await page.keyboard.press('Enter');

      const sent = (await loginCall).postDataJSON();
      const keysTo = await page.evaluate(() => (window as unknown as { keysTo: string[] }).keysTo.join(' '));
      expect(sent, `run ${run + 1}, keys went to: ${keysTo}`).toMatchObject({ username: MEMBER, password: DEMO_PASSWORD });
      await fast();
      await expectOverview(page);
      await signOutAndClose(page);
    }
  }, 600_000);
});
