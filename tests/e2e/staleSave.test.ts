import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from './globalSetup.js';
import { ADMIN, startE2e, type E2e } from './harness.js';
import { expectToast, fillByLabel, recordToasts, signIn } from './pages.js';

/**
 * Two administrators edit one member's profile in two browsers. The first save wins; the second
 * is refused as stale, says so with a Reload choice, and keeps what its administrator typed.
 */
let e2e: E2e;
let otherBrowser: Browser | undefined;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await otherBrowser?.close();
  await e2e?.close();
});

const SECOND_ADMIN = { email: 'second.admin@example.net', password: 'Second-admin-pass-1' };
const STALE = 'This record was changed by someone else since you opened it';

async function api(method: string, path: string, { body, token }: { body?: object; token?: string } = {}) {
  const response = await fetch(`${e2e.url}/api${path}`, {
    method,
    headers: { ...(token && { Authorization: `Bearer ${token}` }), ...(body && { 'Content-Type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  const envelope = await response.json();
  expect(response.status, `${method} ${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

/** A second administrator, made by the first and given a password through the mailed code. */
async function secondAdministrator(token: string) {
  await api('POST', '/Admin/CreateAdmin', {
    token,
    body: { firstName: 'Second', surName: 'Administrator', email: SECOND_ADMIN.email, mobile1: '08030001111' },
  });
  const mail = await e2e.smtp.waitFor(SECOND_ADMIN.email);
  await api('POST', '/Auth/ChangePasswordComplete', {
    body: { email: SECOND_ADMIN.email, otp: mail.otp, newPassword: SECOND_ADMIN.password },
  });
}

/** A page in a browser of its own: its own storage, so its own signed-in administrator. */
async function pageInAnotherBrowser(): Promise<Page> {
  otherBrowser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  // Service workers blocked as in every file's own browser (tests/e2e/harness.ts).
  const context = await otherBrowser.newContext({ serviceWorkers: 'block' });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(recordToasts);
  return context.newPage();
}

const panel = (page: Page) => page.getByRole('tabpanel');
const value = (page: Page, label: string) => panel(page).getByRole('textbox', { name: label, exact: true }).inputValue();
const save = (page: Page) => panel(page).getByRole('button', { name: 'Save' }).click();

it('the second save is refused with the message and a Reload choice, and nothing typed is lost', async () => {
  const { token } = await api('POST', '/Auth/Login', { body: { username: ADMIN.email, password: ADMIN.password } });
  await secondAdministrator(token);
  const member = await api('GET', `/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent('member@example.org')}`, { token });

  const first = await e2e.newPage();
  const second = await pageInAnotherBrowser();
  await signIn(first, e2e.url, ADMIN.email, ADMIN.password);
  await signIn(second, e2e.url, SECOND_ADMIN.email, SECOND_ADMIN.password);
  for (const page of [first, second]) {
    await page.goto(`${e2e.url}/profile/${member.id}`);
    await panel(page).getByRole('textbox', { name: 'Middle name', exact: true }).waitFor();
  }

  await fillByLabel(panel(first), { 'Middle name': 'Chidinma' });
  await save(first);
  await expectToast(first, 'Successful');

  await fillByLabel(panel(second), { 'Middle name': 'Ifeoma', 'Place of birth': 'Owerri' });
  await save(second);
  const notice = second.getByRole('alert').filter({ hasText: STALE });
  await notice.waitFor();
  const reload = notice.getByRole('button', { name: 'Reload' });
  await reload.waitFor();
  // What the second administrator typed is still there, and the first's save stands.
  expect(await value(second, 'Middle name')).toBe('Ifeoma');
  expect(await value(second, 'Place of birth')).toBe('Owerri');
  expect((await api('GET', `/Biodata/GetBiodataByUserId?id=${member.id}`, { token })).middleName).toBe('Chidinma');

  // Reload shows the record as it is now; saved from there, the change goes through.
  await reload.click();
  await expect.poll(() => value(second, 'Middle name')).toBe('Chidinma');
  await fillByLabel(panel(second), { 'Middle name': 'Ifeoma' });
  await save(second);
  await expectToast(second, 'Successful');
  expect((await api('GET', `/Biodata/GetBiodataByUserId?id=${member.id}`, { token })).middleName).toBe('Ifeoma');
});
