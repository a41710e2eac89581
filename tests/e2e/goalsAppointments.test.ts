import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectToast, fillByLabel, logout, rowWith, signIn } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo accounts (server/seed/demo.ts): hod@ heads the Choir; names as the lists show them carry a middle name. */
const HOD = 'hod@example.org';
const MEMBER = { email: 'member@example.org', first: 'Adaeze', surname: 'Okafor' };
const PASTOR = { email: 'cihpastor@example.org', first: 'Babajide', surname: 'Ogunleye' };
const JOINER = {
  firstName: 'Kemi',
  surName: 'Joiner',
  email: 'kemi.joiner@example.net',
  mobile1: '08030002222',
  password: 'Joiner-pass-1',
};

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
const tokenOf = async (username: string, password: string) =>
  (await api('POST', '/Auth/Login', { body: { username, password } })).token as string;

/** A new person signs up, is made a member, asks to join the Choir, and its head approves. */
async function joinChoir(hodToken: string) {
  const adminToken = await tokenOf(ADMIN.email, ADMIN.password);
  await api('POST', '/UserManagement/SignUpUser', { body: JOINER });
  const mail = await e2e.smtp.waitFor(JOINER.email);
  await api('POST', '/Auth/ValidateEmailComplete', { body: { email: JOINER.email, otp: mail.otp } });
  const user = await api('GET', `/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(JOINER.email)}`, { token: adminToken });
  await api('PUT', `/Admin/ConvertFirstTimersToMembers?Id=${user.id}`, { token: adminToken });
  const joinerToken = await tokenOf(JOINER.email, JOINER.password);
  await api('POST', '/ChurchAffiliation/CreateChurchAffiliation', { token: joinerToken, body: { userId: user.id } });
  const request = await api(
    'PUT',
    `/ChurchAffiliation/RequestByMemberToJoinDepartment?userId=${user.id}&department=Choir&Reason=I%20sing`,
    {
      token: joinerToken,
    },
  );
  await api('PUT', `/ChurchAffiliation/ApproveChangeOfDepartment?RequestId=${request.id}&Approve=true`, { token: hodToken });
}

describe('goals', () => {
  it('lets a head of department set a goal of 10 new members for the quarter and see it move when a member joins', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, HOD, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/goals`);
    await page.getByRole('button', { name: 'Set a goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a goal' });
    await fillByLabel(dialog, { Title: 'Ten new choristers' });
    await choose(dialog, 'Department', 'Choir');
    await dialog.getByRole('button', { name: 'Save goal' }).click();
    await expectToast(page, 'Goal saved');
    const row = rowWith(page, 'Ten new choristers');
    const before = Number((await row.getByText(/ of 10$/).textContent())!.split(' ')[0]);

    await joinChoir(await tokenOf(HOD, DEMO_PASSWORD));
    await page.reload();
    await rowWith(page, 'Ten new choristers')
      .getByText(`${before + 1} of 10`)
      .waitFor();
    await page.close();
  });
});

describe('appointments', () => {
  it('lets a member book a pastor, the pastor confirm, and the member download the .ics file', async () => {
    const pastorToken = await tokenOf(PASTOR.email, DEMO_PASSWORD);
    const everyDay = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 - 60, slotMinutes: 60 }));
    await api('PUT', '/Appointment/SetAvailability', { token: pastorToken, body: { windows: everyDay, exceptions: [] } });

    // One browser keeps one session: the member, the pastor, then the member again, each signing in.
    const page = await e2e.newPage();
    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/appointments`);
    await page.getByRole('button', { name: 'Book an appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
    await choose(dialog, 'With', new RegExp(`${PASTOR.first} .*${PASTOR.surname}`));
    await choose(dialog, 'Time', /./);
    await choose(dialog, 'Reason', 'Counselling');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expectToast(page, 'Appointment requested');
    await rowWith(page, PASTOR.surname).getByText('Requested').waitFor();
    await logout(page);

    await signIn(page, e2e.url, PASTOR.email, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/appointments`);
    await page.getByRole('tab', { name: 'My day and week' }).click();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await rowWith(page, MEMBER.surname)
      .getByRole('button', { name: new RegExp(`^Confirm the appointment with ${MEMBER.first}`) })
      .click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Appointment updated');
    await logout(page);

    await signIn(page, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/appointments`);
    const row = rowWith(page, PASTOR.surname);
    await row.getByText('Confirmed').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Add to calendar' }).click()]);
    const ics = fs.readFileSync((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toMatch(new RegExp(`SUMMARY;LANGUAGE=en:Appointment with ${PASTOR.first} .*${PASTOR.surname}`));
  });
});
