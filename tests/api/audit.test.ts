import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '@/server/db/schema/index.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser, signUp, signUpBody } from '@/tests/support/users.js';

let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

async function auditOf(entityId: string, action?: string) {
  return s.database.db
    .select()
    .from(auditLogs)
    .where(action ? and(eq(auditLogs.entityId, entityId), eq(auditLogs.action, action)) : eq(auditLogs.entityId, entityId))
    .orderBy(asc(auditLogs.createdAt));
}

async function auditCount() {
  const [{ n }] = await s.database.db.select({ n: count() }).from(auditLogs);
  return n;
}

/** No password, hash or one-time password anywhere in the row. */
function expectNoSecrets(row: unknown, secrets: string[]) {
  const text = JSON.stringify(row);
  expect(text).not.toContain('scrypt$');
  for (const secret of secrets) expect(text).not.toContain(JSON.stringify(secret));
}

describe('audit rows of mutations', () => {
  it('sign-up writes one row: actor, action, entity, id, ip, time, and the new user with secrets redacted', async () => {
    const started = Date.now();
    const { id, email, password } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    const rows = await auditOf(id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ actorId: id, action: 'create', entity: 'user', entityId: id, ip: '127.0.0.1', before: null });
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(started - 5_000);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    const after = row.after as Record<string, unknown>;
    expect(after).toMatchObject({ id, email, firstName: 'Ada', surName: 'Obi', isFirstTimer: true, emailVerified: false });
    expect(after.passwordHash).toBe('[redacted]');
    expectNoSecrets(row, [password, otp!]);
  });

  it('email validation records the profile before and after', async () => {
    const { id, email } = await signUp(s);
    const { otp } = (await s.lastMail(email))!;
    expect((await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp } })).status).toBe(200);
    const [row] = await auditOf(id, 'validate-email');
    expect(row).toMatchObject({ actorId: id, entity: 'user', ip: '127.0.0.1' });
    expect((row.before as any).emailVerified).toBe(false);
    expect((row.after as any).emailVerified).toBe(true);
    expectNoSecrets(row, [otp!]);
  });

  it('a password change records actor and before/after without the password or its hash', async () => {
    const user = await createUser(s);
    const newPassword = 'Audit-new-pass-5';
    const res = await s.call('POST', '/Auth/ChangePasswordCompleteInside', {
      token: user.token,
      body: { currentPassword: user.password, newPassword },
    });
    expect(res.status).toBe(200);
    const rows = await auditOf(user.id, 'change-password');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ actorId: user.id, entity: 'user', entityId: user.id, ip: '127.0.0.1' });
    expect((row.before as any).passwordHash).toBe('[redacted]');
    expect((row.after as any).passwordHash).toBe('[redacted]');
    expect((row.after as any).email).toBe(user.email);
    expectNoSecrets(row, [user.password, newPassword, res.body.data.token]);
  });

  it('a password reset records the actor and no OTP', async () => {
    const user = await createUser(s);
    await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } });
    const { otp } = (await s.lastMail(user.email))!;
    const newPassword = 'Audit-reset-pass-6';
    expect((await s.call('POST', '/Auth/ChangePasswordComplete', { body: { email: user.email, otp, newPassword } })).status).toBe(200);
    const [row] = await auditOf(user.id, 'reset-password');
    expect(row).toMatchObject({ actorId: user.id, entity: 'user', entityId: user.id, ip: '127.0.0.1' });
    expectNoSecrets(row, [otp!, newPassword, user.password]);
  });

  it('issuing a code is recorded with its purpose and without the code', async () => {
    const user = await createUser(s);
    expect((await s.call('POST', '/Auth/ChangePasswordInitiate', { body: { email: user.email } })).status).toBe(200);
    const { otp } = (await s.lastMail(user.email))!;
    const rows = await auditOf(user.id, 'issue-otp');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: user.id, entity: 'user', ip: '127.0.0.1', after: { purpose: 'reset' } });
    expectNoSecrets(rows[0], [otp!]);
  });

  it('logout is recorded with the signed-in caller as actor', async () => {
    const user = await createUser(s);
    expect((await s.call('POST', '/Auth/Logout', { token: user.token })).status).toBe(200);
    const rows = await auditOf(user.id, 'logout');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: user.id, entity: 'user', ip: '127.0.0.1' });
  });

  it('a refused mutation leaves no audit row (the row is in the same transaction)', async () => {
    const token = await s.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const body = { name: `Audited once ${Date.now()}` };
    expect((await s.call('POST', '/Ministry/Create', { token, body })).status).toBe(200);
    const before = await auditCount();
    const dup = await s.call('POST', '/Ministry/Create', { token, body });
    expect(dup.status).toBe(409);
    expect(await auditCount()).toBe(before);
  });

  it('a mutation that fails in the database leaves no audit row', async () => {
    await s.database.db.execute(sql`ALTER TABLE biodata ADD CONSTRAINT test_audit_boom CHECK (first_name <> 'Boom')`);
    try {
      const before = await auditCount();
      const email = signUpBody().email;
      const res = await s.call('POST', '/UserManagement/SignUpUser', { body: signUpBody({ email, firstName: 'Boom' }) });
      expect(res.status).toBe(500);
      expect(await auditCount()).toBe(before);
      // the user insert was rolled back with it
      expect((await s.call('POST', '/Auth/GetUserLoginMethod', { body: { username: email } })).status).toBe(200);
      const again = await s.call('POST', '/UserManagement/SignUpUser', { body: signUpBody({ email }) });
      expect(again.status).toBe(200);
    } finally {
      await s.database.db.execute(sql`ALTER TABLE biodata DROP CONSTRAINT test_audit_boom`);
    }
  });
});

describe('the audit table is append-only', () => {
  it('refuses UPDATE', async () => {
    const { id } = await signUp(s);
    await expect(s.database.db.execute(sql`UPDATE audit_logs SET action = 'tampered' WHERE entity_id = ${id}`)).rejects.toThrow();
    await expect(s.database.db.update(auditLogs).set({ actorId: null })).rejects.toThrow();
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create']);
  });

  it('refuses DELETE and TRUNCATE', async () => {
    const before = await auditCount();
    expect(before).toBeGreaterThan(0);
    await expect(s.database.db.execute(sql`DELETE FROM audit_logs`)).rejects.toThrow();
    await expect(s.database.db.delete(auditLogs)).rejects.toThrow();
    await expect(s.database.db.execute(sql`TRUNCATE audit_logs`)).rejects.toThrow();
    expect(await auditCount()).toBe(before);
  });

  it('still accepts new rows', async () => {
    const before = await auditCount();
    await s.database.db.insert(auditLogs).values({ action: 'test', entity: 'test', ip: '127.0.0.1' });
    expect(await auditCount()).toBe(before + 1);
  });
});
