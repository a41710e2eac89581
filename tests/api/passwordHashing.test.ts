/**
 * Password hashes are argon2id, scrypt ones from before are rehashed at the next sign-in, and
 * every call that hashes or verifies a password passes the one bounded gate (0197).
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema/index.js';
import { PRIORITY } from '@/server/modules/auth/hashGate.js';
import { scryptHash } from '@/server/modules/auth/passwords.js';
import { startServer, startSibling, type TestServer } from '@/tests/support/server.js';
import { createUser, signUpBody } from '@/tests/support/users.js';

const s = await startServer();
afterAll(async () => {
  await s.close();
});

const hashOf = async (id: string) => (await s.database.db.select().from(users).where(eq(users.id, id)))[0].passwordHash!;

/** Takes the gate's places with work the test ends by hand. */
function occupy(server: TestServer, address: string, places: number) {
  const releases: Array<() => void> = [];
  const runs = Array.from({ length: places }, () =>
    server.app.services.hashGate.run(address, PRIORITY.known, () => new Promise<void>((resolve) => releases.push(resolve))),
  );
  return async () => {
    releases.forEach((release) => release());
    await Promise.all(runs);
  };
}

describe('password hashes', () => {
  it('are argon2id for a new account', async () => {
    const user = await createUser(s);
    expect(await hashOf(user.id)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('an scrypt hash from before still signs in, and is argon2id from then on, its tokens still valid', async () => {
    const user = await createUser(s);
    await s.database.db
      .update(users)
      .set({ passwordHash: await scryptHash(user.password, 10) })
      .where(eq(users.id, user.id));
    const first = await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } });
    expect(first.status).toBe(200);
    expect(await hashOf(user.id)).toMatch(/^\$argon2id\$/);
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } })).status).toBe(200);
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: 'Wrong-pass-1' } })).status).toBe(400);
    expect((await s.call('GET', '/Notification/GetUnreadCount', { token: first.body.data.token })).status).not.toBe(401);
  });
});

describe('the hash gate', () => {
  it('answers 503 with Retry-After and a clear message on every hashing call while it is full, and serves them after', async () => {
    const busy = await startSibling(s, { hashGate: { concurrency: 1, queue: 0, perAddress: 2, addressLine: 10 } });
    try {
      const user = await createUser(s);
      await busy.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } });
      const otp = (await s.lastMail(user.email))!.otp!;
      const calls = {
        signUp: () => busy.call('POST', '/UserManagement/SignUpUser', { body: signUpBody() }),
        login: () => busy.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } }),
        change: () =>
          busy.call('POST', '/Auth/ChangePasswordCompleteInside', {
            token: user.token,
            body: { currentPassword: user.password, newPassword: 'Changed-pass-71' },
          }),
        reset: () => busy.call('POST', '/Auth/ChangePasswordComplete', { body: { email: user.email, otp, newPassword: 'Reset-pass-72' } }),
      };
      const release = occupy(busy, '192.0.2.1', 1);
      for (const [name, call] of Object.entries(calls)) {
        const res = await call();
        expect([name, res.status, res.body.message]).toEqual([
          name,
          503,
          'The server is busy checking other passwords. Please try again in a few seconds.',
        ]);
        expect(res.headers.get('retry-after')).toBe('2');
      }
      await release();
      expect((await calls.reset()).status).toBe(200);
      expect((await busy.call('POST', '/Auth/Login', { body: { username: user.email, password: 'Reset-pass-72' } })).status).toBe(200);
      expect((await calls.signUp()).status).toBe(200);
      expect(busy.app.services.hashGate.state()).toEqual({ running: 0, queued: 0, lined: 0 });
    } finally {
      await busy.close();
    }
  });

  it("answers 429 with Retry-After past one address's share, while another address gets in", async () => {
    const busy = await startSibling(s, { trustProxy: true, hashGate: { concurrency: 2, queue: 2, perAddress: 1, addressLine: 0 } });
    try {
      const user = await createUser(s);
      const release = occupy(busy, '203.0.113.9', 1);
      const login = (address: string) =>
        busy.call('POST', '/Auth/Login', {
          body: { username: user.email, password: user.password },
          headers: { 'x-forwarded-for': address },
        });
      const refused = await login('203.0.113.9');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many password checks from your address at once. Please try again in a few seconds.');
      expect(refused.headers.get('retry-after')).toBe('2');
      expect((await login('198.51.100.9')).status).toBe(200);
      await release();
      expect((await login('203.0.113.9')).status).toBe(200);
    } finally {
      await busy.close();
    }
  });
});
