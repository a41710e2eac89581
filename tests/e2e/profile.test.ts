import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { png } from '@/tests/support/images.js';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectToast, fillByLabel, openFromMenu, rowWith, searchList, signIn, typeDate, expectHeading } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** Demo accounts (server/seed/demo.ts). */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const COORDINATOR = { email: 'cihcoordinator@example.org', name: 'Ngozi Eze' };
const NEWCOMER = {
  firstName: 'Chioma',
  surName: 'Eze',
  email: 'chioma.eze@example.net',
  mobile1: '08031234567',
  password: 'Profile-pass-1',
};

const ALWAYS = ['Personal Information', 'Qualifications', 'Church Affiliations', 'Departments'];

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
 * Signs up through the API and activates the account with the code from the mail. Sign-up
 * keeps the names in a first biodata; an administrator deletes it, so the profile starts empty.
 */
async function registerNewcomer() {
  await api('POST', '/UserManagement/SignUpUser', { body: NEWCOMER });
  const mail = await e2e.smtp.waitFor(NEWCOMER.email);
  await api('POST', '/Auth/ValidateEmailComplete', { body: { email: NEWCOMER.email, otp: mail.otp } });
  const { token } = await api('POST', '/Auth/Login', { body: { username: ADMIN.email, password: ADMIN.password } });
  const user = await api('GET', `/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(NEWCOMER.email)}`, { token });
  const biodata = await api('GET', `/Biodata/GetBiodataByUserId?id=${user.id}`, { token });
  await api('DELETE', `/Biodata/DeleteBiodata?id=${biodata.id}`, { token });
}

const panel = (page: Page) => page.getByRole('tabpanel');
const value = (page: Page, label: string) => panel(page).getByRole('textbox', { name: label, exact: true }).inputValue();
const comboValue = (page: Page, label: string) => panel(page).getByRole('combobox', { name: label, exact: true });

/**
 * Clicks a tab until it shows selected, as a person taps again when a tap did not take: on a busy
 * machine the click can land while the tab list re-renders (a save refetching the biodata that
 * decides which tabs show), and the tap is lost.
 */
async function openTab(page: Page, name: string) {
  const selected = page.getByRole('tab', { name, exact: true, selected: true });
  for (let tap = 1; ; tap++) {
    await page.getByRole('tab', { name, exact: true }).click();
    try {
      return await selected.waitFor({ timeout: 10_000 });
    } catch (error) {
      if (tap === 4) throw error;
    }
  }
}

async function save(page: Page, toast: string) {
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, toast);
}

async function fillPersonal(page: Page) {
  const form = panel(page);
  await choose(form, 'Title', 'Mrs');
  expect(await comboValue(page, 'Gender').textContent()).toContain('Female');
  await fillByLabel(form, { 'Middle name': 'Adaobi', 'Mobile 2': '08097654321', 'Maiden name': 'Obi', 'Place of birth': 'Enugu' });
  await fillByLabel(form, { 'Nearest bus stop': 'Allen Roundabout', Address: '12 Allen Avenue, Ikeja' });
  await typeDate(form, 'Date of birth', '03141990');
  await choose(form, 'Marital status', 'Married');
  await choose(form, 'Employment status', 'Employed');
  await choose(form, 'Nationality', 'Nigeria', 'Nigeria');
  await choose(form, 'State of origin', 'Enugu', 'Enugu');
  await choose(form, 'Country', 'Nigeria', 'Nigeria');
  await choose(form, 'State', 'Lagos', 'Lagos');
  await choose(form, 'Local government area', 'Ikeja', 'Ikeja');
  await save(page, 'Successfully created profile');
}

async function addQualification(page: Page) {
  await openTab(page, 'Qualifications');
  await page.getByRole('button', { name: 'Add qualification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a qualification' });
  await choose(dialog, 'Highest qualification', 'B.Sc');
  await fillByLabel(dialog, { 'Professional qualification': 'ICAN' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Successfully Created');
  await rowWith(page, 'ICAN').waitFor();
}

async function fillEmployer(page: Page) {
  await openTab(page, 'Employer');
  const form = panel(page);
  await fillByLabel(form, {
    'Employer name': 'Lagos Savings Bank',
    'Position held': 'Branch manager',
    'Employer address': '3 Marina, Lagos',
  });
  await choose(form, 'Sector', 'Banking and Finance');
  await choose(form, 'Sub-sector', 'Commercial Banking');
  await save(page, 'Successfully Created');
}

async function fillSpouse(page: Page) {
  await openTab(page, 'Spouse Details');
  // The spouse's surname defaults to the member's.
  expect(await value(page, 'Last name')).toBe('Eze');
  const form = panel(page);
  await choose(form, 'Title', 'Mr');
  await fillByLabel(form, { 'First name': 'Obinna', Email: 'obinna.eze@example.net', 'Mobile 1': '08035550000' });
  await typeDate(form, 'Wedding anniversary', '06202015');
  await save(page, 'Successfully Created');
}

async function addChild(page: Page) {
  await openTab(page, 'Children Details');
  await page.getByRole('button', { name: 'Add child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a child' });
  expect(await dialog.getByRole('textbox', { name: 'Position' }).count()).toBe(0);
  await fillByLabel(dialog, { 'First name': 'Tobi' });
  await typeDate(dialog, 'Date of birth', '09012018');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Successfully Created');
  await rowWith(page, 'Tobi Eze').waitFor();
}

async function chooseCenter(page: Page) {
  await openTab(page, 'Church Affiliations');
  const form = panel(page);
  await choose(form, 'CIH zone', 'Ikeja Zone', 'Ikeja');
  await choose(form, 'Center', 'Ogba Center', 'Ogba');
  await save(page, 'Successfully Created');
}

async function askToJoinDepartment(page: Page) {
  await openTab(page, 'Departments');
  await panel(page).getByText('Not in any department yet.').waitFor();
  await page.getByRole('button', { name: 'Join a department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request to join a department' });
  await choose(dialog, 'Department', 'Media', 'Media');
  await fillByLabel(dialog, { Reason: 'I edit the service videos' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expectToast(page, 'Request successful');
  await dialog.waitFor({ state: 'detached' });
}

async function expectKept(page: Page) {
  // The saved middle name joins the full name.
  await page.getByRole('heading', { level: 1, name: 'Chioma Adaobi Eze', exact: true }).waitFor();
  const photo = page.getByRole('img', { name: 'Photo of Chioma Adaobi Eze' });
  expect(await photo.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await page.getByRole('tab').allTextContents()).toEqual([
    'Personal Information',
    'Qualifications',
    'Employer',
    'Spouse Details',
    'Children Details',
    'Church Affiliations',
    'Departments',
  ]);
  await page.getByText('14 March 1990').waitFor();
  await page.getByText('Ikeja, Lagos, Nigeria').waitFor();
  expect(await value(page, 'Place of birth')).toBe('Enugu');
  expect(await value(page, 'Maiden name')).toBe('Obi');
  expect(await comboValue(page, 'Local government area').inputValue()).toBe('Ikeja');
  // Email and mobile 1 are locked once saved.
  expect(await panel(page).getByRole('textbox', { name: 'Email', exact: true }).isDisabled()).toBe(true);
  await openTab(page, 'Qualifications');
  await rowWith(page, 'ICAN').waitFor();
  await openTab(page, 'Employer');
  await page.waitForFunction(
    () => (document.querySelector('input[name="employerName"]') as HTMLInputElement | null)?.value === 'Lagos Savings Bank',
  );
  expect(await comboValue(page, 'Sub-sector').textContent()).toContain('Commercial Banking');
  await openTab(page, 'Spouse Details');
  await page.waitForFunction(() => (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === 'Obinna');
  await openTab(page, 'Children Details');
  await rowWith(page, 'Tobi Eze').waitFor();
  await openTab(page, 'Church Affiliations');
  await page.waitForFunction(() => (document.querySelector('input[name="centerId"]') as HTMLInputElement | null)?.value === 'Ogba Center');
  expect(await comboValue(page, 'CIH zone').inputValue()).toBe('Ikeja Zone');
}

describe('the profile in a real browser', () => {
  it('a new member fills their own profile from empty through every tab and finds it kept after a reload', async () => {
    await registerNewcomer();
    const page = await e2e.newPage();
    await signIn(page, e2e.url, NEWCOMER.email, NEWCOMER.password);
    await openFromMenu(page, 'Profile');
    await page.getByRole('heading', { level: 1, name: 'Chioma Eze', exact: true }).waitFor();
    // Nothing saved yet: the four constant tabs, and the form prefilled from the sign-up.
    expect(await page.getByRole('tab').allTextContents()).toEqual(ALWAYS);
    expect(await value(page, 'First name')).toBe('Chioma');
    expect(await value(page, 'Mobile 1')).toBe(NEWCOMER.mobile1);

    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(8, 8) });
    await expectToast(page, 'Photo updated');

    await fillPersonal(page);
    // The saved marital and employment status bring their tabs.
    await page.getByRole('tab', { name: 'Spouse Details' }).waitFor();
    await addQualification(page);
    await fillEmployer(page);
    await fillSpouse(page);
    await addChild(page);
    await chooseCenter(page);
    await askToJoinDepartment(page);

    await page.reload();
    await expectKept(page);
    await page.close();
  });

  it("an administrator edits another member's church affiliation, changes their role and archives them", async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(page, 'Members');
    await page.waitForURL('**/members-management');
    await expectHeading(page, 'Members management');
    await searchList(page, COORDINATOR.email);
    await rowWith(page, COORDINATOR.email).getByRole('link', { name: COORDINATOR.name }).click();
    await page.getByRole('heading', { level: 1, name: COORDINATOR.name, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Change photo' }).count()).toBe(0);

    await openTab(page, 'Church Affiliations');
    const form = panel(page);
    await choose(form, 'Level of ATS', '2');
    await choose(form, 'Charter member', 'True');
    await fillByLabel(form, { 'Charter member number': 'CH-0042' });
    await choose(form, 'Mountain of influence', 'Education', 'Educ');
    await save(page, 'Details updated');

    await page.getByRole('button', { name: 'Change Role' }).click();
    const roleDialog = page.getByRole('dialog');
    await roleDialog.getByRole('radio', { name: 'Inspectorate' }).check();
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await roleDialog.getByText('Are you sure you want to this role?').waitFor();
    await roleDialog.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Role updated');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: COORDINATOR.name, exact: true }).waitFor();
    await page.getByText('Inspectorate', { exact: true }).waitFor();
    await openTab(page, 'Church Affiliations');
    await page.waitForFunction(
      () => (document.querySelector('input[name="charteredMemberNumber"]') as HTMLInputElement | null)?.value === 'CH-0042',
    );
    expect(await comboValue(page, 'Mountain of influence').inputValue()).toBe('Education');

    await openTab(page, 'Personal Information');
    await choose(panel(page), 'Status', 'Archived');
    await save(page, 'Successful');
    // Archived members leave the member list.
    await openFromMenu(page, 'Members');
    await page.getByPlaceholder('Search').fill(COORDINATOR.email);
    await page.getByText('No members match this search and these filters.', { exact: false }).waitFor();
    await page.close();
  });

  // How fast it opens is measured by `npm run bench -- zones` (bench/zoneDropdown.ts): a time
  // limit here failed on a busy machine.
  it('opens the zone dropdown when the church has 25000 zones, drawing only the options in view', async () => {
    const page = await e2e.newPage();
    // The browser's part is measured: the zone list the server would give is answered here, 25000 rows.
    const zones = Array.from({ length: 25000 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      zoneName: `Zone ${String(i).padStart(5, '0')}`,
    }));
    await page.route('**/api/CIHZone/GetAll?**', (route) =>
      route.fulfill({ json: { succeeded: true, message: 'Successful', data: zones, totalCount: zones.length } }),
    );
    // An administrator may move anyone, so the zone field is open on their own profile too.
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(page, 'Profile');
    await openTab(page, 'Church Affiliations');
    const zone = panel(page).getByRole('combobox', { name: 'CIH zone', exact: true });
    await zone.waitFor();
    await zone.click();
    await page.getByRole('option', { name: 'Zone 00000' }).waitFor();
    expect(await page.getByRole('option').count()).toBeLessThan(50);
    await page.keyboard.press('End');
    await page.getByRole('option', { name: 'Zone 24999' }).waitFor();
    await page.close();
  });

  it('a member without the right sees the church-affiliation level fields disabled, and no other profile', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await openFromMenu(page, 'Profile');
    await page.getByRole('heading', { level: 1, name: MEMBER.name, exact: true }).waitFor();
    await openTab(page, 'Church Affiliations');
    const form = panel(page);
    await form.getByRole('combobox', { name: 'CIH zone', exact: true }).waitFor();
    for (const label of ['Level of ATS', 'Charter member']) {
      expect(await form.getByRole('combobox', { name: label, exact: true }).getAttribute('aria-disabled')).toBe('true');
    }
    for (const label of ['Mountain of influence', 'Affinity groups']) {
      expect(await form.getByRole('combobox', { name: label, exact: true }).isDisabled()).toBe(true);
    }
    // Zone and center are one's own to choose once; the demo member is placed, so a move is a request.
    expect(await form.getByRole('combobox', { name: 'CIH zone', exact: true }).isDisabled()).toBe(true);
    expect(await form.getByRole('combobox', { name: 'Center', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Request change of zone' }).waitFor();
    await save(page, 'Details updated');

    await page.goto(`${e2e.url}/profile/00000000-0000-4000-8000-000000000001`);
    await page.getByText(/You may see only your own profile/).waitFor();
    await page.close();
  });
});
