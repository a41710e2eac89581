import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectToast, fillByLabel, openFromMenu, rowWith, signIn } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo member (server/seed/demo.ts) and the head of the choir, who book the hall. */
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };
const HOD = 'hod@example.org';
const HALL = 'Grace Hall';
/** Today, so the calendar opens on the month that shows the bookings. */
const TODAY = new Date().toISOString().slice(0, 10);

/** One API call, signed in with `token` when given; answers the envelope (any status). */
async function call(method: string, path: string, { body, token }: { body?: object; token?: string } = {}) {
  const response = await fetch(`${e2e.url}/api${path}`, {
    method,
    headers: { ...(token && { Authorization: `Bearer ${token}` }), ...(body && { 'Content-Type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  return { status: response.status, ...(await response.json()) };
}
async function api(method: string, path: string, opts: { body?: object; token?: string } = {}) {
  const answer = await call(method, path, opts);
  expect(answer.status, `${method} ${path}: ${answer.message}`).toBe(200);
  return answer.data;
}
const tokenOf = async (username: string, password: string) =>
  (await api('POST', '/Auth/Login', { body: { username, password } })).token as string;

/** The member asks for a baby dedication in the hall from their Events menu entry. */
async function requestDedication(page: Page) {
  await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
  await openFromMenu(page, 'Events');
  await page.getByRole('button', { name: 'Add event request' }).click();
  const dialog = page.getByRole('dialog');
  await choose(dialog, 'Type', 'Baby dedication');
  await dialog.getByLabel(/^Date/).fill(TODAY);
  await fillByLabel(dialog, { 'People concerned': 'Baby Chidi; Mr and Mrs Okafor' });
  await choose(dialog, 'Venue (optional)', HALL);
  await dialog.getByLabel(/^Start time/).fill('10:00');
  await dialog.getByLabel(/^End time/).fill('12:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Successfully Created');
  await rowWith(page, 'Baby Chidi').waitFor();
}

/** Approve or reject from a row's button, in the decision dialog; answers the dialog. */
async function decide(page: Page, row: string, button: RegExp) {
  await rowWith(page, row).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve the request' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  return dialog;
}

describe('venues and events', () => {
  it('books the hall with an approved dedication, shows it on the calendar, and refuses an overlapping booking naming the clash', async () => {
    const admin = await tokenOf(ADMIN.email, ADMIN.password);
    const hall = await api('POST', '/Venue/CreateVenue', { token: admin, body: { name: HALL, capacity: 250, facilities: ['Stage'] } });

    const member = await e2e.newPage();
    await requestDedication(member);

    const office = await e2e.newPage();
    await signIn(office, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(office, 'Events');
    await office.getByRole('tab', { name: 'Office queue' }).click();
    await decide(office, 'Baby Chidi', new RegExp(`^Approve: ${MEMBER.name}`));
    await expectToast(office, 'Request approved');

    // On the hall's calendar.
    await openFromMenu(office, 'Venues');
    await office.getByRole('tab', { name: 'Calendar' }).click();
    await office
      .getByRole('list', { name: 'Bookings calendar' })
      .getByText(/Grace Hall: Baby dedication/)
      .waitFor();

    // The head of the choir asks for the hall at an overlapping time; its approval is refused with the clash named.
    const hod = await tokenOf(HOD, DEMO_PASSWORD);
    const body = { venueId: hall.id, bookingDate: TODAY, startTime: '11:00', endTime: '13:00', purpose: 'Choir rehearsal' };
    await api('PUT', '/Venue/RequestForVenue', { token: hod, body });
    await office.getByRole('tab', { name: 'Bookings' }).click();
    const dialog = await decide(office, 'Choir rehearsal', /^Approve: Emeka Nwosu/);
    const refusal = await dialog.getByRole('alert').textContent();
    expect(refusal).toContain(`${HALL} is already booked on ${TODAY} from 10:00 to 12:00 for "Baby dedication"`);
    const bookings = await api('GET', `/Venue/GetAllVenueRequests?VenueId=${hall.id}&Status=approved`, { token: admin });
    expect(refusal).toContain(bookings[0].id);
    expect(bookings).toHaveLength(1);
  });
});

describe('outreach', () => {
  it('is requested, approved, reported with two converts, and one convert joins the first-timers', async () => {
    const admin = await tokenOf(ADMIN.email, ADMIN.password);
    const member = await tokenOf(MEMBER.email, DEMO_PASSWORD);
    await api('POST', '/Outreach/RequestForOutreach', {
      token: member,
      body: { title: 'Estate outreach', purpose: 'Door to door', address: 'Sunrise Estate', outreachDate: TODAY },
    });

    const office = await e2e.newPage();
    await signIn(office, e2e.url, ADMIN.email, ADMIN.password);
    await openFromMenu(office, 'Outreach');
    await decide(office, 'Estate outreach', new RegExp(`^Approve: ${MEMBER.name}`));
    await expectToast(office, 'Request approved');

    await rowWith(office, 'Estate outreach').getByRole('button', { name: 'Write report' }).click();
    const report = office.getByRole('dialog', { name: 'Report: Estate outreach' });
    await report.getByLabel(/^Date held/).fill(TODAY);
    await fillByLabel(report, { Attendance: '80', 'Souls reached': '9' });
    const email = `efe.${Date.now()}@example.net`;
    for (const [i, [first, last, mail]] of [
      ['Efe', 'Ojo', email],
      ['Funmi', 'Bello', ''],
    ].entries()) {
      await report.getByRole('button', { name: 'Add' }).click();
      await report.getByRole('textbox', { name: 'First name', exact: true }).nth(i).fill(first);
      await report.getByRole('textbox', { name: 'Last name', exact: true }).nth(i).fill(last);
      await report.getByRole('textbox', { name: 'Phone', exact: true }).nth(i).fill('08031112222');
      if (mail) await report.getByRole('textbox', { name: 'Email', exact: true }).nth(i).fill(mail);
    }
    await report.getByRole('button', { name: 'Save' }).click();
    await expectToast(office, 'Successfully Created');

    await office.getByRole('tab', { name: 'Reports' }).click();
    await rowWith(office, 'Estate outreach').getByRole('button', { name: 'Converts' }).click();
    const converts = office.getByRole('dialog', { name: 'Converts: Estate outreach' });
    await converts.getByRole('button', { name: 'Send Efe Ojo to the first-timers' }).click();
    await expectToast(office, 'Efe Ojo is on the first-timer list');
    await converts.getByText('On the first-timer list').waitFor();

    const firstTimers = await api('GET', `/Admin/GetAllUsers?Kind=firsttimer&Search=${encodeURIComponent(email)}`, { token: admin });
    expect(firstTimers).toHaveLength(1);
  });
});
