import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '@/server/config.js';
import { openDatabase, type Database } from '@/server/db/client.js';
import { claimPeriod } from '@/server/db/jobRuns.js';
import { rowsOf } from '@/server/db/queries.js';
import { notifications, outbox, roles, users } from '@/server/db/schema/index.js';
import { seedDatabase } from '@/server/seed/index.js';
import { scratchDatabase } from '@/tests/support/faults.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startOn, TEST_PASSWORD_COST, type TestServer } from '@/tests/support/server.js';
import { startSmtpReceiver } from '@/tests/support/smtp.js';
import { createUser } from '@/tests/support/users.js';

/*
 * Several Flock servers behind a load balancer over one PostgreSQL database (0217): each server
 * here has its own pool, as separate processes would. Only PostgreSQL takes several servers: the
 * embedded database is one process by design, so this file runs when TEST_DATABASE_URL is set.
 */

const PG = process.env.TEST_DATABASE_URL;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const MIGRATIONS = JSON.parse(fs.readFileSync('server/db/migrations/meta/_journal.json', 'utf8')).entries.length as number;

describe.skipIf(!PG)('two servers on one PostgreSQL database (needs TEST_DATABASE_URL: the embedded database is one process)', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const servers: TestServer[] = [];
  let a: TestServer;
  let b: TestServer;
  /** A third server without SMTP: its codes stay in the outbox table, where createUser reads them. */
  let signUps: TestServer;
  let admin: string;
  const open = () => openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  /** A server on the shared database; trustProxy: each call names its address (X-Forwarded-For), as behind the balancer. */
  async function server(database: Database, overrides: Partial<AppConfig> = {}) {
    const started = await startOn(database, { trustProxy: true, ...overrides });
    servers.push(started);
    return started;
  }

  beforeAll(async () => {
    scratch = await scratchDatabase(PG!);
    smtp = await startSmtpReceiver();
    // Both open the fresh, empty database at the same moment, as two servers started together.
    const [first, second] = await Promise.all([open(), open()]);
    // And both seed it, as each server does at its start.
    const seeding = {
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      seedDemo: false,
      demoPassword: 'Demo-pass-1',
      embedded: false,
      passwordCost: TEST_PASSWORD_COST,
    };
    await Promise.all([seedDatabase(first.db, seeding), seedDatabase(second.db, seeding)]);
    const mailing = { smtpUrl: smtp.url, outbox: { idleMs: 20 } };
    [a, b] = await Promise.all([server(first, mailing), server(second, mailing)]);
    signUps = await server(await open());
    admin = await a.login(ADMIN_EMAIL);
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    await smtp?.close();
    await scratch?.drop();
  });

  it('started together on an empty database, they migrated and seeded it once', async () => {
    const applied = rowsOf<{ hash: string; n: number }>(
      await a.database.db.execute(sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`),
    );
    expect(applied).toHaveLength(MIGRATIONS);
    expect(applied.filter((row) => row.n !== 1)).toEqual([]);
    expect(await a.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL))).toHaveLength(1);
  });

  it("failures through one server slow the same address on the other, and not the owner's", async () => {
    const target = await createUser(signUps);
    const from = (server: TestServer, address: string, password: string) =>
      server.call('POST', '/Auth/Login', { body: { username: target.email, password }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 5; i++) expect((await from(i % 2 ? b : a, '203.0.113.50', `Guess-${i}-pass`)).status).toBe(400);
    const slowed = await from(b, '203.0.113.50', target.password);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await from(a, '203.0.113.50', target.password)).status).toBe(429);
    expect((await from(b, '198.51.100.50', target.password)).status).toBe(200);
  });

  it("the rate limiter counts an address's calls to both", async () => {
    const [c, d] = await Promise.all([open(), open()]);
    const limited = await Promise.all([server(c, { authRateLimit: 3 }), server(d, { authRateLimit: 3 })]);
    const ask = (i: number) =>
      limited[i % 2].call('POST', '/Auth/GetUserLoginMethod', {
        body: { username: ADMIN_EMAIL },
        headers: { 'x-forwarded-for': '203.0.113.60' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(i)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('a message sent through one is delivered and mailed once, and its file read through the other', async () => {
    const person = await createUser(signUps);
    const form = new FormData();
    form.set('Title', 'Two servers, one mail');
    form.set('Body', 'Rehearsal is on Friday.');
    form.set('Audience', 'people');
    form.append('UserIds', person.id);
    form.append('attachments', new Blob([new Uint8Array(PDF)]), 'rota.pdf');
    const sent = await fetch(`${a.url}/api/Notification/sendnotifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(sent.status).toBe(200);
    const messageId = (await sent.json()).data.id as string;
    // Both servers' outbox workers look for it every 20 ms: one takes it.
    expect((await smtp.waitFor(person.email)).raw).toContain('Two servers, one mail');
    const [row] = await a.database.db.select().from(outbox).where(eq(outbox.messageId, messageId));
    await vi.waitFor(async () => expect((await a.database.db.select().from(outbox).where(eq(outbox.id, row.id)))[0].sentAt).not.toBeNull());
    expect(smtp.mails.filter((mail) => mail.to.includes(person.email.toLowerCase()))).toHaveLength(1);
    expect(await a.database.db.select().from(notifications).where(eq(notifications.messageId, messageId))).toHaveLength(1);

    const own = (await b.call('GET', '/Notification/GetAllNotifications', { token: person.token })).body.data[0];
    const detail = (await b.call('GET', `/Notification/GetNotification?id=${own.id}`, { token: person.token })).body.data;
    const file = await fetch(`${b.url}/api/Notification/GetAttachment?id=${detail.attachments[0].id}`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('a scheduled message whose time came is released by one of them', async () => {
    const person = await createUser(signUps);
    const form = new FormData();
    form.set('Title', 'Released once');
    form.set('Body', 'Choir at six.');
    form.set('Audience', 'people');
    form.append('UserIds', person.id);
    form.set('ScheduledFor', new Date(Date.now() + 3_600_000).toISOString());
    const sent = await fetch(`${b.url}/api/Notification/sendnotifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const messageId = (await sent.json()).data.id as string;
    // Its time comes: both servers' rounds find it due at once.
    await a.database.db.execute(sql`update messages set scheduled_for = now() - interval '1 second' where id = ${messageId}`);
    await smtp.waitFor(person.email);
    expect(await a.database.db.select().from(notifications).where(eq(notifications.messageId, messageId))).toHaveLength(1);
    expect(await a.database.db.select().from(outbox).where(eq(outbox.messageId, messageId))).toHaveLength(1);
  });

  it('a rights change made through one holds on the other at the next call', async () => {
    const person = await createUser(signUps);
    const roleId = async (name: string) => (await a.database.db.select().from(roles).where(eq(roles.name, name)))[0].id;
    const changeRole = (name: string) =>
      roleId(name).then((id) => a.call('PUT', `/Admin/ChangeUserRole?UserId=${person.id}&RoleId=${id}`, { token: admin }));
    const onB = () => b.call('GET', '/Admin/GetAllUsers', { token: person.token });
    expect((await onB()).status).toBe(403);
    expect((await changeRole('administrator')).status).toBe(200);
    expect((await onB()).status).toBe(200);
    expect((await changeRole('member')).status).toBe(200);
    expect((await onB()).status).toBe(403);
  });

  it('a scheduled job claims each period once, whichever server ticks', async () => {
    const both = (period: number) => Promise.all([a, b].map((s) => claimPeriod(s.database.db, 'two-servers-test', period)));
    expect((await both(1)).sort()).toEqual([false, true]);
    expect((await both(2)).sort()).toEqual([false, true]);
    expect(await both(1)).toEqual([false, false]);
  });
});
