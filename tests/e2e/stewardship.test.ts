import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { openFromMenu, rowWith, searchList, signIn, expectHeading } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member (server/seed/demo.ts). */
const MEMBER = { email: 'member@example.org', firstName: 'Adaeze' };

describe('a member downloads their data', () => {
  it('member@ saves the JSON and the readable page of their own data from their profile', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await openFromMenu(page, 'Profile');

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^my-flock-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await json.path(), 'utf8'));
    expect(data).not.toHaveProperty('succeeded');
    expect(data.account.email).toBe(MEMBER.email);
    expect(data.records.biodata[0].first_name).toBe(MEMBER.firstName);
    expect(data.account).not.toHaveProperty('password_hash');

    const [html] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (readable page)' }).click(),
    ]);
    expect(html.suggestedFilename()).toMatch(/\.html$/);
    const text = fs.readFileSync(await html.path(), 'utf8');
    expect(text).toContain('Your data in Flock');
    expect(text).toContain(MEMBER.email);
  });
});

/**
 * The office's spreadsheet: 50 people in the demo church's department, zone and center. Its phone
 * column is headed 'Cell', which the suggested mapping does not know, so the administrator maps
 * it. Three rows are bad: line 11 has a bad phone, line 24 an unknown department, line 38 the
 * email of an existing member.
 */
const person = (i: number) => ({
  first: `Imported${i}`,
  last: `Spreadsheet${String(i).padStart(2, '0')}`,
  email: `sheet.${i}@example.org`,
});
function spreadsheet() {
  const lines = ['First name,Last name,Cell,Email,Sex,Date of birth,Department,Zone,Center'];
  for (let i = 1; i <= 50; i++) {
    const { first, last, email } = person(i);
    const line = i + 1;
    const phone = line === 11 ? '0911-abc' : `0911${String(i).padStart(7, '0')}`;
    const department = line === 24 ? 'Astronomy' : 'Choir';
    lines.push(
      [
        first,
        last,
        phone,
        line === 38 ? MEMBER.email : email,
        i % 2 ? 'M' : 'F',
        '15/06/1990',
        department,
        'Ikeja Zone',
        'Allen Avenue Center',
      ].join(','),
    );
  }
  return Buffer.from(lines.join('\n'));
}

describe('an administrator imports the spreadsheet the office keeps', () => {
  it('maps the phone column, sees the 3 bad rows, imports the 47 good ones and finds them among the members', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(page, 'Members');
    await page.waitForURL('**/members-management');
    await expectHeading(page, 'Members management');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import members from a spreadsheet' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: spreadsheet() });

    // The suggested mapping found every column but 'Cell'.
    await dialog.getByText('50 rows were read.', { exact: false }).waitFor();
    const phone = dialog.getByRole('combobox', { name: 'Phone', exact: true });
    expect(await phone.inputValue()).toBe('');
    expect(await dialog.getByRole('combobox', { name: 'Last name', exact: true }).locator('option:checked').textContent()).toBe(
      'Last name',
    );
    await phone.selectOption({ label: 'Cell' });
    await dialog.getByRole('button', { name: 'Check the rows' }).click();

    await dialog.getByText('50 rows: 47 ready to import, 3 with problems.').waitFor();
    const problems = dialog.getByRole('table', { name: 'Problems' });
    expect(await problems.getByRole('row').count()).toBe(4);
    await rowWith(page, 'Spreadsheet10').getByText('Bad phone "0911-abc"').waitFor();
    await rowWith(page, 'Spreadsheet23').getByText('Unknown department "Astronomy"').waitFor();
    await rowWith(page, 'Spreadsheet37').getByText(`A member already has the email ${MEMBER.email}`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Import all' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Import the good rows' }).click();
    await dialog.getByText('47 people imported, 3 rows skipped.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Imported people are listed; the bad rows' people are not.
    await searchList(page, 'Spreadsheet49', person(49).email);
    await expect(rowWith(page, person(49).email).textContent()).resolves.toContain('Imported49');
    await page.getByPlaceholder('Search').fill('Spreadsheet10');
    await page.getByText('No members match this search and these filters.', { exact: false }).waitFor();
    await page.close();
  });
});
