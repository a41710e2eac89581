import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '@/tests/support/server.js';
import { createUser, signUpBody } from '@/tests/support/users.js';

// docs/decisions/0231-mail-frame-and-server-language.md: the server answers its refusals in a
// signed-in caller's own language, and in the browser's (Accept-Language) to one not signed in.

const s = await startServer();
afterAll(() => s.close());

const inFrench = { 'accept-language': 'fr' };

describe('a refusal', () => {
  it('names the missing fields in French to a French caller, and in English to one who asks for nothing', async () => {
    const body = signUpBody({ firstName: '', email: 'not-an-address' });
    const fr = await s.call('POST', '/UserManagement/SignUpUser', { body, headers: inFrench });
    expect(fr.status).toBe(400);
    expect(fr.body.errors.firstName).toEqual(['Le prénom est obligatoire']);
    expect(fr.body.errors.email).toEqual(['Veuillez saisir une adresse e-mail valide']);
    const en = await s.call('POST', '/UserManagement/SignUpUser', { body });
    expect(en.body.errors.firstName).toEqual(['First name is required']);
    expect(en.body.errors.email).toEqual(['Please enter a valid email address']);
  });

  it('says a wrong password in French, to a browser whose first language is a French of somewhere', async () => {
    const user = await createUser(s);
    const body = { username: user.email, password: 'Wrong-pass-1' };
    const fr = await s.call('POST', '/Auth/Login', { body, headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } });
    expect(fr.status).toBe(400);
    expect(fr.body.message).toBe('Nom d’utilisateur ou mot de passe incorrect');
    const en = await s.call('POST', '/Auth/Login', { body, headers: { 'accept-language': 'en-GB,fr;q=0.5' } });
    expect(en.body.message).toBe('Invalid username or password');
  });

  it('answers a language Flock does not speak in English', async () => {
    const res = await s.call('POST', '/UserManagement/SignUpUser', {
      body: signUpBody({ language: 'de' }),
      headers: { 'accept-language': 'de' },
    });
    expect(res.body.errors.language).toEqual(['The language must be one of: en, fr']);
    const fr = await s.call('POST', '/UserManagement/SignUpUser', { body: signUpBody({ language: 'de' }), headers: inFrench });
    expect(fr.body.errors.language).toEqual(['La langue doit être l’une de : en, fr']);
  });

  it('answers a signed-in caller in their own language, whatever the browser asks for', async () => {
    const french = await createUser(s, { overrides: { language: 'fr' } });
    const res = await s.call('PUT', '/Auth/UpdateLanguage', {
      token: french.token,
      body: { language: 'xx' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.language).toEqual(['La langue doit être l’une de : en, fr']);
    const english = await createUser(s);
    const other = await s.call('PUT', '/Auth/UpdateLanguage', { token: english.token, body: { language: 'xx' }, headers: inFrench });
    expect(other.body.errors.language).toEqual(['The language must be one of: en, fr']);
  });
});
