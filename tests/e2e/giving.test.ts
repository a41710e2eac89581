import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectHeading, expectToast, signIn } from './pages.js';
import { adminCall, PHONE, userId } from './routeWalk.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member (server/seed/demo.ts), who gives; the inspector, made a second administrator, approves. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const SECOND_ADMIN = { email: 'inspectorate@example.org' };
const BATCH = 'Sunday first service';
const SPLIT_BATCH = 'Midweek service';
/** A church office's screen. */
const DESKTOP = { width: 1280, height: 800 };

/** One API call as the administrator, with a method. */
async function asAdmin(method: string, path: string) {
  const login = await fetch(`${e2e.url}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const { token } = (await login.json()).data;
  const res = await fetch(`${e2e.url}/api${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  return res.status;
}

async function phone(email: string, password: string) {
  const page = await e2e.newPage();
  await page.setViewportSize(PHONE);
  await signIn(page, e2e.url, email, password);
  return page;
}

/** The side menu's entries, opened from the app bar as on a phone. */
async function phoneMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Overview', exact: true }).waitFor();
  const entries = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return entries;
}

/** The batch page's running difference, read as a screen reader announces it. */
const difference = (page: Page) => page.getByRole('status').filter({ hasText: /enter|equal|more than/ });

/** Types one entry and adds it with Enter, as a counter does. */
async function enter(page: Page, amount: string, giver?: { search: string; name: RegExp }) {
  const form = page.getByRole('form', { name: 'Add entry' });
  if (giver) await choose(form, 'Giver', giver.name, giver.search);
  await form.getByRole('textbox', { name: 'Amount (₦)' }).fill(amount);
  await form.getByRole('textbox', { name: 'Amount (₦)' }).press('Enter');
}

describe('giving on a phone and at the office (issue 36)', () => {
  it('a counter enters a batch against its count, a second administrator approves it, and the member sees it under My giving', async () => {
    const roles: Array<{ id: string; name: string }> = await adminCall(e2e, '/Admin/GetPlatformAdminRoles');
    const administrator = roles.find((r) => r.name === 'administrator')!.id;
    const inspectorId = await userId(e2e, SECOND_ADMIN.email);
    expect(await asAdmin('PUT', `/Admin/ChangeUserRole?UserId=${inspectorId}&RoleId=${administrator}`)).toBe(200);

    // The counter starts a batch with its counted total.
    const counter = await phone(ADMIN.email, ADMIN.password);
    expect(await phoneMenu(counter)).toContain('Giving');
    await counter.goto(`${e2e.url}/giving/batches`);
    await expectHeading(counter, 'Giving batches');
    await counter.getByRole('button', { name: 'Start a batch' }).first().click();
    const dialog = counter.getByRole('dialog', { name: 'Start a batch' });
    await dialog.getByRole('textbox', { name: 'Batch name' }).fill(BATCH);
    await dialog.getByRole('textbox', { name: 'Counted total' }).fill('15,000');
    await dialog.getByRole('textbox', { name: 'Counted total' }).press('Enter');
    await expectHeading(counter, BATCH);
    await difference(counter)
      .getByText(/Still to enter: \D*15,000\.00/)
      .waitFor();

    // Entries from the keyboard, the difference following each: the member's tithe, then too much.
    await enter(counter, '10000', { search: 'Adaeze', name: new RegExp(MEMBER.name) });
    await difference(counter)
      .getByText(/Still to enter: \D*5,000\.00/)
      .waitFor();
    await enter(counter, '6,000');
    await difference(counter)
      .getByText(/Entered \D*1,000\.00 more than was counted/)
      .waitFor();
    expect(await counter.getByRole('button', { name: 'Post batch' }).isDisabled()).toBe(true);
    await counter.getByRole('button', { name: 'Remove the entry of Anonymous' }).click();
    await difference(counter)
      .getByText(/Still to enter: \D*5,000\.00/)
      .waitFor();
    await enter(counter, '5000.00');
    await difference(counter).getByText('The entries equal the counted total: ready to post.').waitFor();
    await counter.getByRole('button', { name: 'Post batch' }).click();
    await expectToast(counter, 'Batch posted');
    // Whoever counted does not approve.
    await counter.getByText('Posted: waiting for someone else to approve it.').waitFor();
    expect(await counter.getByRole('button', { name: 'Approve batch' }).count()).toBe(0);
    const batchUrl = counter.url();
    await counter.close();

    // The second administrator approves.
    const approver = await phone(SECOND_ADMIN.email, DEMO_PASSWORD);
    await approver.goto(batchUrl);
    await expectHeading(approver, BATCH);
    await approver.getByRole('button', { name: 'Approve batch' }).click();
    await expectToast(approver, 'Batch approved');
    await approver.getByText('Approved', { exact: true }).first().waitFor();
    await approver.close();

    // The member sees their gift under My giving, and nothing of giving in the menu.
    const member = await phone(MEMBER.email, DEMO_PASSWORD);
    expect(await phoneMenu(member)).not.toContain('Giving');
    await member.goto(`${e2e.url}/profile/${await userId(e2e, MEMBER.email)}`);
    const mine = member.getByRole('list', { name: 'My giving' });
    await mine.getByText(/10,000\.00/).waitFor();
    expect(await mine.getByRole('listitem').count()).toBe(1);
    await member.close();
  });

  it('on a desktop, a counter shares one gift across two funds, and posts the batch when it equals the count', async () => {
    const counter = await e2e.newPage();
    await counter.setViewportSize(DESKTOP);
    await signIn(counter, e2e.url, ADMIN.email, ADMIN.password);
    await counter.goto(`${e2e.url}/giving/batches`);
    await expectHeading(counter, 'Giving batches');
    await counter.getByRole('button', { name: 'Start a batch' }).first().click();
    const dialog = counter.getByRole('dialog', { name: 'Start a batch' });
    await dialog.getByRole('textbox', { name: 'Batch name' }).fill(SPLIT_BATCH);
    await dialog.getByRole('textbox', { name: 'Counted total' }).fill('20,000');
    await dialog.getByRole('textbox', { name: 'Counted total' }).press('Enter');
    await expectHeading(counter, SPLIT_BATCH);

    // One transfer: ₦15,000 of tithe and ₦5,000 for the building.
    const form = counter.getByRole('form', { name: 'Add entry' });
    await choose(form, 'Giver', new RegExp(MEMBER.name), 'Adaeze');
    await form.getByRole('textbox', { name: 'Amount (₦)' }).fill('20,000');
    await form.getByRole('button', { name: 'Split across funds' }).click();
    await choose(form, 'Fund 1', 'Tithe');
    await form.getByRole('textbox', { name: 'Amount to fund 1 (₦)' }).fill('15,000');
    await choose(form, 'Fund 2', 'Building');
    await form.getByRole('textbox', { name: 'Amount to fund 2 (₦)' }).fill('4,000');
    await form
      .getByRole('status')
      .getByText(/Left to share out: \D*1,000\.00/)
      .waitFor();
    expect(await form.getByRole('button', { name: 'Add entry' }).isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'Amount to fund 2 (₦)' }).fill('5,000');
    await form.getByRole('status').getByText('The funds add up to the amount.').waitFor();
    await form.getByRole('button', { name: 'Add entry' }).click();
    await difference(counter).getByText('The entries equal the counted total: ready to post.').waitFor();
    const entries = counter.getByRole('list', { name: 'Entries' });
    await entries.getByText(/Building, Tithe/).waitFor();
    await counter.getByRole('button', { name: 'Post batch' }).click();
    await expectToast(counter, 'Batch posted');
    await counter.close();
  });
});
