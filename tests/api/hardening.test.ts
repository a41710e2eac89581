/**
 * Input and transport hardening: a client without a token cannot make the server parse anything,
 * no JSON nests deep, bad input (NUL characters, dates out of range, odd tokens) is a 400 or 401
 * and never a 500, bulk and list sizes are capped, and every API answer forbids caching.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, startSibling } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

const JWT_SECRET = 'hardening-test-secret-of-enough-length';
const s = await startServer({ jwtSecret: JWT_SECRET });
afterAll(async () => {
  await s.close();
});

const adminToken = await s.login(ADMIN_EMAIL);
const member = await createUser(s, { role: 'member' });
const memberToken = await s.login(member.email, member.password);
const doc = (await s.call('GET', '/docs/json')).body;
const operations = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => ({ method: method.toUpperCase(), path: path.replace(/^\/api/, '') })),
);

const DEEP = '['.repeat(100_000) + ']'.repeat(100_000);

/** Sends a raw body with a content type. */
async function send(method: string, path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}/api${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body });
  await res.text();
  return { status: res.status };
}

describe('a deeply nested body without a token', () => {
  // Its cost is a benchmark's concern, not a test's: a timed bar failed on a busy machine.
  it('is refused by every route with a 4xx, never a 5xx', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      if (op.method === 'GET' || op.method === 'DELETE') continue; // no body
      const res = await send(op.method, op.path, DEEP);
      if (res.status < 400 || res.status >= 500) wrong.push(`${op.method} ${op.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('is refused before its body is read when the route needs a token', async () => {
    const res = await send('PUT', '/Biodata/UpdateBiodata', DEEP);
    expect(res.status).toBe(401);
  });

  it('is a 400 naming the depth on a public route', async () => {
    const res = await fetch(`${s.url}/api/Auth/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: DEEP });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/nests deeper than 16 levels/);
  });

  it('is refused for a signed-in caller too', async () => {
    const res = await send('PUT', '/Biodata/UpdateBiodata', DEEP, { authorization: `Bearer ${memberToken}` });
    expect(res.status).toBe(400);
  });
});

describe('body size', () => {
  it('refuses a JSON body over 256 KB with 413', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(300 * 1024), password: 'y' });
    expect((await send('POST', '/Auth/Login', big)).status).toBe(413);
  });

  it('lets a bulk conversion carry its many ids, and caps their count with a clear 400', async () => {
    const ids = Array.from({ length: 25_001 }, () => randomUUID());
    const res = await s.call('PUT', '/Admin/BulkConvertFirstTimersToMembers', { token: adminToken, body: ids });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('At most 25000 first-timers at once');
  });
});

describe('NUL characters', () => {
  it('in Search are a 400 naming the field', async () => {
    const res = await s.call('GET', '/Admin/GetAllUsers?Search=ab%00c', { token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('search');
  });

  it('in a body text field are a 400 naming the field', async () => {
    const res = await s.call('POST', '/Ministry/Create', { token: adminToken, body: { name: 'Choir\u0000' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('name');
    const login = await s.call('POST', '/Auth/Login', { body: { username: 'a\u0000@example.org', password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body.errors).toHaveProperty('username');
  });
});

describe('dates out of range', () => {
  for (const [from, to] of [
    ['0000-01-01', '2020-01-01'],
    ['2020-01-01', '9999-12-31'],
  ]) {
    it(`From=${from}&To=${to} is a 400 naming the field`, async () => {
      const res = await s.call('GET', `/ChurchAffiliation/GetUserRequestLog?From=${from}&To=${to}`, { token: memberToken });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([from === '0000-01-01' ? 'from' : 'to']);
    });
  }

  it('a date of birth in year 0 is a 400', async () => {
    const res = await s.call('PUT', '/Biodata/UpdateBiodata', {
      token: memberToken,
      body: { userId: member.id, firstName: 'Ada', surName: 'Obi', dateOfBirth: '0000-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('dateOfBirth');
  });
});

describe('tokens', () => {
  const secret = new TextEncoder().encode(JWT_SECRET);
  const signed = (claims: { sub?: string; exp?: boolean }) => {
    let jwt = new SignJWT({ email: member.email, ver: 0, perms: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('flock')
      .setAudience('flock-web')
      .setIssuedAt();
    if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub);
    if (claims.exp !== false) jwt = jwt.setExpirationTime('1h');
    return jwt.sign(secret);
  };

  it('with a subject that is not a user id is a 401', async () => {
    const res = await s.call('GET', '/Notification/GetAllNotifications', { token: await signed({ sub: 'not-a-uuid' }) });
    expect(res.status).toBe(401);
  });

  it('without an expiry is a 401', async () => {
    const res = await s.call('GET', '/Notification/GetAllNotifications', { token: await signed({ sub: member.id, exp: false }) });
    expect(res.status).toBe(401);
  });
});

describe('list sizes', () => {
  it('caps PageSize of the request lists at 1000', async () => {
    const res = await s.call('GET', '/ChurchAffiliation/GetUserRequestLog?PageSize=25000', { token: memberToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('PageSize must be at most 1000');
  });

  it('keeps 25000 rows for the lists that fill dropdowns', async () => {
    const res = await s.call('GET', '/Ministry/GetAll?PageNumber=1&PageSize=25000', { token: adminToken });
    expect(res.status).toBe(200);
  });
});

describe('caching and transport headers', () => {
  it('every API answer says no-store, errors included', async () => {
    for (const path of ['/health', '/Ministry/GetAll', '/Nowhere']) {
      const res = await s.call('GET', path, { token: adminToken });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('sends HSTS only over https (behind a trusted proxy that says so)', async () => {
    const plain = await s.call('GET', '/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const proxied = await startSibling(s, { trustProxy: true });
    try {
      const res = await proxied.call('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const untrusted = await s.call('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(untrusted.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

describe('common passwords', () => {
  const COMMON = 'This password is one of the most common ones and easy to guess; please choose another';

  it('are refused at sign-up, naming the field and saying why', async () => {
    const res = await s.call('POST', '/UserManagement/SignUpUser', {
      body: {
        firstName: 'Ada',
        surName: 'Obi',
        email: `common-${randomUUID()}@example.org`,
        mobile1: '08012345678',
        password: 'Password1',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: COMMON, errors: { password: [COMMON] } });
  });

  it('are refused when a signed-in user changes their password', async () => {
    const res = await s.call('POST', '/Auth/ChangePasswordCompleteInside', {
      token: await s.login(member.email, member.password),
      body: { currentPassword: member.password, newPassword: 'Qwerty123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ newPassword: [COMMON] });
  });
});
