import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startE2e, type E2e } from './harness.js';
import { expectToast, fillByLabel, openFromMenu, signIn } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member (server/seed/demo.ts) whose phone number the administrator changes. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const REVIEWER = {
  firstName: 'Remi',
  surName: 'Auditor',
  email: 'remi.auditor@example.net',
  mobile1: '08030001111',
  password: 'Review-pass-1',
};
const NEW_PHONE = '08055501234';

/** One API call, signed in with `token` when given; answers the envelope's data. */
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

/**
 * The audit reviewer: an account signed up and activated as anyone would be, given by the
 * administrator a role made through the roles API that holds CAN_VIEW_AUDIT_REPORT and nothing else.
 */
async function createReviewer(adminToken: string) {
  const role = await api('POST', '/Roles/CreateRole', {
    token: adminToken,
    body: { name: 'Audit reviewer', description: 'Reads the audit log', permissions: ['CAN_VIEW_AUDIT_REPORT'] },
  });
  await api('POST', '/UserManagement/SignUpUser', { body: REVIEWER });
  const mail = await e2e.smtp.waitFor(REVIEWER.email);
  await api('POST', '/Auth/ValidateEmailComplete', { body: { email: REVIEWER.email, otp: mail.otp } });
  const user = await api('GET', `/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(REVIEWER.email)}`, { token: adminToken });
  await api('PUT', `/Admin/ConvertFirstTimersToMembers?Id=${user.id}`, { token: adminToken });
  await api('PUT', `/Admin/ChangeUserRole?UserId=${user.id}&RoleId=${role.id}`, { token: adminToken });
}

/** The administrator opens the member's profile and changes Mobile 2. */
async function changePhone(page: Page, memberId: string) {
  await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
  await page.goto(`${e2e.url}/profile/${memberId}`);
  await page.getByRole('heading', { level: 1, name: MEMBER.name, exact: true }).waitFor();
  const form = page.getByRole('tabpanel');
  await fillByLabel(form, { 'Mobile 2': NEW_PHONE });
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Successful');
}

describe('the audit log', () => {
  it('lets a reviewer find an administrator’s change to a member’s phone number and read it before and after', async () => {
    const { token } = await api('POST', '/Auth/Login', { body: { username: ADMIN.email, password: ADMIN.password } });
    const member = await api('GET', `/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(MEMBER.email)}`, { token });
    const before = (await api('GET', `/Biodata/GetBiodataByUserId?id=${member.id}`, { token })).mobile2 as string | null;
    await createReviewer(token);

    const admin = await e2e.newPage();
    await changePhone(admin, member.id);
    // The administrator reads the log too: History on the profile opens the member's whole history.
    await admin.getByRole('link', { name: 'History' }).click();
    await admin.waitForURL(/\/audit-logs\?/);
    await admin
      .getByRole('row', { name: new RegExp(`Biodata: ${MEMBER.name}`) })
      .first()
      .waitFor();
    await admin.getByRole('button', { name: `History of ${MEMBER.name}` }).waitFor();
    await admin.close();

    const page = await e2e.newPage();
    await signIn(page, e2e.url, REVIEWER.email, REVIEWER.password);
    await openFromMenu(page, 'Audit Logs');
    await page.getByRole('heading', { level: 1, name: 'Audit logs' }).waitFor();
    await page.getByRole('textbox', { name: 'Member (name or email)' }).fill(MEMBER.name);
    await page.waitForURL(/filter=.*Adaeze/);
    const row = page.getByRole('row', { name: new RegExp(`Changed.*Biodata: ${MEMBER.name}`) }).first();
    await row.waitFor();
    // By keyboard: the row's time is its button.
    await row.getByRole('button').first().focus();
    await page.keyboard.press('Enter');

    const panel = page.getByRole('region', { name: 'Change' });
    const mobile = panel.getByRole('row', { name: /Mobile 2/ });
    await mobile.waitFor();
    const cells = await mobile.getByRole('cell').allTextContents();
    expect(cells[0]).toBe(before ?? 'Not set');
    expect(cells[1]).toBe(NEW_PHONE);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.close();
  });
});
