import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { expectOverview, login, logout, storageKeys } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the platform in a real browser', () => {
  it('registers, reads the code from the mail, verifies, logs in and lands on overview', async () => {
    const page = await e2e.newPage();
    const email = 'new.person@example.net';
    await page.goto(`${e2e.url}/register`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Mobile number').fill('08030000000');
    await page.getByLabel('Password', { exact: true }).fill('Register-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(`**/email-verify/${encodeURIComponent(email)}`);
    const mail = await e2e.smtp.waitFor(email);
    expect(mail.otp).toMatch(/^\d{6}$/);
    await page.getByLabel('Verification code').fill(mail.otp!);
    await page.getByRole('button', { name: 'Verify email' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await login(page, e2e.url, email, 'Register-pass-1');
    await expectOverview(page);
    expect(await page.getByText('Welcome, Ada Okafor').count()).toBe(1);
    await page.close();
  });

  it('sends a member who opens /users-management to overview with "You are not authorised"', async () => {
    const page = await e2e.newPage();
    await login(page, e2e.url, 'member@example.org', DEMO_PASSWORD);
    await expectOverview(page);
    await page.goto(`${e2e.url}/users-management`);
    await page.getByText('You are not authorised').waitFor();
    await page.waitForURL('**/overview');
    await page.close();
  });

  it('reloads a deep link and stays on it', async () => {
    const page = await e2e.newPage();
    await login(page, e2e.url, 'admin@example.org', 'Admin-e2e-pass-1');
    await expectOverview(page);
    await page.goto(`${e2e.url}/members-management`);
    await page.waitForURL('**/members-management');
    await page.reload();
    await page.waitForURL('**/members-management');
    expect(await page.title()).toContain('Flock');
    expect(await page.getByText('You are not authorised').count()).toBe(0);
    await page.close();
  });

  it('logs out and clears the session from local storage', async () => {
    const page = await e2e.newPage();
    await login(page, e2e.url, 'inspectorate@example.org', DEMO_PASSWORD);
    await expectOverview(page);
    const before = await storageKeys(page);
    expect(before.length).toBeGreaterThan(0);
    await logout(page);
    const after = await storageKeys(page);
    const session = after.filter((k) => !['theme', 'semiDark', 'menuLayout', 'skin'].includes(k));
    expect(session).toEqual([]);
    // The page behind the sign-in is closed again.
    await page.goto(`${e2e.url}/overview`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });
});
