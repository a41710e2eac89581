import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startE2e, type E2e } from './harness.js';
import { expectHeading, signIn } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the photo directory (issue 33)', () => {
  it('the office sees the photo column and downloads the printed directory of the filtered list as a PDF', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await page.goto(`${e2e.url}/members-management`);
    await expectHeading(page, 'Members management');
    await page.getByRole('columnheader', { name: 'Photo' }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('Okafor');
    // The demo member has no photo: the initials stand for it, named by the person.
    await page.getByRole('img', { name: 'Adaeze Okafor' }).waitFor();

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print directory', exact: true }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^directory-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      fs
        .readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
