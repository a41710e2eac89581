import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startE2e, type E2e } from './harness.js';
import { choose, expectHeading, signIn } from './pages.js';
import { adminCall, PHONE, userId } from './routeWalk.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member (server/seed/demo.ts), head of the family the office adds. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const FAMILY = { name: 'Okafor family', address: '12 Allen Avenue, Ikeja' };

/** Picks an option of a select whose accessible name is its label followed by its value. */
async function pick(scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

describe('a family added in one form (issue 33)', () => {
  it("the office adds a family with a member and a new child on a phone, and the member's profile shows it", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);

    await page.goto(`${e2e.url}/households`);
    await expectHeading(page, 'Families');
    await page.getByRole('button', { name: 'Add a family' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add a family' });
    await form.getByRole('textbox', { name: 'Family name' }).fill(FAMILY.name);
    await form.getByRole('textbox', { name: 'Address' }).fill(FAMILY.address);
    // A person already in Flock, found by name; the first person is the head.
    await choose(form, 'Add someone in Flock', new RegExp(MEMBER.name), 'Adaeze');
    await form.getByRole('list', { name: 'People' }).getByText(MEMBER.name, { exact: true }).waitFor();
    // A new person by name, gender, birth date and phone: created with the family.
    await form.getByRole('textbox', { name: 'First name' }).fill('Chiamaka');
    await form.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
    await pick(form, /^Gender/, 'Female');
    await form.getByLabel('Date of birth').fill('2015-03-02');
    await form.getByRole('textbox', { name: 'Phone' }).fill('08031112222');
    await form.getByRole('button', { name: 'Add this person' }).click();
    await pick(form, /^Role of Chiamaka Okafor/, 'Child');
    await form.getByRole('button', { name: 'Save family' }).click();

    // The family page: its name, address and both members with their roles.
    await expectHeading(page, FAMILY.name);
    await page.getByText(FAMILY.address).first().waitFor();
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByRole('link', { name: MEMBER.name }).waitFor();
    await members.getByRole('link', { name: 'Chiamaka Okafor' }).waitFor();

    // The member's profile shows the family, their role, the address and the other member.
    const memberId = await userId(e2e, MEMBER.email);
    await page.goto(`${e2e.url}/profile/${memberId}`);
    const card = page
      .getByRole('heading', { name: 'Family', exact: true })
      .locator('xpath=ancestor::div[contains(@class, "MuiCard-root")]');
    await card.getByText(`${FAMILY.name} · Head`).waitFor();
    await card.getByText(FAMILY.address).waitFor();
    await card.getByRole('link', { name: 'Chiamaka Okafor' }).waitFor();
    await card.getByRole('link', { name: 'Open the family page' }).click();
    await expectHeading(page, FAMILY.name);

    // The server holds one family with both, the child a new person of Flock.
    const household = await adminCall(e2e, `/Households/GetByPerson?userId=${memberId}`);
    expect(household.members.map((m: { fullName: string; role: string }) => [m.fullName, m.role])).toEqual([
      [MEMBER.name, 'head'],
      ['Chiamaka Okafor', 'child'],
    ]);
    await page.close();
  });
});
