import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { expectToast, fillByLabel, signIn } from './pages.js';

/** A house-fellowship leader takes attendance on a phone; the inspectorate reads the figures. */
const PHONE = { width: 390, height: 844 };

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

async function phonePage(): Promise<Page> {
  const page = await e2e.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

/** A figure card's number ('1,234' above its label). */
const figureOf = async (page: Page, name: string) =>
  Number(
    (
      (await page.getByRole('region', { name: 'House fellowships (CIH)' }).getByRole('group', { name, exact: true }).textContent()) ?? ''
    ).replace(/\D/g, ''),
  );

describe('CIH attendance and reports on a phone', () => {
  it('a coordinator takes attendance and files a report; the inspectorate sees the figures and the absentee’s follow-up', async () => {
    // The demo church has weeks of attendance already: the figures grow by this meeting's.
    const inspector = await phonePage();
    await signIn(inspector, e2e.url, 'inspectorate@example.org', DEMO_PASSWORD);
    // The figures render when scrolled into view (far down the overview on a phone).
    await inspector.getByRole('region', { name: 'House fellowships (CIH)' }).scrollIntoViewIfNeeded();
    await inspector.getByRole('region', { name: 'House fellowships (CIH)' }).getByRole('group', { name: 'Present', exact: true }).waitFor();
    const before = { present: await figureOf(inspector, 'Present'), firstTimers: await figureOf(inspector, 'First-timers') };

    const leader = await phonePage();
    await signIn(leader, e2e.url, 'cihcoordinator@example.org', DEMO_PASSWORD);
    await leader.goto(`${e2e.url}/cih/center`);
    const attendance = leader.getByRole('region', { name: 'Take attendance' });
    const members = attendance.getByRole('group');
    await members.first().waitFor();
    const names = (await members.evaluateAll((groups) => groups.map((g) => g.getAttribute('aria-label') ?? ''))).slice(0, 4);
    for (const name of names.slice(0, 3))
      await attendance.getByRole('group', { name, exact: true }).getByRole('button', { name: 'Present' }).click();
    const absentee = names[3];
    await attendance.getByRole('group', { name: absentee, exact: true }).getByRole('button', { name: 'Absent' }).click();
    await attendance.getByRole('button', { name: 'Mark the rest absent' }).click();
    await fillByLabel(attendance, { 'Visitor name': 'Yemi Guest', 'Visitor phone': '08030009999' });
    await attendance.getByRole('checkbox', { name: 'First-timer' }).check();
    await attendance.getByRole('button', { name: 'Add visitor' }).click();
    await attendance.getByRole('button', { name: 'Save attendance' }).click();
    await expectToast(leader, 'Attendance saved');
    // Nothing on the page is wider than the phone.
    expect(await leader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // A long name takes more lines and keeps its Present / Absent pair beside it, in the column of the others.
    const lefts = await members.evaluateAll((groups) => {
      const name = groups[0].closest('li')!.querySelector('.MuiListItemText-primary')!;
      name.textContent = 'Oluwadamilare Babatunde Oluwaseun-Adeyemi Okonkwo';
      return groups.map((g) => Math.round(g.getBoundingClientRect().left));
    });
    expect(new Set(lefts).size).toBe(1);

    // The leader opens the meeting just saved and corrects the visitor's phone.
    const date = await attendance.getByLabel('Meeting date').inputValue();
    const shown = await leader.evaluate((d) => new Date(d).toLocaleDateString('en-GB', { dateStyle: 'long' }), date);
    await leader.getByRole('button', { name: `Open the meeting of ${shown}`, exact: true }).click();
    const meeting = leader.getByRole('dialog');
    await meeting.getByRole('button', { name: 'Edit visitors' }).click();
    await meeting.getByRole('button', { name: 'Edit visitor Yemi Guest' }).click();
    await fillByLabel(meeting, { 'Visitor phone': '08030001111' });
    await meeting.getByRole('button', { name: 'Update visitor' }).click();
    await meeting.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(leader, 'Meeting updated');
    await meeting.getByText('08030001111').waitFor();
    await meeting.getByRole('button', { name: 'Close' }).click();

    const report = leader.getByRole('region', { name: 'Activity report' });
    await fillByLabel(report, { 'Topic / teaching': 'Walking in love', Testimonies: 'A new job', 'Souls won': '1' });
    await report.getByRole('button', { name: 'Submit report' }).click();
    await expectToast(leader, 'Report submitted');
    await leader.getByRole('region', { name: 'Recent reports' }).getByText('Walking in love').waitFor();

    // The absentee is flagged; the leader follows them up.
    const absentees = leader.getByRole('region', { name: 'Absent at the last 3 meetings' });
    await absentees.getByText(absentee, { exact: true }).waitFor();
    await absentees.getByRole('listitem').filter({ hasText: absentee }).getByRole('link', { name: 'Follow up' }).click();
    await leader.getByRole('heading', { level: 1, name: absentee }).waitFor();
    await fillByLabel(leader.getByRole('region', { name: 'Add a follow-up' }), { Outcome: 'Was travelling' });
    await leader.getByRole('button', { name: 'Save follow-up' }).click();
    await expectToast(leader, 'Follow-up saved');

    // The pages share one browser's storage: the leader's sign-in replaced the inspector's.
    await signIn(inspector, e2e.url, 'inspectorate@example.org', DEMO_PASSWORD);
    const figures = inspector.getByRole('region', { name: 'House fellowships (CIH)' });
    await figures.scrollIntoViewIfNeeded();
    await expect.poll(() => figureOf(inspector, 'Present')).toBe(before.present + 3);
    expect(await figureOf(inspector, 'First-timers')).toBe(before.firstTimers + 1);
    await figures.getByText('Attendance over time').waitFor();
    await figures.getByRole('region', { name: 'First-timers and their conversion' }).getByText('Converted to members').waitFor();
    await inspector.goto(`${e2e.url}/cih/reports/followup`);
    await inspector.getByText('Was travelling').first().waitFor();
    await inspector.getByText(absentee).first().waitFor();
  });
});
