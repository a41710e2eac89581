import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectToast, fillByLabel, openFromMenu, rowWith, searchList, signIn, expectHeading } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member moved between centers and made a head: Adaeze Okafor (server/seed/demo.ts). */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };

/** Adds a record through the list's Add button and its dialog, and waits for the toast. */
async function addInDialog(page: Page, button: string, fields: Record<string, string>) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await fillByLabel(dialog, fields);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Successfully Created');
  await dialog.waitFor({ state: 'detached' });
}

/** Moves a member as an administrator does: from the member list to their profile's Church Affiliations tab. */
async function moveMember(page: Page, email: string, zone: string, center: string) {
  await openFromMenu(page, 'Members');
  await page.waitForURL('**/members-management');
  await expectHeading(page, 'Members management');
  await searchList(page, email);
  await rowWith(page, email).getByRole('link', { name: MEMBER.name }).click();
  await page.getByRole('heading', { level: 1, name: MEMBER.name, exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Church Affiliations', exact: true }).click();
  const form = page.getByRole('tabpanel');
  // Wait for the saved affiliation to fill the form: it would reset a choice made before.
  const zoneBox = form.getByRole('combobox', { name: 'CIH zone', exact: true });
  await zoneBox.waitFor();
  await page.waitForFunction((box) => (box as HTMLInputElement).value !== '', await zoneBox.elementHandle());
  await choose(form, 'CIH zone', zone, zone.split(' ')[0]);
  await choose(form, 'Center', center, center.split(' ')[0]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Details updated');
}

const idAtEnd = (href: string | null) => href!.split('/').pop()!;

describe('the church structure in a real browser', () => {
  it('an administrator builds a zone with two centers, moves a member into one, and cannot delete the zone while it has members', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(page, 'Zones', 'CIH management');
    await page.waitForURL('**/cih/zones');
    await addInDialog(page, 'Add zone', { Name: 'Epe Zone', Description: 'Epe and Ibeju-Lekki' });

    await rowWith(page, 'Epe Zone').getByRole('link', { name: 'Centers' }).click();
    await page.waitForURL('**/cih/zones/view-centers/*');
    const zoneId = idAtEnd(page.url());
    await page.getByRole('heading', { level: 1, name: 'Epe Zone: Centers' }).waitFor();
    await addInDialog(page, 'Add center', { Name: 'Epe Town Center', Address: '3 Lagos Road, Epe' });
    await addInDialog(page, 'Add center', { Name: 'Ibeju Center', Address: '12 Ibeju Road' });
    await rowWith(page, 'Ibeju Center').waitFor();
    const centerLink = rowWith(page, 'Epe Town Center').getByRole('link', { name: 'Epe Town Center' });
    const centerId = idAtEnd(await centerLink.getAttribute('href'));
    await moveMember(page, MEMBER.email, 'Epe Zone', 'Epe Town Center');
    await page.goto(`${e2e.url}/cih/zones/view-centers/${zoneId}`);
    await page.getByRole('heading', { level: 1, name: 'Epe Zone: Centers' }).waitFor();

    await page.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(`**/cih/zones/zone-members/${zoneId}`);
    await page.getByText('Centers: 2 · Members: 1').waitFor();
    await rowWith(page, MEMBER.email).getByRole('cell', { name: 'Epe Town Center' }).waitFor();

    await page.getByRole('link', { name: 'All zones' }).click();
    await rowWith(page, 'Epe Zone').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete "Epe Zone"?' }).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'This zone has 2 centers and 1 member; move them before deleting it.');
    // Refused: the zone stays.
    await rowWith(page, 'Epe Zone').waitFor();

    // The center's own page lists the member too.
    await page.goto(`${e2e.url}/cih/centers/center/${centerId}`);
    await rowWith(page, MEMBER.email).waitFor();
    await page.close();
  });

  it('an administrator creates a department with its head, delists a member with a reason and finds them under delisted members', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(page, 'Departments');
    await page.waitForURL('**/departments');

    await page.getByRole('button', { name: 'Add department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add department' });
    await fillByLabel(dialog, { Name: 'Hospitality', Description: 'Refreshments after service' });
    await choose(dialog, 'Head of department', new RegExp(MEMBER.email), 'Okafor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully Created');
    const hospitality = rowWith(page, 'Hospitality');
    await hospitality.getByRole('cell', { name: MEMBER.name }).waitFor();

    // The new head is the department's one member, marked as its head, and cannot be delisted.
    await hospitality.getByRole('link', { name: 'View' }).click();
    await page.waitForURL('**/departments/view/Hospitality/**');
    await rowWith(page, MEMBER.email).getByText('Head').waitFor();
    expect(await page.getByRole('button', { name: /^Delist/ }).count()).toBe(0);

    // A new department has no other member to delist: the seeded Choir has.
    await page.getByRole('link', { name: 'All departments' }).click();
    await rowWith(page, 'Choir').getByRole('link', { name: 'View' }).click();
    await page.waitForURL('**/departments/view/Choir/**');
    const delist = page.getByRole('button', { name: /^Delist / }).first();
    const who = (await delist.getAttribute('aria-label'))!.replace(/^Delist /, '');
    await delist.click();
    const reasonDialog = page.getByRole('dialog', { name: `Delist ${who} from Choir` });
    await reasonDialog.getByRole('button', { name: 'Delist' }).click();
    await reasonDialog.getByText('Reason is required').waitFor();
    await fillByLabel(reasonDialog, { Reason: 'Relocated to Abuja' });
    await reasonDialog.getByRole('button', { name: 'Delist' }).click();
    await expectToast(page, 'Member delisted from the department');

    await page.getByRole('tab', { name: 'Delisted members' }).click();
    const delisted = rowWith(page, who);
    await delisted.getByRole('cell', { name: 'Relocated to Abuja' }).waitFor();
    await delisted.getByRole('cell', { name: 'Platform Administrator' }).waitFor();

    // Headship carries the hod role: at their next sign-in the new head sees the departments.
    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await openFromMenu(page, 'Departments');
    await rowWith(page, 'Hospitality').waitFor();
    await page.close();
  });
});
