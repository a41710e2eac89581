import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectToast, fillByLabel, login, menuEntries, openFromMenu, rowWith, searchList, signIn, expectHeading } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** Demo members (server/seed/demo.ts): a plain member, and one who also coordinates a CIH center. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const COORDINATOR = { email: 'cihcoordinator@example.org', name: 'Ngozi Eze' };
const INSPECTOR = { email: 'inspectorate@example.org' };

/** The side menu of a plain member: what every signed-in user sees. */
const EVERYONE = ['Profile', 'Overview', 'Events', 'Appointments', 'Meetings', 'Requests', 'Notifications'];

describe('people administration in a real browser', () => {
  it('an administrator converts three first-timers at once and finds them in the member list', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(page, 'First Timers');
    await page.waitForURL('**/first-timers');
    await page.getByRole('group', { name: 'Not converted yet' }).getByText('30').waitFor();

    // The figures and the list load apart: wait for the list's rows too.
    await page.locator('tbody td.column-email').nth(2).waitFor();
    const emails = (await page.locator('tbody td.column-email').allTextContents()).slice(0, 3);
    expect(emails).toHaveLength(3);
    for (const email of emails) await rowWith(page, email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Convert to members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert 3 first-timers to members?' });
    await dialog.getByRole('button', { name: 'Convert' }).click();
    await dialog.getByRole('alert').getByText('3 first-timers converted to members').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // They leave the first-timer list, and its numbers follow.
    await page.getByRole('group', { name: 'Not converted yet' }).getByText('27').waitFor();
    // The list reloads apart from the figures: each converted row leaves once it has.
    for (const email of emails) await rowWith(page, email).waitFor({ state: 'detached' });

    await openFromMenu(page, 'Members');
    await page.waitForURL('**/members-management');
    await expectHeading(page, 'Members management');
    for (const email of emails) await searchList(page, email);
    await page.close();
  });

  it('an administrator disables a member, who then cannot log in', async () => {
    const admin = await e2e.newPage();
    await signIn(admin, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(admin, 'Users management');
    await admin.waitForURL('**/users-management');
    await expectHeading(admin, 'Users management');
    await searchList(admin, COORDINATOR.email);
    const row = rowWith(admin, COORDINATOR.email);
    expect(await row.getByText('Enabled').count()).toBe(1);
    await row.getByRole('button', { name: `Disable ${COORDINATOR.name}` }).click();
    await admin
      .getByRole('dialog', { name: `Disable ${COORDINATOR.name}?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expectToast(admin, 'User disabled');
    await row.getByText('Disabled').waitFor();

    const member = await e2e.newPage();
    await login(member, e2e.url, COORDINATOR.email, DEMO_PASSWORD);
    await member.getByText('Your account has been disabled. Please contact an administrator.').waitFor();
    expect(new URL(member.url()).pathname).toBe('/');
    await member.close();
    await admin.close();
  });

  it('an administrator creates a role with two permissions and gives it to a member, who sees its menu entries after logging in again', async () => {
    const member = await e2e.newPage();
    await signIn(member, e2e.url, MEMBER.email, DEMO_PASSWORD);
    expect(await menuEntries(member)).toEqual(EVERYONE);

    const admin = await e2e.newPage();
    await signIn(admin, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(admin, 'Roles management');
    await admin.waitForURL('**/roles-management');
    await admin
      .getByText('A change to roles or permissions takes effect at once: the holder’s next action is judged by it.')
      .first()
      .waitFor();
    await admin.getByRole('button', { name: 'Add role' }).click();
    const editor = admin.getByRole('dialog', { name: 'Add a role' });
    await fillByLabel(editor, { Name: 'Ushers' });
    await editor.getByRole('checkbox', { name: 'View Departments' }).check();
    await editor.getByRole('checkbox', { name: 'View Affinity groups' }).check();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Successfully Created');
    await rowWith(admin, 'Ushers').getByRole('cell', { name: '2' }).waitFor();

    await admin.getByRole('tab', { name: 'People’s roles' }).click();
    await admin.getByRole('combobox', { name: 'User' }).fill(MEMBER.email);
    await admin.getByRole('option', { name: new RegExp(MEMBER.email) }).click();
    await admin.getByRole('heading', { name: `Roles of ${MEMBER.name}` }).waitFor();
    await admin.getByRole('button', { name: 'Assign a role' }).click();
    const assign = admin.getByRole('dialog', { name: `Assign a role to ${MEMBER.name}` });
    await choose(assign, 'Role', 'Ushers');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expectToast(admin, 'Role and permissions assigned. Changes take effect at once.');
    await rowWith(admin, 'Ushers').waitFor();

    // Permissions are read at login: the next one brings the role's (pages of one browser share the session).
    await signIn(member, e2e.url, MEMBER.email, DEMO_PASSWORD);
    expect(await menuEntries(member)).toEqual([
      'Profile',
      'Overview',
      'Affinity Groups',
      'Departments',
      'Events',
      'Appointments',
      'Meetings',
      'Requests',
      'Notifications',
    ]);
    await admin.close();
    await member.close();
  });

  it('an administrator demoted while their browser is open is refused at their next click and sent to sign in', async () => {
    // The other administrator acts through the API: pages of one browser share one session.
    const api = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${e2e.url}/api${path}`, {
        method,
        headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const adminToken = (await api('POST', '/Auth/Login', undefined, { username: ADMIN.email, password: ADMIN.password })).body.data.token;
    const roles: Array<{ id: string; name: string }> = (await api('GET', '/Admin/GetPlatformAdminRoles', adminToken)).body.data;
    const roleId = (name: string) => roles.find((role) => role.name === name)!.id;
    const w = (await api('GET', `/UserManagement/GetUserbyEmail?UserEmail=${INSPECTOR.email}`, adminToken)).body.data;
    expect((await api('PUT', `/Admin/ChangeUserRole?UserId=${w.id}&RoleId=${roleId('administrator')}`, adminToken)).status).toBe(200);

    const page = await e2e.newPage();
    await signIn(page, e2e.url, INSPECTOR.email, DEMO_PASSWORD);
    await openFromMenu(page, 'Users management');
    await page.waitForURL('**/users-management');
    await expectHeading(page, 'Users management');
    await searchList(page, MEMBER.email);

    expect((await api('PUT', `/Admin/ChangeUserRole?UserId=${w.id}&RoleId=${roleId('member')}`, adminToken)).status).toBe(200);

    await page.getByPlaceholder('Search').fill(COORDINATOR.email);
    await expectToast(page, 'Your access has changed. Please sign in again.');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Email or user name').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.close();
  });
});
