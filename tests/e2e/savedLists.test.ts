import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startE2e, type E2e } from './harness.js';
import { inboxTitles } from './inbox.js';
import { expectHeading, expectToast, rowWith, signIn } from './pages.js';
import { adminCall } from './routeWalk.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member (server/seed/demo.ts), one of the demo's many Okafors. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
/** The selection's actions are the desktop table's (docs/decisions/0212): a laptop's screen. */
const DESKTOP = { width: 1366, height: 900 };
const LIST = 'Okafor family follow-up';
const TITLE = 'Family evening on Saturday';

describe('saved lists and actions on all that match (issue 33)', () => {
  it('the office saves a filter as a list, opens it again with its count, selects all that match and messages them: a member gets it', async () => {
    const { total } = (await adminCall(e2e, '/ChurchAffiliation/GetMatchingMembers?Search=Okafor')) as { total: number };
    // More than a page: 'all that match' reaches beyond the rows shown.
    expect(total).toBeGreaterThan(1);
    const page = await e2e.newPage();
    await page.setViewportSize(DESKTOP);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);

    // Filter the member list and save the filter by name.
    await page.goto(`${e2e.url}/members-management`);
    await expectHeading(page, 'Members management');
    await page.getByPlaceholder('Search').fill('Okafor');
    await rowWith(page, MEMBER.name).waitFor();
    await page.getByRole('button', { name: 'Saved lists' }).click();
    await page.getByRole('menuitem', { name: 'Save this filter…' }).click();
    const save = page.getByRole('dialog', { name: 'Save the filter as a list' });
    await save.getByRole('textbox', { name: 'Name' }).fill(LIST);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'List saved');

    // Elsewhere, then back through the saved lists' page: the list opens with its count.
    await page.goto(`${e2e.url}/saved-lists`);
    await expectHeading(page, 'Saved lists');
    await page.getByRole('link', { name: `Open ${LIST}` }).click();
    await page.getByRole('heading', { name: `${LIST}: ${total} people` }).waitFor();

    // Select one row, then all that match, and write to them.
    await rowWith(page, MEMBER.name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Select all that match' }).click();
    await page.getByText(`All ${total} that match are selected`).waitFor();
    await page.getByRole('button', { name: 'Message them' }).click();
    const compose = page.getByRole('dialog', { name: 'New notification' });
    await compose.getByText(/^This reaches \d+ people$/).waitFor();
    await compose.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await compose.getByRole('textbox', { name: 'Message' }).fill('Bring the whole family to the hall at 5pm.');
    await compose.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, 'Notification sent');

    // The member, one of them (not on the page's first rows, perhaps), has it in their inbox.
    expect(await inboxTitles(e2e, MEMBER.email)).toContain(TITLE);
    await page.close();
  });
});
