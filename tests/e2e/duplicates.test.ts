import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startE2e, type E2e } from './harness.js';
import { expectHeading, expectToast, signIn } from './pages.js';
import { adminCall, PHONE, userId } from './routeWalk.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member (server/seed/demo.ts), whom the office adds a second time by mistake. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const SECOND = { first: 'Ada', last: 'Okafor', email: 'ada.okafor.again@example.org' };

describe('one person entered twice (issue 33)', () => {
  it('the office quick-adds someone already listed, is warned, saves anyway, then merges the two records into one', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    const memberId = await userId(e2e, MEMBER.email);
    const { mobile1 } = await adminCall(e2e, `/Biodata/GetBiodataByUserId?id=${memberId}`);

    // Quick add with the member's phone: the check names the member before anything is saved.
    await page.goto(`${e2e.url}/members-management`);
    await expectHeading(page, 'Members management');
    await page.getByRole('button', { name: 'Quick add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a member' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill(SECOND.first);
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(SECOND.last);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(SECOND.email);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill(String(mobile1));
    await dialog.getByRole('radio', { name: 'Female' }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('This person may already be on the list:').waitFor();
    await dialog.getByRole('link', { name: `Open ${MEMBER.name}` }).waitFor();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expectToast(page, 'Member added');
    const secondId = await userId(e2e, SECOND.email);

    // The pair is suggested; the office merges the new record into the member's.
    await page.goto(`${e2e.url}/duplicates`);
    await expectHeading(page, 'Duplicates');
    const pair = page.getByRole('listitem').filter({ hasText: SECOND.email });
    await pair.getByText('Same phone').waitFor();
    await pair.getByRole('button', { name: /^Merge: / }).click();
    const merge = page.getByRole('dialog', { name: /^Merge / });
    await merge.getByRole('radio', { name: `${MEMBER.name} (${MEMBER.email})` }).check();
    await merge.getByText(/^Moved to the kept record: |^No other rows name the merged record\./).waitFor();
    await merge.getByRole('button', { name: 'Merge the records' }).click();
    await expectToast(page, 'The two records are now one');
    await pair.waitFor({ state: 'detached' });

    // One record is left: the member's, which still signs in; the merged one is gone.
    const gone = await fetch(`${e2e.url}/api/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(SECOND.email)}`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    expect(gone.status).toBe(404);
    expect(await userId(e2e, MEMBER.email)).toBe(memberId);
    expect(secondId).not.toBe(memberId);
    await page.close();
  });
});
