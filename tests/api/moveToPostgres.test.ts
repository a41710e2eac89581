import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteQuery, pgQuery, tableFingerprints } from '@/server/backup/moveToPostgres.js';
import { openDatabase } from '@/server/db/client.js';
import { seedDatabase } from '@/server/seed/index.js';
import { TEST_PGLITE_SETTINGS } from '@/tests/support/pgliteSettings.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_PASSWORD, startOn, TEST_PASSWORD_COST } from '@/tests/support/server.js';
import { startProcess } from '@/tests/support/serverProcess.js';

/**
 * `npm run move-to-postgres` (docs/decisions/0223): a seeded demo church on an embedded database
 * on disk, moved into new PostgreSQL databases on TEST_DATABASE_URL's server (random names,
 * dropped at the end). Runs only where that server is given: the move's target is PostgreSQL.
 */
const pgUrl = process.env.TEST_DATABASE_URL;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new, empty database beside the test one; dropped at the end. */
async function emptyPostgres(): Promise<string> {
  const { Client } = (await import('pg')).default;
  const name = `flock_move_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function connect(url: string): Promise<pg.Client> {
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** The demo church in a data dir of its own, plus an upload whose bytes span every value (bytea survives the copy). */
async function seededDataDir(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-move-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, 'data');
  const template = inject('pgliteTemplate');
  const database = await openDatabase({
    dataDir,
    loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
    pgliteSettings: TEST_PGLITE_SETTINGS,
  });
  try {
    await seedDatabase(database.db, {
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      seedDemo: true,
      demoPassword: DEMO_PASSWORD,
      embedded: false,
      passwordCost: TEST_PASSWORD_COST,
    });
    const hex = Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString('hex');
    await database.db.execute(sql`insert into files (user_id, file_type, file_name, content_type, size, data)
      select id, 'Attachment', 'every byte.bin', 'application/octet-stream', 256, decode(${hex}, 'hex') from users where email = ${ADMIN_EMAIL}`);
  } finally {
    await database.close();
  }
  return dataDir;
}

/** npm run move-to-postgres as its own process; answers its exit code and output. */
async function runMove(dataDir: string, url: string) {
  const proc = startProcess({ DATA_DIR: dataDir }, [process.execPath, '--import', 'tsx', 'scripts/moveToPostgres.ts', url]);
  const code = await proc.exited;
  return { code, out: proc.stdout(), err: proc.stderr() };
}

const tableCount = async (client: pg.Client) =>
  (await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname = 'public'")).rows[0].n;

describe.runIf(pgUrl)('npm run move-to-postgres', () => {
  let dataDir: string;
  let target: string;
  let moved: { code: number | null; out: string; err: string };

  beforeAll(async () => {
    dataDir = await seededDataDir();
    target = await emptyPostgres();
    moved = await runMove(dataDir, target);
  });

  it('copies every row: each table has the same count and content hash on both sides', async () => {
    expect(moved.err).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.out).toContain(`DATABASE_URL=${target}`);
    const source = await openDatabase({ dataDir });
    try {
      const client = await connect(target);
      const [before, after] = [await tableFingerprints(pgliteQuery(source.db)), await tableFingerprints(pgQuery(client))];
      expect(after).toEqual(before);
      const rows = (name: string) => before.find((f) => f.table === name)!.rows;
      // The demo church is there, not just empty tables; and the directory came as it was, not rebuilt by triggers twice.
      expect(rows('users')).toBeGreaterThan(100);
      expect(rows('member_directory')).toBeGreaterThan(100);
      expect(rows('audit_logs')).toBeGreaterThan(0);
      const upload = await client.query<{ data: Buffer }>("select data from files where file_name = 'every byte.bin'");
      expect([...upload.rows[0].data]).toEqual(Array.from({ length: 256 }, (_, i) => i));
      // The check bites: one changed value in the target gives that table another hash.
      await client.query("update zones set zone_name = zone_name || '.' where id = (select id from zones limit 1)");
      const changed = (await tableFingerprints(pgQuery(client))).filter((f, i) => f.hash !== before[i].hash).map((f) => f.table);
      // (A zone's name is on the member list, so its write also moves the list's version, docs/decisions/0241,
      // and remakes its people's kept lines, docs/decisions/0250.)
      expect(changed).toEqual(['list_answer_generations', 'member_summaries', 'zones']);
      await client.query("update zones set zone_name = left(zone_name, -1) where zone_name like '%.'");
    } finally {
      await source.close();
    }
  });

  it('runs Flock on the moved database: sign-ins with the same passwords, reads and new rows', async () => {
    const database = await openDatabase({ databaseUrl: target, dataDir: '' });
    const server = await startOn(database, { adminPassword: 'not-used-the-account-exists' });
    try {
      const admin = await server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const member = await server.login('member@example.org', DEMO_PASSWORD);
      expect((await server.call('GET', '/Stats/GetAdminDashboardStats', { token: admin })).status).toBe(200);
      expect((await server.call('GET', '/ChurchAffiliation/GetMemberQuery?PageSize=25', { token: admin })).body.totalCount).toBeGreaterThan(
        100,
      );
      expect((await server.call('GET', '/Notification/GetUnreadCount', { token: member })).status).toBe(200);
      const created = await server.call('POST', '/CIHZone/Create', { token: admin, body: { zoneName: 'Made after the move' } });
      expect(created.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const client = await connect(target);
    const users = async () => (await client.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n;
    const before = await users();
    const again = await runMove(dataDir, target);
    expect(again.code).toBe(3);
    expect(again.err).toMatch(/target database is not empty/);
    expect(await users()).toBe(before);
  });

  it('refuses while a Flock server holds the data directory, and leaves the target empty', async () => {
    const empty = await emptyPostgres();
    const running = await openDatabase({ dataDir });
    try {
      const refused = await runMove(dataDir, empty);
      expect(refused.code).toBe(3);
      expect(refused.err).toMatch(/A Flock server is using .*Stop it first/);
    } finally {
      await running.close();
    }
    expect(await tableCount(await connect(empty))).toBe(0);
  });
});
