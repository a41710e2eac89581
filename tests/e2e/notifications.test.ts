import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { expectToast, signIn } from './pages.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** The demo's Choir (server/seed/demo.ts): hod@ heads it, member@ sings in it; inspectorate@ is not in it. */
const HOD = 'hod@example.org';
const MEMBER = 'member@example.org';
const OUTSIDER = 'inspectorate@example.org';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function login(email: string) {
  const res = await fetch(`${e2e.url}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  return (await res.json()).data.token as string;
}

async function get(path: string, token: string) {
  const res = await fetch(`${e2e.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).data;
}

/** The Choir's id, as the head's compose dialog offers it. */
async function choirId(token: string): Promise<string> {
  const audiences = await get('/Notification/GetAudiences', token);
  return audiences.departments.find((d: { name: string }) => d.name === 'Choir').id;
}

/** The head sends to the Choir as the compose dialog does: a multipart form with the PDF. */
async function sendToChoir(token: string, title: string) {
  const form = new FormData();
  form.set('Title', title);
  form.set('Body', 'Rehearsal moves to Friday at 6pm.\nThe rota is attached.');
  form.set('Audience', 'department');
  form.set('AudienceId', await choirId(token));
  form.append('attachments', new Blob([new Uint8Array(PDF)]), 'rota.pdf');
  const res = await fetch(`${e2e.url}/api/Notification/sendnotifications`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
}

const bellCount = (label: string | null) => Number(/(\d+) unread/.exec(label ?? '')?.[1] ?? 0);

describe('notifications', () => {
  it('the head of the Choir writes to the Choir: member@ sees the bell rise, opens it and downloads the PDF, and gets the mail', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, MEMBER, DEMO_PASSWORD);
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await bell.waitFor();
    const before = bellCount(await bell.getAttribute('aria-label'));

    await sendToChoir(await login(HOD), 'Rehearsal moved');
    // The bell asks again on its own (polling): no reload.
    await page.getByRole('link', { name: `Notifications, ${before + 1} unread` }).waitFor({ timeout: 40_000 });

    await bell.click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: /Rehearsal moved/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Rehearsal moves to Friday at 6pm/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download rota.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('rota.pdf');
    expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Opening it read it: the bell goes back down.
    await page.getByRole('link', { name: before ? `Notifications, ${before} unread` : 'Notifications' }).waitFor();
    await page.close();

    const mail = await e2e.smtp.waitFor(MEMBER);
    expect(mail.raw).toContain('Rehearsal moved');
    // Someone outside the Choir got neither the mail nor the notification.
    expect(e2e.smtp.mails.some((m) => m.to.includes(OUTSIDER) && m.raw.includes('Rehearsal moved'))).toBe(false);
    const theirs = await get('/Notification/GetAllNotifications?PageSize=100', await login(OUTSIDER));
    expect(theirs.some((n: { title: string }) => n.title === 'Rehearsal moved')).toBe(false);
  });

  it('the head writes through the compose dialog, sees how many it reaches, and finds it among the sent', async () => {
    const page = await e2e.newPage();
    await signIn(page, e2e.url, HOD, DEMO_PASSWORD);
    await page.goto(`${e2e.url}/notifications`);
    await page.getByRole('button', { name: 'New notification' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Choir outing');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('We meet at the gate at 9am.');
    // A head may write to their department or to people of it: the department, then which one.
    await dialog.getByRole('combobox', { name: /Send to/ }).click();
    await page.getByRole('option', { name: 'A department' }).click();
    await dialog.getByRole('combobox', { name: /Which one/ }).click();
    await page.getByRole('option', { name: 'Choir' }).click();
    await dialog.getByText(/This reaches \d+ (person|people)/).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'map.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByText('map.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Notification sent');
    await page.getByRole('tab', { name: 'Sent' }).click();
    await page.getByText('Choir outing').waitFor();
    await page
      .getByText(/To: Department: Choir/)
      .first()
      .waitFor();
    await page.close();
    await expect
      .poll(() => e2e.smtp.mails.some((m) => m.to.includes(MEMBER) && m.raw.includes('Choir outing')), { timeout: 60_000 })
      .toBe(true);
  });
});
