import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPageJs } from '@/tests/support/initialJs.js';
import { startE2e, type E2e } from './harness.js';

/** Most members open Flock on a phone on mobile data: the sign-in page in a handful of files, within 200 kB compressed. */
const FIRST_PAGE = { files: 8, bytes: 200 * 1024 };
/** Signed-in parts (the frame and its menu, the bell, the areas' texts, the overview): none loads before sign-in. */
const SIGNED_IN = [
  'src/layout/SignedInLayout.tsx',
  'src/layout/Layout.tsx',
  'src/layout/AppBar.tsx',
  'src/layout/Menu.tsx',
  'src/areas/notifications/NotificationBell.tsx',
  'src/i18n/enAreas.ts',
  'src/areas/overview/OverviewPage.tsx',
];
/** Another language's texts load only when it is chosen, never for an English reader (docs/decisions/0226-languages.md). */
const OTHER_LANGUAGES = ['src/i18n/fr.ts', 'src/i18n/frAreas.ts'];
/** A text of the login page's own code (LoginPage.tsx), which no other module of the first page holds. */
const LOGIN_PAGE_CODE = 'flock.auth.forgot_password';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the built web app', () => {
  it("keeps the login page's JavaScript within 200 kB compressed (brotli, as sent) and 8 files", () => {
    const files = loginPageJs(path.resolve('dist'));
    const total = files.reduce((sum, f) => sum + f.brotli, 0);
    const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
    const largest = [...files].sort((a, b) => b.brotli - a.brotli).slice(0, 5);
    const detail = largest.map((f) => `${f.file} ${(f.brotli / 1024).toFixed(1)} kB`).join(', ');
    const summary = `${(total / 1024).toFixed(1)} kB brotli (${(gzip / 1024).toFixed(1)} kB gzipped) in ${files.length} files; largest: ${detail}`;
    expect(total, summary).toBeLessThanOrEqual(FIRST_PAGE.bytes);
    expect(files.length, summary).toBeLessThanOrEqual(FIRST_PAGE.files);
    // the measure sees the app itself, not only a shell
    expect(files.some((f) => fs.readFileSync(path.resolve('dist', f.file), 'utf8').includes(LOGIN_PAGE_CODE))).toBe(true);
  });

  it('loads neither the date pickers, the charts nor the country list before sign-in', () => {
    const files = loginPageJs(path.resolve('dist')).map((f) => f.file);
    for (const heavy of [/countries-/, /x-date-pickers|DatePicker/, /x-charts|Chart/]) {
      expect(files.filter((f) => heavy.test(f))).toEqual([]);
    }
  });

  it('the sign-in page loads at most 8 script files and 200 kB, nothing of the signed-in app, and no other language', async () => {
    const page = await e2e.newPage();
    const measured: Array<Promise<{ file: string; bytes: number; encoding: string }>> = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() !== 'script' || url.origin !== e2e.url) return;
      measured.push(
        (async () => ({
          file: url.pathname.slice(1),
          bytes: (await request.sizes()).responseBodySize,
          encoding: (await (await request.response())?.allHeaders())?.['content-encoding'] ?? 'none',
        }))(),
      );
    });
    await page.goto(`${e2e.url}/`);
    // The real form has taken over from index.html's static copy, and the page has nothing more to fetch.
    await page.locator('#login-shell').waitFor({ state: 'detached' });
    await page.getByLabel('Email or user name').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(measured);

    const detail = scripts.map((s) => `${s.file} ${(s.bytes / 1024).toFixed(1)} kB ${s.encoding}`).join(', ');
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    expect(scripts.length, detail).toBeGreaterThan(0);
    expect(scripts.length, detail).toBeLessThanOrEqual(FIRST_PAGE.files);
    expect(total, `${(total / 1024).toFixed(1)} kB: ${detail}`).toBeLessThanOrEqual(FIRST_PAGE.bytes);
    // sent compressed, as a browser asks
    expect(scripts.filter((s) => s.encoding === 'none')).toEqual([]);

    const manifest: Record<string, { file: string }> = JSON.parse(fs.readFileSync(path.resolve('dist', '.vite', 'manifest.json'), 'utf8'));
    const signedIn = [...SIGNED_IN, ...OTHER_LANGUAGES].filter((key) => manifest[key]).map((key) => manifest[key].file);
    // the measure names real chunks: the signed-in frame and the bell are chunks of their own
    expect(signedIn.length).toBeGreaterThanOrEqual(2);
    expect(scripts.map((s) => s.file).filter((file) => signedIn.includes(file))).toEqual([]);
    await page.close();
  });
});
