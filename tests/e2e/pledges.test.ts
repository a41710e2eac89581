import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectHeading, expectToast, signIn } from './pages.js';
import { adminCall, PHONE, userId } from './routeWalk.js';

/** A campaign's page and a pledge on a phone (docs/decisions/0234-pledges-campaigns-reports.md). */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const SECOND_ADMIN = { email: 'inspectorate@example.org' };

/** One API call with a body, as whoever signs in with these. */
async function callAs(email: string, password: string, method: string, path: string, body?: unknown) {
  const login = await fetch(`${e2e.url}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const { token } = (await login.json()).data;
  const res = await fetch(`${e2e.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()).data;
}
const asAdmin = (method: string, path: string, body?: unknown) => callAs(ADMIN.email, ADMIN.password, method, path, body);

/** Nothing wider than the phone. */
async function fitsThePhone(page: Page) {
  const { width, viewport } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(width).toBeLessThanOrEqual(viewport);
}

describe('pledges and campaigns on a phone (issue 36)', () => {
  it("a campaign's page shows its total against its goal and its chart; a counter records a pledge there; the member sees it on their profile", async () => {
    // A second administrator approves what the first counted: the member's gift to the building fund counts.
    const roles: Array<{ id: string; name: string }> = await adminCall(e2e, '/Admin/GetPlatformAdminRoles');
    const administrator = roles.find((r) => r.name === 'administrator')!.id;
    const inspectorId = await userId(e2e, SECOND_ADMIN.email);
    await asAdmin('PUT', `/Admin/ChangeUserRole?UserId=${inspectorId}&RoleId=${administrator}`);
    const memberId = await userId(e2e, MEMBER.email);
    const funds: Array<{ id: string; name: string }> = await asAdmin('GET', '/Giving/GetFunds');
    const building = funds.find((f) => f.name === 'Building')!.id;
    const year = new Date().getFullYear();
    const day = `${year}-01-15`;
    const batch = await asAdmin('POST', '/Giving/CreateBatch', { name: 'Roof envelopes', date: day, countedTotal: 2_500_000 });
    await asAdmin('POST', '/Giving/AddEntry', {
      batchId: batch.id,
      giverId: memberId,
      date: day,
      amount: 2_500_000,
      method: 'cash',
      splits: [{ fundId: building, amount: 2_500_000 }],
    });
    await asAdmin('PUT', `/Giving/PostBatch?id=${batch.id}`);
    await callAs(SECOND_ADMIN.email, DEMO_PASSWORD, 'PUT', `/Giving/ApproveBatch?id=${batch.id}`);
    const campaign = await asAdmin('POST', '/Giving/AddCampaign', {
      name: 'New roof',
      fundId: building,
      goal: 10_000_000,
      startsOn: `${year}-01-01`,
      endsOn: `${year}-12-31`,
    });

    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, e2e.url, ADMIN.email, ADMIN.password);
    await page.goto(`${e2e.url}/giving/campaigns`);
    await expectHeading(page, 'Campaigns');
    await page.getByRole('link', { name: 'Open New roof' }).click();
    await expectHeading(page, 'New roof');
    await page.getByRole('meter', { name: '25% of the goal' }).waitFor();
    await page.getByText(/25,000\.00 raised of \D*100,000\.00/).waitFor();
    await page.getByRole('img', { name: /added up day by day, against the goal/ }).waitFor();
    await fitsThePhone(page);

    // The counter pledges the member to the campaign: its days and fund are the campaign's.
    await page.getByRole('button', { name: 'Add a pledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a pledge' });
    await dialog.getByText(/its fund: Building/).waitFor();
    await choose(dialog, 'Giver', new RegExp(MEMBER.name), 'Adaeze');
    await dialog.getByRole('textbox', { name: 'Amount pledged, in naira' }).fill('50,000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Pledge saved');
    await page
      .getByRole('meter', { name: /25,000\.00 given of \D*50,000\.00/ })
      .first()
      .waitFor();
    await fitsThePhone(page);
    await page.close();
    expect((await asAdmin('GET', `/Giving/GetCampaign?id=${campaign.id}`)).pledged).toBe(5_000_000);

    // The member sees their pledge and its progress beside My giving.
    const member = await e2e.newPage();
    await member.setViewportSize(PHONE);
    await signIn(member, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await member.goto(`${e2e.url}/profile/${memberId}`);
    const mine = member.getByRole('list', { name: 'My pledges' });
    await mine.getByText('New roof').waitFor();
    await mine.getByRole('meter', { name: /25,000\.00 given of \D*50,000\.00/ }).waitFor();
    await member.close();
  });
});
