import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { inboxTitles } from './inbox.js';
import { expectHeading, expectToast, signIn } from './pages.js';
import { adminCall, phonePage } from './routeWalk.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

const TAG = 'Visit this week';
/** The demo member (server/seed/demo.ts), who sings in the Choir. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const TITLE = 'Choir practice moves to Friday';
/** The demo's head of the Choir, its pastor of the first center and that center's coordinator (server/seed/demo.ts). */
const HEAD = { email: 'hod@example.org' };
const PASTOR = { email: 'cihpastor@example.org' };
const COORDINATOR = { email: 'cihcoordinator@example.org' };
const ALL_TITLE = 'New robes for the whole choir';
const CENTER_TITLE = 'House fellowship moves this week';

/** The smallest tap target on a phone (docs/decisions/0204). */
const THUMB = 44;

/** Opens 'Message them' on a selection's bar, checks whom it reaches, writes and sends the message. */
async function messageSelection(page: Page, bar: Locator, reach: string, title: string, body: string) {
  await bar.getByRole('button', { name: 'Message them' }).click();
  const compose = page.getByRole('dialog', { name: 'New notification' });
  await compose.getByText(reach, { exact: true }).waitFor();
  await compose.getByRole('textbox', { name: 'Title' }).fill(title);
  await compose.getByRole('textbox', { name: 'Message' }).fill(body);
  await compose.getByRole('button', { name: 'Send', exact: true }).click();
  await expectToast(page, 'Notification sent');
}

/** A call as the administrator with a JSON body. */
async function adminPost(path: string, body: object) {
  const call = async (p: string, init: RequestInit) => (await (await fetch(`${e2e.url}/api${p}`, init)).json()).data;
  const { token } = await call('/Auth/Login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

/** A DELETE as the administrator: its status. */
async function adminDelete(path: string) {
  const login = await fetch(`${e2e.url}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return (await fetch(`${e2e.url}/api${path}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status;
}

/** A call as a demo person with a JSON body (or none). */
async function callAs(email: string, method: string, path: string, body?: object) {
  const call = async (p: string, init: RequestInit) => (await (await fetch(`${e2e.url}/api${p}`, init)).json()).data;
  const { token } = await call('/Auth/Login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  return call(path, { method, headers, body: body && JSON.stringify(body) });
}

describe('actions on a selection of a list other than the member list, on a phone (issue 33, docs/decisions/0222)', () => {
  it('the office selects two first-timers on their cards and tags them from the selection bar', async () => {
    const tag = (await adminPost('/Tags/Create', { name: TAG })) as { id: string };
    // The first two cards: the list shows the newest first-timers first.
    const newest = (await adminCall(e2e, '/Admin/GetAllUsers?Kind=firsttimer&SortBy=createdAt&SortOrder=desc&PageSize=2')) as Array<{
      id: string;
      fullName: string;
    }>;
    expect(newest).toHaveLength(2);
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await page.goto(`${e2e.url}/first-timers`);
    await expectHeading(page, 'First timers');

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    for (const person of newest) {
      const box = page.getByRole('checkbox', { name: `Select ${person.fullName}` }).first();
      await box.check();
      // The checkbox's tap target, not only its drawn square, is a thumb's size.
      const target = await box.locator('xpath=..').boundingBox();
      expect(target!.width).toBeGreaterThanOrEqual(THUMB);
      expect(target!.height).toBeGreaterThanOrEqual(THUMB);
    }
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag to 2 people' });
    await dialog.getByRole('combobox', { name: /^Tag/ }).click();
    await page.getByRole('option', { name: TAG }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expectToast(page, 'Tag added to 2 people');
    await bar.getByText('0 selected').waitFor();

    // Both first-timers hold the tag now, and nobody else.
    for (const person of newest) {
      const tags = (await adminCall(e2e, `/Tags/OfPerson?UserId=${person.id}`)) as Array<{ name: string }>;
      expect(tags.map((t) => t.name)).toContain(TAG);
    }
    const all = (await adminCall(e2e, '/Tags/GetAll')) as Array<{ id: string; people: number }>;
    expect(all.find((t) => t.id === tag.id)?.people).toBe(2);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it("writes to a person chosen on a department's cards: the message is in their inbox", async () => {
    const departments = (await adminCall(e2e, '/Department/GetAllDepartment?PageSize=100')) as Array<{
      id: string;
      departmentName: string;
      hodId: string | null;
    }>;
    const choir = departments.find((d) => d.departmentName === 'Choir')!;
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await page.goto(`${e2e.url}/departments/view/Choir/${choir.id}/${choir.hodId}`);
    await expectHeading(page, 'Choir');
    await page.getByPlaceholder('Search').fill('Adaeze');
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: `Select ${MEMBER.name}` }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await bar.getByText('1 selected').waitFor();
    await messageSelection(page, bar, 'This reaches 1 person', TITLE, 'Same hall, 6pm.');
    expect(await inboxTitles(e2e, MEMBER.email)).toContain(TITLE);
    await page.close();
  });

  it("a head of department selects all that match on a phone and writes to them: the Choir's member gets it", async () => {
    const departments = (await adminCall(e2e, '/Department/GetAllDepartment?PageSize=100')) as Array<{
      id: string;
      departmentName: string;
      hodId: string | null;
    }>;
    const choir = departments.find((d) => d.departmentName === 'Choir')!;
    const { total } = (await adminCall(e2e, `/Department/GetMatchingDepartmentMembers?Id=${choir.id}`)) as { total: number };
    // More than a page of cards: 'all that match' reaches beyond the rows shown.
    expect(total).toBeGreaterThan(10);
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, HEAD.email, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/departments/view/Choir/${choir.id}/${choir.hodId}`);
    await expectHeading(page, 'Choir');
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    const selectAll = bar.getByRole('button', { name: 'Select all that match' });
    const target = await selectAll.boundingBox();
    expect(target!.height).toBeGreaterThanOrEqual(THUMB);
    await selectAll.click();
    await bar.getByText(`All ${total} that match are selected`).waitFor();
    await bar.getByText(`${total} selected`, { exact: true }).waitFor();
    // Everyone but the head, who writes it.
    await messageSelection(page, bar, `This reaches ${total - 1} people`, ALL_TITLE, 'Robes are ready at the vestry.');
    expect(await inboxTitles(e2e, MEMBER.email)).toContain(ALL_TITLE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('a CIH pastor selects all of their own center on a phone and writes to them: its coordinator gets it', async () => {
    const page = await phonePage(e2e);
    await signIn(page, e2e.url, PASTOR.email, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/cih/center`);
    await page.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await bar.getByText('0 selected').waitFor();
    // One person ticked on a card, then the whole center.
    await page
      .getByRole('checkbox', { name: /^Select / })
      .first()
      .check();
    await bar.getByText('1 selected').waitFor();
    await bar.getByRole('button', { name: 'Select all that match' }).click();
    const all = bar.getByText(/^All \d+ that match are selected$/);
    await all.waitFor();
    const count = Number((await all.textContent())!.match(/\d+/)![0]);
    // More than the ten cards of a page.
    expect(count).toBeGreaterThan(10);
    await bar.getByText(`${count} selected`, { exact: true }).waitFor();
    await messageSelection(page, bar, `This reaches ${count - 1} people`, CENTER_TITLE, 'We meet at the Okonkwo home this week.');
    expect(await inboxTitles(e2e, COORDINATOR.email)).toContain(CENTER_TITLE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('a CIH pastor invites all of their own center to a meeting; the dialog says who was left out and why (docs/decisions/0236)', async () => {
    const meeting = (await callAs(PASTOR.email, 'POST', '/Meeting/Create', {
      title: 'Center leaders retreat',
      kind: 'other',
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    })) as { id: string };
    const center = (await callAs(PASTOR.email, 'GET', '/Center/GetMyCenter')) as { members: Array<{ id: string; cihRole: string | null }> };
    // One member of the center whose account the office disables: on the center's page still, but invited no more.
    const off = center.members.find((m) => !m.cihRole)!;
    expect(await adminDelete(`/Admin/DisableUser?UserId=${off.id}`)).toBe(200);

    const page = await phonePage(e2e);
    await signIn(page, e2e.url, PASTOR.email, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/cih/center`);
    await page.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = page.getByRole('region', { name: 'Actions on the selection' });
    await bar.getByRole('button', { name: 'Select all that match' }).click();
    const count = center.members.length;
    await bar.getByText(`${count} selected`, { exact: true }).waitFor();
    await bar.getByRole('button', { name: 'Invite to a meeting' }).click();
    const dialog = page.getByRole('dialog', { name: `Invite ${count} people to a meeting` });
    await dialog.getByRole('combobox', { name: /^Meeting/ }).click();
    await page.getByRole('option', { name: /^Center leaders retreat/ }).click();
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    // Everyone but the pastor (who called it) and the disabled member is added.
    await dialog
      .getByText(`${count - 2} people invited; 1 was already invited; 1 person left out: their account is disabled or archived`, {
        exact: true,
      })
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    const held = (await callAs(PASTOR.email, 'GET', `/Meeting/GetById?id=${meeting.id}`)) as { invitees: Array<{ userId: string }> };
    const invited = held.invitees.map((i) => i.userId);
    expect(invited).toHaveLength(count - 1);
    expect(invited).not.toContain(off.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
