import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/server/db/schema/index.js';
import { addDepartment } from '@/tests/support/churchStructure.js';
import { filedId, headOf, memberAt, requestCalls } from '@/tests/support/requests.js';
import { ADMIN_EMAIL, startServer, startSibling } from '@/tests/support/server.js';
import { readMail, startSmtpReceiver } from '@/tests/support/smtp.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

// docs/decisions/0231-mail-frame-and-server-language.md: every mail the outbox sends is framed in
// its recipient's language, around an administrator's words as written; the server's own words
// (decisions, requests waiting) are written in the recipient's language too.

const s = await startServer();
const smtp = await startSmtpReceiver();
// The mailing server: the outbox's worker sends what either server queued.
const mailing = await startSibling(s, { smtpUrl: smtp.url, outbox: { idleMs: 20 } });
afterAll(async () => {
  await mailing.close();
  await s.close();
  await smtp.close();
});
const admin = await s.login(ADMIN_EMAIL);

const speak = async (person: { token: string }, language: string) =>
  expect((await s.call('PUT', '/Auth/UpdateLanguage', { token: person.token, body: { language } })).status).toBe(200);

const mailTo = async (email: string) => readMail((await smtp.waitFor(email)).raw);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('a message from the church', () => {
  it('reaches a French reader framed in French and an English reader in English, its words as the administrator wrote them', async () => {
    const french = await createUser(s, { overrides: { firstName: 'Amélie', language: 'fr' } });
    const english = await createUser(s, { overrides: { firstName: 'Ben' } });
    const form = new FormData();
    form.set('Title', 'Choir news');
    form.set('Body', 'Rehearsal is on Friday at 6pm.\nBring your folders.');
    form.set('Audience', 'people');
    for (const id of [french.id, english.id]) form.append('UserIds', id);
    form.append('attachments', new Blob([new Uint8Array(PDF)]), 'programme.pdf');
    const sent = await fetch(`${mailing.url}/api/Notification/sendnotifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(sent.status).toBe(200);

    const fr = await mailTo(french.email);
    expect(fr.subject).toBe('Flock : Choir news');
    expect(fr.text).toMatch(/^Bonjour Amélie,\n\nRehearsal is on Friday at 6pm.\nBring your folders.\n\n/);
    expect(fr.text).toContain('1 pièce jointe : connectez-vous pour la lire et la télécharger.');
    expect(fr.text).toContain('Vous recevez cet e-mail car Flock vous écrit pour les messages de l’église.');
    expect(fr.text).not.toMatch(/Hello|attachment|You receive/);

    const en = await mailTo(english.email);
    expect(en.subject).toBe('Flock: Choir news');
    expect(en.text).toMatch(/^Hello Ben,\n\nRehearsal is on Friday at 6pm.\nBring your folders.\n\n/);
    expect(en.text).toContain('1 attachment: sign in to read and download.');
    expect(en.text).toContain('You receive this mail because Flock mails you messages from the church.');
    expect(en.text).not.toMatch(/Bonjour|pièce|Vous recevez/);
  });

  it('follows the reader: one who changed to French after signing up in English reads it in French', async () => {
    const person = await createUser(s, { overrides: { firstName: 'Chidi' } });
    await speak(person, 'fr');
    const form = new FormData();
    form.set('Title', 'Annonce');
    form.set('Body', 'Culte à 10 h.');
    form.set('Audience', 'people');
    form.append('UserIds', person.id);
    const sent = await fetch(`${mailing.url}/api/Notification/sendnotifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(sent.status).toBe(200);
    const mail = await mailTo(person.email);
    expect(mail.text).toMatch(/^Bonjour Chidi,\n\nCulte à 10 h\.\n\n-- \nVous recevez/);
  });
});

describe('a request and its decision', () => {
  const calls = requestCalls(s);

  it('tells a French head it waits, and its French requester of the decision, in French', async () => {
    const choir = await addDepartment(s);
    const head = await headOf(s, choir.id);
    await speak(head, 'fr');
    const member = await memberAt(s);
    await speak(member, 'fr');
    const id = filedId(await calls.joinDepartment(member, choir.departmentName));

    const waiting = await mailTo(head.email);
    expect(waiting.subject).toBe('Flock : En attente de votre décision');
    expect(waiting.text).toContain(
      `demande à rejoindre le département ${choir.departmentName}.\n\nOuvrez Flock pour en décider (/requests).`,
    );
    expect(waiting.text).toContain('les demandes qui attendent votre décision');

    expect((await calls.decide('ApproveChangeOfDepartment', id, true, head.token, 'Welcome to the choir')).status).toBe(200);
    const decided = await mailTo(member.email);
    expect(decided.subject).toBe('Flock : Demande approuvée');
    expect(decided.text).toContain(
      `Votre demande pour rejoindre le département ${choir.departmentName} a été approuvée. Commentaire : Welcome to the choir`,
    );
    expect(decided.text).toContain('les décisions sur vos demandes');
    // The inbox row reads as the mail does.
    const inbox = (await s.call('GET', '/Notification/GetAllNotifications', { token: member.token })).body.data;
    expect(inbox.map((n: { title: string }) => n.title)).toContain('Demande approuvée');
  });

  it('writes the same in English to an English head and requester', async () => {
    const choir = await addDepartment(s);
    const head = await headOf(s, choir.id);
    const member = await memberAt(s);
    const id = filedId(await calls.joinDepartment(member, choir.departmentName));

    const waiting = await mailTo(head.email);
    expect(waiting.subject).toBe('Flock: Waiting for your decision');
    expect(waiting.text).toContain(`asks to join the ${choir.departmentName} department.\n\nOpen Flock to decide it (/requests).`);

    expect((await calls.decide('ApproveChangeOfDepartment', id, false, head.token, 'The choir is full')).status).toBe(200);
    const decided = await mailTo(member.email);
    expect(decided.subject).toBe('Flock: Request rejected');
    expect(decided.text).toContain(`Your request to join the ${choir.departmentName} department was rejected. Comment: The choir is full`);
  });
});

// docs/decisions/0237: an account an administrator creates is welcomed in the language chosen for
// it, with a link to the public address when the server knows it (PUBLIC_URL).
describe('the welcome of an account an administrator creates', () => {
  const create = (server: { call: typeof s.call }, body: Record<string, unknown>) =>
    server.call('POST', '/Admin/CreateAdmin', { body, token: admin });

  it('is written in the language chosen for the person, which their account keeps', async () => {
    const email = `bienvenue-${Date.now()}@example.org`;
    const res = await create(s, { firstName: 'Brigitte', surName: 'Okoro', email, mobile1: '08011112222', role: 'member', language: 'fr' });
    expect(res.status).toBe(200);
    const mail = (await s.lastMail(email))!;
    expect(mail.subject).toBe('Flock : votre nouveau compte');
    expect(mail.text).toContain('Un administrateur vous a créé un compte Flock, avec le rôle member.');
    expect(mail.text).toContain(`Choisissez votre mot de passe sur ${s.url}/reset-password/${encodeURIComponent(email)} avec ce code.`);
    expect(mail.text).not.toMatch(/An administrator|Set your password/);
    const [user] = await s.database.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(user.language).toBe('fr');
  });

  it('is English when no language is given, and refuses one Flock does not speak', async () => {
    const email = `welcome-${Date.now()}@example.org`;
    expect((await create(s, { firstName: 'Ben', surName: 'Ade', email, mobile1: '0801' })).status).toBe(200);
    expect((await s.lastMail(email))!.subject).toBe('Flock: your new account');
    const refused = await create(s, {
      firstName: 'X',
      surName: 'Y',
      email: `x-${Date.now()}@example.org`,
      mobile1: '0801',
      language: 'de',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.language).toEqual(['The language must be one of: en, fr']);
  });

  it('links to PUBLIC_URL when it is set, whatever address the request came to', async () => {
    const site = await startSibling(s, { publicUrl: 'https://flock.example.org' });
    try {
      const email = `public-${Date.now()}@example.org`;
      expect((await create(site, { firstName: 'Ada', surName: 'Eze', email, mobile1: '0801' })).status).toBe(200);
      const mail = (await s.lastMail(email))!;
      expect(mail.text).toContain(
        `Set your password at https://flock.example.org/reset-password/${encodeURIComponent(email)} with that code.`,
      );
      expect(mail.text).not.toContain(site.url);
    } finally {
      await site.close();
    }
  });
});

describe("the areas' refusals", () => {
  it('reach a French caller in French, and an English caller in English (docs/decisions/0237)', async () => {
    const french = await userWith(s, ['CAN_VIEW_MEETINGS']);
    await speak(french, 'fr');
    const missing = '00000000-0000-4000-8000-000000000000';
    const fr = await s.call('GET', `/Meeting/GetById?Id=${missing}`, { token: french.token });
    const en = await s.call('GET', `/Meeting/GetById?Id=${missing}`, { token: admin });
    expect(en.status).toBe(404);
    expect(en.body.message).toBe('Meeting not found');
    expect(fr.status).toBe(404);
    expect(fr.body.message).toBe('La réunion est introuvable');
  });
});
