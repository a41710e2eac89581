import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { openFromMenu, signIn } from './pages.js';

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
    const data = JSON.parse(fs.readFileSync(await json.path(), 'utf8')).data;
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
