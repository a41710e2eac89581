import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectToast, fillByLabel, openFromMenu, rowWith, signIn } from './pages.js';

/**
 * Requests and approvals in Chromium: a member files from their profile, the one who
 * decides finds it under /requests and decides it, and the member sees the outcome.
 */

let e2e: E2e;
let page: Page;
beforeAll(async () => {
  e2e = await startE2e();
  page = await e2e.newPage();
});
afterAll(async () => {
  await e2e?.close();
});

/** Demo accounts (server/seed/demo.ts): the member sings in the Choir and lives in the Lekki Zone. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const INSPECTORATE = { email: 'inspectorate@example.org', name: 'Funmilayo Adeyemi' };

/** The sign-in address of a department's head, read through the API as the administrator. */
async function headOf(departmentName: string): Promise<string> {
  const call = async (path: string, init: RequestInit = {}) => (await (await fetch(`${e2e.url}/api${path}`, init)).json()).data;
  const { token } = await call('/Auth/Login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const [department] = await call(`/Department/GetAllDepartment?Search=${encodeURIComponent(departmentName)}`, auth);
  return (await call(`/UserManagement/GetUserbyId?UserId=${department.hodId}`, auth)).email;
}

async function openProfileTab(name: string) {
  await openFromMenu(page, 'Profile');
  await page.getByRole('heading', { level: 1, name: MEMBER.name }).waitFor();
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** Opens /requests from the menu and one of its tabs, whose label carries the pending count. */
async function openRequests(tab: RegExp) {
  await openFromMenu(page, 'Requests');
  await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

async function decide(requester: string, verb: 'Approve' | 'Reject', comment?: string) {
  await rowWith(page, requester)
    .getByRole('button', { name: `${verb} ${requester}'s request` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${verb} the request` });
  if (comment) await dialog.getByRole('textbox', { name: /^Comment/ }).fill(comment);
  await dialog.getByRole('button', { name: verb, exact: true }).click();
  await expectToast(page, verb === 'Approve' ? 'Request approved' : 'Request rejected');
  await dialog.waitFor({ state: 'detached' });
}

describe('a request from filing to decision', () => {
  it('a member asks to join the Ushering department; its head approves; the member sees it approved and is in it', async () => {
    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await openProfileTab('Departments');
    await page.getByRole('button', { name: 'Join a department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request to join a department' });
    await choose(dialog, 'Department', 'Ushering', 'Ushering');
    await fillByLabel(dialog, { Reason: 'I would like to welcome people at the door' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expectToast(page, 'Request successful');

    await signIn(page, e2e.url, await headOf('Ushering'), DEMO_PASSWORD);
    await openRequests(/^Department requests \(1\)$/);
    await rowWith(page, 'I would like to welcome people at the door').waitFor();
    await decide(MEMBER.name, 'Approve');
    await page.getByRole('tab', { name: 'Department requests (0)' }).waitFor();
    await rowWith(page, MEMBER.name).getByText('Approved').waitFor();

    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await openRequests(/^My requests/);
    const mine = rowWith(page, 'Join a department');
    await mine.getByText('Approved').waitFor();
    expect(await mine.getByText('Ushering').count()).toBe(1);
    await openProfileTab('Departments');
    const departments = page.getByRole('list', { name: 'Departments' });
    await departments.getByText('Ushering').waitFor();
    // The Choir stays the primary department; Ushering joins beside it.
    expect(await departments.getByRole('listitem').allTextContents()).toEqual(['ChoirPrimary', expect.stringMatching(/^Ushering/)]);
  });

  it('a member asks to move zone; the inspectorate rejects it with a comment, which the member reads', async () => {
    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await openProfileTab('Church Affiliations');
    await page.getByRole('button', { name: 'Request change of zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a change of zone' });
    await choose(dialog, 'Zone', 'Abuja Zone', 'Abuja');
    await choose(dialog, 'Center', 'Garki Center', 'Garki');
    await fillByLabel(dialog, { Reason: 'I am moving to Abuja for work' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expectToast(page, 'Request successful');

    await signIn(page, e2e.url, INSPECTORATE.email, DEMO_PASSWORD);
    await openRequests(/^Inspectorate requests \(1\)$/);
    expect(await page.getByRole('tab', { name: /^Department requests/ }).count()).toBe(0);
    await rowWith(page, 'Lekki Zone').getByText('Abuja Zone, Garki Center').waitFor();
    await decide(MEMBER.name, 'Reject', 'The Lekki Zone needs you this year');

    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await openRequests(/^My requests/);
    const request = rowWith(page, 'Change CIH zone');
    await request.getByText('Rejected').waitFor();
    await request.getByText('The Lekki Zone needs you this year').waitFor();
    await request.getByText('I am moving to Abuja for work').click();
    const detail = page.getByRole('dialog', { name: 'Request' });
    const history = detail.getByRole('list', { name: 'History' });
    await history.getByText(`Rejected by ${INSPECTORATE.name}`, { exact: false }).waitFor();
    expect(await history.getByRole('listitem').count()).toBe(2);
  });
});
