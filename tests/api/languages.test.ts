import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@/domain/common/languages.js';
import { outbox, users } from '@/server/db/schema/index.js';
import { startServer, type TestServer } from '@/tests/support/server.js';
import { createUser, signUp, signUpBody, USER_PASSWORD } from '@/tests/support/users.js';

// docs/decisions/0226-languages.md: a person's language, stored on the person and checked against the list.
const SIGN_UP = '/UserManagement/SignUpUser';
const UPDATE_LANGUAGE = '/Auth/UpdateLanguage';
const REFUSAL = `The language must be one of: ${LANGUAGE_CODES.join(', ')}`;

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

async function languageOf(userId: string) {
  const [row] = await s.database.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row.language;
}

describe('the language chosen at sign-up', () => {
  it('is stored on the person', async () => {
    const { id } = await signUp(s, { language: 'fr' });
    expect(await languageOf(id)).toBe('fr');
  });

  it('is English when the sign-up leaves it out', async () => {
    const { id } = await signUp(s);
    expect(await languageOf(id)).toBe('en');
  });

  it('is refused with a 400 naming the languages when it is not one of the list', async () => {
    const res = await s.call('POST', SIGN_UP, { body: signUpBody({ language: 'de' }) });
    expect(res.status).toBe(400);
    expect(res.body.errors.language).toEqual([REFUSAL]);
  });
});

describe('the code mail', () => {
  async function codeMailTo(email: string) {
    const [mail] = await s.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt)).limit(1);
    return mail;
  }

  it('comes in French to a person who signed up in French, and in English otherwise', async () => {
    const french = await signUp(s, { language: 'fr' });
    const english = await signUp(s);
    const [fr, en] = await Promise.all([codeMailTo(french.email), codeMailTo(english.email)]);
    expect(fr.subject).toContain('Vérifiez votre adresse e-mail');
    expect(fr.text).toMatch(/^Votre code .* pour vérifier votre adresse e-mail est \d{6}\./);
    expect(en.subject).toContain('Verify your email address');
    expect(en.text).toMatch(/^Your .* code to verify your email address is \d{6}\./);
  });

  it('comes in French to a French speaker whose address signs up again', async () => {
    const user = await createUser(s, { role: 'member', overrides: { language: 'fr' } });
    const res = await s.call('POST', SIGN_UP, { body: signUpBody({ email: user.email }) });
    expect(res.status).toBe(200);
    const mail = await codeMailTo(user.email);
    expect(mail.subject).toContain('quelqu’un a tenté de s’inscrire avec votre adresse');
    expect(mail.text).toContain('Connectez-vous avec votre mot de passe');
  });

  it('follows the language the person chose since, for a password reset', async () => {
    const user = await createUser(s, { role: 'member' });
    await s.call('PUT', UPDATE_LANGUAGE, { token: user.token, body: { language: 'fr' } });
    const res = await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } });
    expect(res.status).toBe(200);
    const mail = await codeMailTo(user.email);
    expect(mail.subject).toContain('Réinitialisez votre mot de passe');
  });
});

describe('UpdateLanguage', () => {
  it("changes the caller's own language, and the next sign-in answer carries it", async () => {
    const user = await createUser(s, { role: 'member' });
    const res = await s.call('PUT', UPDATE_LANGUAGE, { token: user.token, body: { language: 'fr' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ language: 'fr' });
    expect(await languageOf(user.id)).toBe('fr');
    const login = await s.call('POST', '/Auth/Login', { body: { username: user.email, password: USER_PASSWORD } });
    expect(login.body.data.user.language).toBe('fr');
  });

  it.each([['xx'], ['FR'], [''], [42]])('refuses %j with a 400 and a clear message, changing nothing', async (language) => {
    const user = await createUser(s, { role: 'member', overrides: { language: 'fr' } });
    const res = await s.call('PUT', UPDATE_LANGUAGE, { token: user.token, body: { language } });
    expect(res.status).toBe(400);
    // A French reader is refused in French (docs/decisions/0231-mail-frame-and-server-language.md).
    expect(res.body.errors.language).toEqual([`La langue doit être l’une de : ${LANGUAGE_CODES.join(', ')}`]);
    expect(await languageOf(user.id)).toBe('fr');
  });

  it('refuses a visitor who is not signed in', async () => {
    const res = await s.call('PUT', UPDATE_LANGUAGE, { body: { language: 'fr' } });
    expect(res.status).toBe(401);
  });
});
