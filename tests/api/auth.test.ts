import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionString } from '@/domain/roles/permissions.js';
import { DEFAULT_ROLE_PERMISSIONS } from '@/domain/roles/roles.js';
import { PASSWORD_RULE } from '@/domain/auth/schemas.js';
import { biodata, otps, outbox, roles, userRoles, users } from '@/server/db/schema/index.js';
import { TOKEN_PROBLEM } from '@/server/http/errors.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, startSibling, type TestServer } from '@/tests/support/server.js';
import { createUser, signUp, signUpBody, uniqueEmail, USER_PASSWORD, verifyEmail } from '@/tests/support/users.js';

const JWT_SECRET = 'auth-test-secret-that-is-long-enough-for-hs256';
const secret = new TextEncoder().encode(JWT_SECRET);
const STATS = '/Stats/GetAdminDashboardStats';
const SIGN_UP = '/UserManagement/SignUpUser';

let s: TestServer;

beforeAll(async () => {
  s = await startServer({ jwtSecret: JWT_SECRET });
});
afterAll(async () => {
  await s?.close();
});

/** 401 when the server refuses the token; 200 or 403 when it accepts it. */
async function probe(token: string) {
  return (await s.call('GET', STATS, { token })).status;
}

async function userRow(email: string) {
  const [row] = await s.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function mailsTo(email: string) {
  return s.database.db.select().from(outbox).where(eq(outbox.to, email));
}

describe('SignUpUser', () => {
  it('answers 200 with succeeded and a message', async () => {
    const body = signUpBody();
    const res = await s.call('POST', SIGN_UP, { body });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toBe(true);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
  });

  it('creates an inactive first-timer holding the firsttimers role', async () => {
    const { id, email } = await signUp(s);
    const user = await userRow(email);
    expect(user.isFirstTimer).toBe(true);
    expect(user.emailVerified).toBe(false);
    const held = await s.database.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, id));
    expect(held.map((r) => r.name)).toEqual(['firsttimers']);
    const [bio] = await s.database.db.select().from(biodata).where(eq(biodata.userId, id));
    expect(bio.email).toBe(email);
  });

  it('refuses login to an unverified account with "Your profile has not been activated"', async () => {
    const { email, password } = await signUp(s);
    const res = await s.call('POST', '/Auth/Login', { body: { username: email, password } });
    expect(res.status).toBe(403);
    expect(res.body.succeeded).toBe(false);
    expect(res.body.message).toContain('Your profile has not been activated');
  });

  it('stores the email trimmed and lower case', async () => {
    const local = uniqueEmail('Mixed');
    const res = await s.call('POST', SIGN_UP, { body: signUpBody({ email: `  ${local.toUpperCase()}  ` }) });
    expect(res.status).toBe(200);
    expect(await userRow(local.toLowerCase())).toBeDefined();
    const [bio] = await s.database.db.select().from(biodata).where(eq(biodata.email, local.toLowerCase()));
    expect(bio).toBeDefined();
  });

  it('answers a taken email (any case, spaces) as a new one, and mails its owner instead', async () => {
    const { email } = await signUp(s);
    await verifyEmail(s, email);
    const fresh = await s.call('POST', SIGN_UP, { body: signUpBody() });
    const res = await s.call('POST', SIGN_UP, { body: signUpBody({ email: ` ${email.toUpperCase()} ` }) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(fresh.body.message);
    expect(res.body.data).toEqual({ email });
    expect(await s.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const mail = await s.lastMail(email);
    expect(mail?.subject).toMatch(/someone tried to register with your address/);
    expect(mail?.otp).toBeUndefined();
  });

  it('mails the owner of a never-activated account a fresh code, and keeps their password', async () => {
    const first = await signUp(s);
    const res = await s.call('POST', SIGN_UP, { body: signUpBody({ email: first.email, password: 'Another-pass-7' }) });
    expect(res.status).toBe(200);
    const mail = await s.lastMail(first.email);
    expect(mail?.otp).toMatch(/^\d{6}$/);
    expect((await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email: first.email, otp: mail!.otp } })).status).toBe(200);
    expect((await s.call('POST', '/Auth/Login', { body: { username: first.email, password: first.password } })).status).toBe(200);
    expect((await s.call('POST', '/Auth/Login', { body: { username: first.email, password: 'Another-pass-7' } })).status).toBe(400);
  });

  it('does not tell a stranger that a user name is taken: the account is made without it, and its mail says so', async () => {
    const name = `ada.${Date.now()}`;
    const owner = await signUp(s, { userName: name });
    const body = signUpBody({ userName: name.toUpperCase() });
    const fresh = signUpBody();
    const [taken, free] = await Promise.all([s.call('POST', SIGN_UP, { body }), s.call('POST', SIGN_UP, { body: fresh })]);
    expect(taken.status).toBe(200);
    expect(taken.body.message).toBe(free.body.message);
    const [made] = await s.database.db
      .select()
      .from(users)
      .where(eq(users.email, String(body.email)));
    expect(made.userName).toBeNull();
    expect((await s.database.db.select().from(users).where(eq(users.id, owner.id)))[0].userName).toBe(name);
    const mail = await s.lastMail(String(body.email));
    expect(mail?.otp).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(`The user name "${name.toUpperCase()}" belongs to someone else`);
    expect((await s.lastMail(String(fresh.email)))?.text).not.toContain('belongs to someone else');
  });

  it('creates exactly one account when the same email signs up several times at once', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 4 }, () => s.call('POST', SIGN_UP, { body: signUpBody({ email }) })));
    // Every caller hears the same; only one account exists.
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await s.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('answers 400 with per-field errors and the schema messages', async () => {
    const missing = await s.call('POST', SIGN_UP, { body: signUpBody({ firstName: undefined }) });
    expect(missing.status).toBe(400);
    expect(missing.body.succeeded).toBe(false);
    expect(missing.body.errors.firstName).toEqual(['First name is required']);
    expect(missing.body.message).toBe('First name is required');

    const blank = await s.call('POST', SIGN_UP, { body: signUpBody({ firstName: '   ' }) });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.firstName).toEqual(['First name is required']);

    const badEmail = await s.call('POST', SIGN_UP, { body: signUpBody({ email: 'not-an-email' }) });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors.email).toContain('Please enter a valid email address');

    for (const weak of ['short1', 'onlyletters', '1234567890']) {
      const res = await s.call('POST', SIGN_UP, { body: signUpBody({ password: weak }) });
      expect(res.status, weak).toBe(400);
      expect(res.body.errors.password, weak).toContain(PASSWORD_RULE);
    }

    const empty = await s.call('POST', SIGN_UP, { body: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'firstName', 'mobile1', 'password', 'surName']);
    expect(empty.body.errors.surName).toEqual(['Last name is required']);
  });

  it('creates nothing when the body is refused', async () => {
    const email = uniqueEmail('refused');
    await s.call('POST', SIGN_UP, { body: signUpBody({ email, password: 'weak' }) });
    expect(await userRow(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('ValidateEmailInitiate and ValidateEmailComplete', () => {
  it('mails a 6-digit code that activates the profile', async () => {
    const { email, password } = await signUp(s);
    const mail = await s.lastMail(email);
    expect(mail?.otp).toMatch(/^\d{6}$/);
    const res = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: mail!.otp } });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toBe(true);
    expect((await userRow(email)).emailVerified).toBe(true);
    const login = await s.call('POST', '/Auth/Login', { body: { username: email, password } });
    expect(login.status).toBe(200);
    expect(login.body.data.user.isFirstTimer).toBe(true);
    expect(login.body.data.user.roles).toEqual(['firsttimers']);
    // the church's time zone is the server's; the screens show instants in it (docs/decisions/0242)
    expect(login.body.data.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('ValidateEmailInitiate mails a fresh code that works', async () => {
    const { email } = await signUp(s);
    const first = (await s.lastMail(email))!.otp!;
    const res = await s.call('POST', '/Auth/ValidateEmailInitiate', { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toBe(true);
    expect(await mailsTo(email)).toHaveLength(2);
    const second = (await s.lastMail(email))!.otp!;
    expect(second).toMatch(/^\d{6}$/);
    if (second !== first) {
      const old = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: first } });
      expect(old.status).toBe(400);
    }
    const ok = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: second } });
    expect(ok.status).toBe(200);
  });

  it('a code works once: reuse answers 400 Invalid or expired OTP', async () => {
    const { email } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    expect((await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp } })).status).toBe(200);
    const again = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ succeeded: false, message: 'Invalid or expired OTP' });
  });

  it('a wrong code answers 400 and leaves the profile inactive', async () => {
    const { email } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    const wrong = otp === '000000' ? '000001' : '000000';
    const res = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: wrong } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired OTP');
    expect((await userRow(email)).emailVerified).toBe(false);
    // one wrong guess does not spend the code
    expect((await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp } })).status).toBe(200);
  });

  it('after 5 wrong codes even the right one fails', async () => {
    const { email } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    const wrong = otp === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      expect((await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: wrong } })).status).toBe(400);
    }
    const res = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired OTP');
    expect((await userRow(email)).emailVerified).toBe(false);
  });

  it('an expired code fails', async () => {
    const { email } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    await s.database.db
      .update(otps)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(otps.email, email));
    const res = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired OTP');
    expect((await userRow(email)).emailVerified).toBe(false);
  });

  it('a code expires 10 minutes after it is issued', async () => {
    const { email } = await signUp(s);
    const [row] = await s.database.db.select().from(otps).where(eq(otps.email, email));
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10.1);
  });

  it('a new code invalidates the older one', async () => {
    const { email } = await signUp(s);
    const { otp: older } = (await s.lastMail(email))!;
    await s.call('POST', '/Auth/RequestOtp', { body: { email, purpose: 'verify' } });
    const { otp: newer } = (await s.lastMail(email))!;
    const live = await s.database.db
      .select()
      .from(otps)
      .where(and(eq(otps.email, email), eq(otps.purpose, 'verify')));
    expect(live).toHaveLength(2);
    expect(live.filter((r) => r.usedAt === null)).toHaveLength(1);
    if (older !== newer) {
      expect((await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: older } })).status).toBe(400);
    }
    expect((await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: newer } })).status).toBe(200);
  });

  it('stores the code hashed, never the code itself', async () => {
    const { email } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    const rows = await s.database.db.select().from(otps).where(eq(otps.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toBe(otp);
    expect(JSON.stringify(rows)).not.toContain(otp);
    expect(rows[0].codeHash.length).toBeGreaterThanOrEqual(32);
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await s.call('POST', '/Auth/ValidateEmailInitiate', { body: { email } });
    expect(res.status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(0);
    const complete = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: '123456' } });
    expect(complete.status).toBe(400);
    expect(complete.body.message).toBe('Invalid or expired OTP');
  });

  it('refuses a malformed code with a per-field error', async () => {
    const res = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email: uniqueEmail(), otp: '12ab' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.otp).toEqual(['OTP must be 6 digits']);
  });
});

describe('Login', () => {
  it('signs in by email and answers token, permissions, user and churchAffiliation', async () => {
    const member = await createUser(s);
    const res = await s.call('POST', '/Auth/Login', { body: { username: member.email, password: USER_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toBe(true);
    const data = res.body.data;
    expect(typeof data.token).toBe('string');
    expect(data.token.split('.')).toHaveLength(3);
    // The seeded member role's defaults (domain/roles/roles.ts), each as right + module.
    expect(new Set(data.permissions.map(permissionString))).toEqual(new Set(DEFAULT_ROLE_PERMISSIONS.member));
    expect(data.user).toMatchObject({ id: member.id, email: member.email, firstName: 'Ada', surName: 'Obi', isFirstTimer: false });
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(data.user)).not.toContain('scrypt');
    expect(data.churchAffiliation).toMatchObject({ cihRole: null, affinityGroup: [] });
    expect(await probe(data.token)).toBe(403);
  });

  it('answers every permission of the catalogue to the administrator', async () => {
    const res = await s.call('POST', '/Auth/Login', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.permissions).toContainEqual({ accessRight: 'CAN_VIEW', moduleName: 'Admin Dashboard' });
    expect(res.body.data.permissions).toContainEqual({ accessRight: 'CAN_VIEW', moduleName: 'Appoitment' });
    expect(await probe(res.body.data.token)).toBe(200);
  });

  it('signs in by user name, ignoring case', async () => {
    const userName = `grace.${Date.now()}`;
    const user = await signUp(s, { userName });
    await verifyEmail(s, user.email);
    const res = await s.call('POST', '/Auth/Login', { body: { username: userName.toUpperCase(), password: user.password } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(user.email);
    expect(res.body.data.user.userName).toBe(userName);
  });

  it('signs in by email typed in another case', async () => {
    const user = await createUser(s);
    const res = await s.call('POST', '/Auth/Login', { body: { username: ` ${user.email.toUpperCase()} `, password: user.password } });
    expect(res.status).toBe(200);
  });

  it('answers 400 to a wrong password and to an unknown user alike', async () => {
    const user = await createUser(s);
    const wrong = await s.call('POST', '/Auth/Login', { body: { username: user.email, password: 'Not-the-pass-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ succeeded: false, message: 'Invalid username or password' });
    expect(wrong.body).not.toHaveProperty('data');
    const unknown = await s.call('POST', '/Auth/Login', { body: { username: uniqueEmail('ghost'), password: 'Whatever-1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('answers 400 with per-field errors to an empty body', async () => {
    const res = await s.call('POST', '/Auth/Login', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toEqual(['Email or user name is required']);
    expect(res.body.errors.password).toEqual(['Password is required']);
  });
});

describe('GetUserLoginMethod', () => {
  it('answers the login method, the same for a known and an unknown account', async () => {
    const user = await createUser(s);
    const known = await s.call('POST', '/Auth/GetUserLoginMethod', { body: { username: user.email } });
    const unknown = await s.call('POST', '/Auth/GetUserLoginMethod', { body: { username: uniqueEmail('ghost') } });
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ succeeded: true, data: { loginMethod: 'password' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });

  it('answers 400 without a username', async () => {
    const res = await s.call('POST', '/Auth/GetUserLoginMethod', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toEqual(['Email or user name is required']);
  });
});

describe('RequestOtp', () => {
  it('mails a verification code to an inactive profile', async () => {
    const { email } = await signUp(s);
    const res = await s.call('POST', '/Auth/RequestOtp', { body: { email, purpose: 'verify' } });
    expect(res.status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);
    const mail = (await s.lastMail(email))!;
    expect(mail.subject).toContain('Verify');
    const ok = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: mail.otp } });
    expect(ok.status).toBe(200);
  });

  it('sends no verification code to a profile already active', async () => {
    const user = await createUser(s);
    const before = (await mailsTo(user.email)).length;
    const res = await s.call('POST', '/Auth/RequestOtp', { body: { email: user.email, purpose: 'verify' } });
    expect(res.status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(before);
  });

  it('mails a reset code that completes a password reset', async () => {
    const user = await createUser(s);
    const res = await s.call('POST', '/Auth/RequestOtp', { body: { email: user.email, purpose: 'reset' } });
    expect(res.status).toBe(200);
    const mail = (await s.lastMail(user.email))!;
    expect(mail.subject).toContain('Reset');
    const done = await s.call('POST', '/Auth/ChangePasswordComplete', {
      body: { email: user.email, otp: mail.otp, newPassword: 'Reset-pass-2' },
    });
    expect(done.status).toBe(200);
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: 'Reset-pass-2' } })).status).toBe(200);
  });

  it('refuses an unknown purpose', async () => {
    const res = await s.call('POST', '/Auth/RequestOtp', { body: { email: uniqueEmail(), purpose: 'login' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('purpose');
  });

  it('a verification code cannot reset a password', async () => {
    const { email } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    const res = await s.call('POST', '/Auth/ChangePasswordComplete', { body: { email, otp, newPassword: 'Other-pass-3' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired OTP');
  });
});

describe('ChangePasswordInitiate and ChangePasswordComplete', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const user = await createUser(s);
    const ghost = uniqueEmail('ghost');
    const before = (await mailsTo(user.email)).length;
    const known = await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } });
    const unknown = await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: ghost } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(user.email)).toHaveLength(before + 1);
    expect((await s.lastMail(user.email))!.otp).toMatch(/^\d{6}$/);
    expect(await mailsTo(ghost)).toHaveLength(0);
  });

  it('changes the password; the old password and the old tokens stop working', async () => {
    const user = await createUser(s);
    const secondToken = await s.login(user.email, user.password);
    await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } });
    const { otp } = (await s.lastMail(user.email))!;
    const res = await s.call('POST', '/Auth/ChangePasswordComplete', { body: { email: user.email, otp, newPassword: 'Brand-new-9' } });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toBe(true);
    const old = await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } });
    expect(old.status).toBe(400);
    expect(await probe(user.token)).toBe(401);
    expect(await probe(secondToken)).toBe(401);
    const fresh = await s.login(user.email, 'Brand-new-9');
    expect(await probe(fresh)).toBe(403);
    // the code is spent
    const again = await s.call('POST', '/Auth/ChangePasswordComplete', { body: { email: user.email, otp, newPassword: 'Another-9' } });
    expect(again.status).toBe(400);
  });

  it('refuses a wrong code and keeps the password', async () => {
    const user = await createUser(s);
    await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } });
    const { otp } = (await s.lastMail(user.email))!;
    const wrong = otp === '111111' ? '111112' : '111111';
    const res = await s.call('POST', '/Auth/ChangePasswordComplete', {
      body: { email: user.email, otp: wrong, newPassword: 'Brand-new-9' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired OTP');
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } })).status).toBe(200);
    expect(await probe(user.token)).toBe(403);
  });

  it('answers an unknown email as it answers a wrong code', async () => {
    const res = await s.call('POST', '/Auth/ChangePasswordComplete', {
      body: { email: uniqueEmail('ghost'), otp: '123456', newPassword: 'Brand-new-9' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ succeeded: false, message: 'Invalid or expired OTP', requestId: expect.any(String) });
  });

  it('refuses a weak new password with a per-field error', async () => {
    const user = await createUser(s);
    await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } });
    const { otp } = (await s.lastMail(user.email))!;
    const res = await s.call('POST', '/Auth/ChangePasswordComplete', { body: { email: user.email, otp, newPassword: 'weak' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.newPassword).toContain(PASSWORD_RULE);
  });
});

describe('ChangePasswordCompleteInside', () => {
  it('needs a token', async () => {
    const res = await s.call('POST', '/Auth/ChangePasswordCompleteInside', {
      body: { currentPassword: USER_PASSWORD, newPassword: 'Inside-pass-2' },
    });
    expect(res.status).toBe(401);
    expect(res.body.succeeded).toBe(false);
  });

  it('needs the current password', async () => {
    const user = await createUser(s);
    const res = await s.call('POST', '/Auth/ChangePasswordCompleteInside', {
      token: user.token,
      body: { currentPassword: 'Wrong-pass-1', newPassword: 'Inside-pass-2' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.currentPassword).toEqual(['The current password is not correct']);
    expect(await probe(user.token)).toBe(403);
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } })).status).toBe(200);
  });

  it('changes the password, revokes other tokens and returns a working fresh token', async () => {
    const user = await createUser(s);
    const other = await s.login(user.email, user.password);
    const res = await s.call('POST', '/Auth/ChangePasswordCompleteInside', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'Inside-pass-2' },
    });
    expect(res.status).toBe(200);
    const fresh = res.body.data.token;
    expect(typeof fresh).toBe('string');
    expect(await probe(fresh)).toBe(403);
    expect(await probe(user.token)).toBe(401);
    expect(await probe(other)).toBe(401);
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } })).status).toBe(400);
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: 'Inside-pass-2' } })).status).toBe(200);
  });

  it('refuses a weak new password', async () => {
    const user = await createUser(s);
    const res = await s.call('POST', '/Auth/ChangePasswordCompleteInside', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'abc' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.newPassword).toContain(PASSWORD_RULE);
  });
});

describe('Logout and revocation', () => {
  it('revokes the token: the next call answers 401', async () => {
    const user = await createUser(s);
    expect(await probe(user.token)).toBe(403);
    const res = await s.call('POST', '/Auth/Logout', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.succeeded).toBe(true);
    expect(await probe(user.token)).toBe(401);
    const again = await s.call('POST', '/Auth/Logout', { token: user.token });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ succeeded: false, message: TOKEN_PROBLEM.revoked });
    // signing in again works
    expect(await probe(await s.login(user.email, user.password))).toBe(403);
  });

  it('a disabled user gets 401 on an old token and cannot log in', async () => {
    const user = await createUser(s);
    await s.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await probe(user.token)).toBe(401);
    const login = await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } });
    expect(login.status).toBe(403);
    expect(login.body.succeeded).toBe(false);
    expect(login.body).not.toHaveProperty('data');
  });
});

describe('tokens', () => {
  let admin: { id: string; ver: number };

  beforeAll(async () => {
    const row = await userRow(ADMIN_EMAIL);
    admin = { id: row.id, ver: row.tokenVersion };
  });

  function claims() {
    return { email: ADMIN_EMAIL, ver: admin.ver, perms: ['CAN_VIEW_ADMIN_DASHBOARD'] };
  }

  function jwt(opts: { alg?: string; key?: Uint8Array; aud?: string; iss?: string; exp?: number | string } = {}) {
    return new SignJWT(claims())
      .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
      .setSubject(admin.id)
      .setIssuer(opts.iss ?? 'flock')
      .setAudience(opts.aud ?? 'flock-web')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '1h')
      .sign(opts.key ?? secret);
  }

  function b64(value: unknown) {
    return Buffer.from(JSON.stringify(value)).toString('base64url');
  }

  it('accepts a well-formed token signed with the server secret (control)', async () => {
    expect(await probe(await jwt())).toBe(200);
  });

  it('refuses another algorithm', async () => {
    expect(await probe(await jwt({ alg: 'HS512' }))).toBe(401);
    expect(await probe(await jwt({ alg: 'HS384' }))).toBe(401);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...claims(), sub: admin.id, iss: 'flock', aud: 'flock-web', iat: now, exp: now + 3600 };
    expect(await probe(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)).toBe(401);
  });

  it('refuses another secret', async () => {
    expect(await probe(await jwt({ key: new TextEncoder().encode('another-secret-of-sufficient-length-123') }))).toBe(401);
  });

  it('says what is wrong with a refused token: missing, malformed, invalid or expired', async () => {
    const message = async (authorization?: string) =>
      (await s.call('GET', '/Stats/GetAdminDashboardStats', { headers: authorization ? { authorization } : {} })).body.message;
    const token = await jwt();
    expect(await message()).toBe(TOKEN_PROBLEM.missing);
    expect(await message(`Basic ${token}`)).toBe(TOKEN_PROBLEM.malformed);
    expect(await message('Bearer not-a-token')).toBe(TOKEN_PROBLEM.invalid);
    expect(await message(`Bearer ${await jwt({ key: new TextEncoder().encode('another-secret-of-sufficient-length-123') })}`)).toBe(
      TOKEN_PROBLEM.invalid,
    );
    expect(await message(`Bearer ${await jwt({ exp: Math.floor(Date.now() / 1000) - 60 })}`)).toBe(TOKEN_PROBLEM.expired);
  });

  it('refuses another audience or issuer', async () => {
    expect(await probe(await jwt({ aud: 'someone-else' }))).toBe(401);
    expect(await probe(await jwt({ iss: 'someone-else' }))).toBe(401);
  });

  it('refuses a tampered token', async () => {
    const token = await jwt();
    const [header, payload, signature] = token.split('.');
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    body.perms = [...body.perms, 'CAN_VIEW_ROLES'];
    expect(await probe(`${header}.${b64(body)}.${signature}`)).toBe(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await probe(`${header}.${payload}.${flipped}`)).toBe(401);
    expect(await probe('not-a-token')).toBe(401);
    const res = await s.call('GET', STATS, { headers: { authorization: `Basic ${token}` } });
    expect(res.status).toBe(401);
  });

  it('refuses an expired token, saying so', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const res = await s.call('GET', STATS, { token: await jwt({ exp: past }) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ succeeded: false, message: 'Token expired' });
  });

  it('a token expires after the configured lifetime', async () => {
    // The lifetime is read from the token the server signs (no waiting for a clock to pass it):
    // the test above shows that a token past its expiry is refused.
    const short = await startSibling(s, { jwtSecret: JWT_SECRET, tokenTtlSeconds: 90 });
    try {
      const token = await short.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(exp - iat).toBe(90);
      expect((await short.call('GET', STATS, { token })).status).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 with the envelope on the 4th login within a minute when the limit is 3', async () => {
    const limited = await startSibling(s, { jwtSecret: JWT_SECRET, authRateLimit: 3 });
    try {
      const body = { username: ADMIN_EMAIL, password: 'Wrong-pass-1' };
      for (let i = 0; i < 3; i++) expect((await limited.call('POST', '/Auth/Login', { body })).status).toBe(400);
      const res = await limited.call('POST', '/Auth/Login', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ succeeded: false, message: 'Too many requests, please try again later', requestId: expect.any(String) });
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('limits the OTP and reset calls too', async () => {
    const limited = await startSibling(s, { jwtSecret: JWT_SECRET, authRateLimit: 3 });
    try {
      for (const path of [
        '/Auth/RequestOtp',
        '/Auth/ChangePasswordInitiate',
        '/Auth/ValidateEmailComplete',
        '/Auth/ChangePasswordComplete',
      ]) {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await limited.call('POST', path, { body: {} })).status);
        expect(statuses, path).toEqual([400, 400, 400, 429]);
      }
    } finally {
      await limited.close();
    }
  });
});
