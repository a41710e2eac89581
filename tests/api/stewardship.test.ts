import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '@/server/app.js';
import { pruneBackups, restoreBackup } from '@/server/backup/files.js';
import { scheduledBackup } from '@/server/backup/schedule.js';
import { backupSocketOf } from '@/server/backup/socket.js';
import { readConfig } from '@/server/config.js';
import { openDatabase, type Database } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { auditLogs, biodata, children, files, notifications, spouses, users } from '@/server/db/schema/index.js';
import { seedDatabase } from '@/server/seed/index.js';
import { TEST_PGLITE_SETTINGS } from '@/tests/support/pgliteSettings.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, TEST_PASSWORD_COST } from '@/tests/support/server.js';
import { startProcess } from '@/tests/support/serverProcess.js';
import { createUser } from '@/tests/support/users.js';
import { userWith } from '@/tests/support/roles.js';
import { CONSENT_WORDING } from '@/domain/profile/consent.js';
import { P } from '@/domain/roles/permissions.js';

/** Backups and restores, consent, a person's own export and erasure. */

const tempDirs: string[] = [];
function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const pgUrl = process.env.TEST_DATABASE_URL;
/** The server of the export, erasure and consent tests. */
const s = await startServer();
cleanups.push(() => s.close());

/** A running server whose database a backup can reach: PGlite in a folder of its own, or the test's PostgreSQL database. */
type Running = {
  app: FastifyInstance;
  url: string;
  database: Database;
  env: Record<string, string>;
  backupDir: string;
  close(): Promise<void>;
};

async function runningServer(): Promise<Running> {
  const backupDir = tempDir('flock-backups-');
  if (pgUrl) {
    const s = await startServer({ backupDir, backupKeep: 2 });
    return { app: s.app, url: s.url, database: s.database, env: { DATABASE_URL: s.database.databaseUrl! }, backupDir, close: s.close };
  }
  const dataDir = path.join(tempDir('flock-live-'), 'data');
  // Started from the run's migrated template (its initdb would take seconds), on disk as in production.
  const template = inject('pgliteTemplate');
  const database = await openDatabase({
    dataDir,
    loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
    pgliteSettings: TEST_PGLITE_SETTINGS,
  });
  await seedDatabase(database.db, {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    seedDemo: false,
    embedded: false,
    passwordCost: TEST_PASSWORD_COST,
  });
  const config = {
    ...readConfig({}),
    adminEmail: ADMIN_EMAIL,
    webRoot: undefined,
    passwordCost: TEST_PASSWORD_COST,
    logLevel: 'silent',
    dataDir,
    backupDir,
    backupKeep: 2,
  };
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    database,
    env: { DATA_DIR: dataDir },
    backupDir,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Runs one of the package's scripts (npm run backup / restore) as its own process; answers its exit code and output. */
async function runScript(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const proc = startProcess({ LOG_LEVEL: 'warn', ...env }, [process.execPath, '--import', 'tsx', `scripts/${script}.ts`, ...args]);
  const code = await proc.exited;
  return { code, out: proc.stdout(), err: proc.stderr() };
}

/** A fresh, empty PostgreSQL database beside the test one, dropped at the end. */
async function emptyPostgres(): Promise<string> {
  const pg = (await import('pg')).default;
  const name = `flock_restore_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const target = new URL(pgUrl!);
  target.pathname = `/${name}`;
  return target.toString();
}

describe('backup and restore', () => {
  it('a backup taken during writes restores every write acknowledged before it', async () => {
    const live = await runningServer();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await live.close();
    });
    const login = await fetch(`${live.url}/api/Auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // Two writers side by side, each create acknowledged (200) before it counts.
    const acked: string[] = [];
    let writing = true;
    let onFirstWrites: () => void = () => {};
    const firstWrites = new Promise<void>((resolve) => (onFirstWrites = resolve));
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        const name = `Backup ministry ${w}-${i}`;
        const res = await fetch(`${live.url}/api/Ministry/Create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name }),
        });
        if (res.status !== 200) throw new Error(`create failed: ${res.status} ${await res.text()}`);
        acked.push(name);
        if (acked.length >= 10) onFirstWrites();
      }
    };
    const writers = Promise.all([writer(1), writer(2)]);
    await firstWrites;
    const before = [...acked];
    const backup = await runScript('backup', { ...live.env, BACKUP_DIR: live.backupDir });
    const during = acked.length - before.length;
    writing = false;
    await writers;
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    const file = /Backup written: (.+)/.exec(backup.out)![1].trim();
    expect(path.dirname(file)).toBe(live.backupDir);
    expect(file).toMatch(pgUrl ? /flock-.+\.dump$/ : /flock-.+\.tar\.gz$/);
    // The writes went on while the backup was taken.
    expect(during).toBeGreaterThan(0);
    await live.close();
    closed = true;
    if (!pgUrl) expect(fs.existsSync(backupSocketOf(live.env.DATA_DIR))).toBe(false);

    const target: Record<string, string> = pgUrl
      ? { DATABASE_URL: await emptyPostgres() }
      : { DATA_DIR: path.join(tempDir('flock-restored-'), 'data') };
    const restore = await runScript('restore', target, [file]);
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);

    const restored = await openDatabase({ databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR ?? '' });
    try {
      const names = rowsOf<{ name: string }>(await restored.db.execute(sql`select name from ministries`)).map((r) => r.name);
      expect(names).toEqual(expect.arrayContaining(before));
      // Consistent: every ministry there came with its audit row (one transaction), none half-written.
      const orphans = rowsOf<{ n: number }>(
        await restored.db.execute(sql`select count(*)::int as n from ministries m
          where not exists (select 1 from audit_logs a where a.entity_id = m.id::text and a.action = 'create')`),
      );
      expect(orphans[0].n).toBe(0);
    } finally {
      await restored.close();
    }

    // Never over data: the restored target is no longer empty.
    const again = await runScript('restore', target, [file]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/not empty/);
    // Two servers, two script processes and a restore.
  }, 180_000);

  it('the schedule keeps the newest BACKUP_KEEP backups', async () => {
    const live = await runningServer();
    cleanups.push(() => live.close());
    const files = [];
    for (let i = 0; i < 3; i++) files.push(await scheduledBackup(live.app));
    const left = fs.readdirSync(live.backupDir).sort();
    expect(left).toEqual(
      files
        .slice(1)
        .map((f) => path.basename(f))
        .sort(),
    );
    // Three backups of a data dir on disk.
  }, 120_000);

  it('prunes only files named as backups, oldest first', async () => {
    const dir = tempDir('flock-prune-');
    const names = [
      'flock-2026-01-01T00-00-00-000Z.tar.gz',
      'flock-2026-01-02T00-00-00-000Z.tar.gz',
      'flock-2026-01-03T00-00-00-000Z.dump',
      'notes.txt',
    ];
    for (const n of names) fs.writeFileSync(path.join(dir, n), 'x');
    const removed = await pruneBackups(dir, 1);
    expect(removed.map((f) => path.basename(f))).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual([names[2], names[3]]);
  });

  it('refuses a restore into a data dir that holds files, and a file of the other kind', async () => {
    const dataDir = tempDir('flock-full-');
    fs.writeFileSync(path.join(dataDir, 'PG_VERSION'), '17');
    const file = path.join(tempDir('flock-b-'), 'flock-2026-01-01T00-00-00-000Z.tar.gz');
    fs.writeFileSync(file, 'x');
    await expect(restoreBackup(file, { dataDir })).rejects.toThrow(/not empty/);
    await expect(restoreBackup(file.replace('.tar.gz', '.dump'), { dataDir: tempDir('flock-e-') })).rejects.toThrow(/no backup file/);
  });
});

describe('a person downloads their own data', () => {
  it('answers JSON and HTML of everything held on the caller and nobody else, and audits the download', async () => {
    const me = await createUser(s, { overrides: { firstName: 'Quillonia', surName: 'Marchbanks' } });
    const other = await createUser(s, { overrides: { firstName: 'Ottorino', surName: 'Vellacourt' } });
    const db = s.database.db;
    await db.insert(children).values({ userId: me.id, firstName: 'Pipkin', surName: 'Marchbanks' });
    await db.insert(notifications).values({ recipientId: me.id, kind: 'message', title: 'Welcome', body: 'Welcome to the church' });
    await db
      .insert(files)
      .values({ userId: me.id, fileType: 'avatar', fileName: 'me.png', contentType: 'image/png', size: 3, data: Buffer.from([1, 2, 3]) });
    await db.insert(children).values({ userId: other.id, firstName: 'Strangeling', surName: 'Vellacourt' });
    const res = await s.call('GET', '/Stewardship/DownloadMyData', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="my-flock-data-\d{4}-\d{2}-\d{2}\.json"/);
    // The file holds the data itself, not the API's envelope.
    expect(res.body).not.toHaveProperty('succeeded');
    const data = res.body;
    expect(data.account).toMatchObject({ id: me.id, email: me.email, first_name: 'Quillonia' });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.records.children).toEqual([expect.objectContaining({ first_name: 'Pipkin' })]);
    expect(data.records.notifications).toEqual([expect.objectContaining({ title: 'Welcome' })]);
    expect(data.records.files[0].data).toBe(Buffer.from([1, 2, 3]).toString('base64'));
    expect(data.records.user_roles).toHaveLength(1);
    // The sign-up and its activation code are kept: the audit entry and the mail, the code masked.
    expect(data.auditEntries.length).toBeGreaterThan(0);
    expect(data.mails.length).toBeGreaterThan(0);
    expect(data.mails.map((m: { text: string }) => m.text).join('\n')).not.toMatch(/\b\d{6}\b/);
    // Nothing of anybody else, and no secret.
    const text = JSON.stringify(data);
    expect(text).not.toContain('Strangeling');
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(me.password);

    const html = await fetch(`${s.url}/api/Stewardship/DownloadMyData?Format=html`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await html.text();
    expect(page).toContain('Your data in Flock');
    expect(page).toContain('Pipkin');
    expect(page).not.toContain('<script');

    const audited = await s.call('GET', `/AuditTrail/GetAllAudit?SubjectId=${me.id}&Action=export`, { token: await s.login(ADMIN_EMAIL) });
    expect(audited.body.data.map((r: { entity: string }) => r.entity)).toEqual(['personalData', 'personalData']);

    expect((await s.call('GET', '/Stewardship/DownloadMyData')).status).toBe(401);
  });
});

describe('the data download page in French', () => {
  it('is written in the language of the person it is about, the data as stored', async () => {
    const reader = await createUser(s, { overrides: { language: 'fr' } });
    const res = await fetch(`${s.url}/api/Stewardship/DownloadMyData?Format=html`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    const page = await res.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('Vos données dans Flock');
    expect(page).toContain('E-mails qui vous ont été envoyés');
    expect(page).toContain(reader.email);
    expect(page).not.toContain('Your data in');
  });
});

/** Every text, JSON and text-array column of every table, by the catalogue: a table added later is swept too. */
async function sweep(needles: string[]): Promise<string[]> {
  const db = s.database.db;
  const columns = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or c.data_type = 'ARRAY')`),
  );
  const hits: string[] = [];
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
        ),
      );
      if (row.n > 0) hits.push(`${table}.${column}: ${needle}`);
    }
  }
  return hits;
}

describe('erasure', () => {
  it('names what will go, then leaves no trace of the email, phones or names in any table; the trail keeps who erased whom', async () => {
    const db = s.database.db;
    const admin = await s.login(ADMIN_EMAIL);
    const person = await createUser(s, { overrides: { firstName: 'Zephyrine', surName: 'Quackenbush', mobile1: '08077712345' } });
    const bystander = await createUser(s, { overrides: { firstName: 'Bartholo', surName: 'Plainfield' } });
    // Sign-up made the biodata; the profile adds to it.
    await db
      .update(biodata)
      .set({ mobile2: '08099954321', address: '12 Quackenbush Close', gender: 'Female' })
      .where(eq(biodata.userId, person.id));
    await db.insert(children).values({ userId: person.id, firstName: 'Tiddly', surName: 'Quackenbush' });
    await db
      .insert(spouses)
      .values({ userId: person.id, firstName: 'Horatio', surName: 'Quackenbush', mobile1: '08055500000', email: 'horatio@example.org' });
    await db
      .insert(files)
      .values({ userId: person.id, fileType: 'avatar', fileName: 'zq.png', contentType: 'image/png', size: 1, data: Buffer.from([7]) });
    await db.insert(notifications).values({ recipientId: person.id, kind: 'message', title: 'Hello Zephyrine', body: 'Hi' });
    // Others' records naming the person: a notification, and an audit row about somebody else.
    await db
      .insert(notifications)
      .values({ recipientId: bystander.id, kind: 'message', title: 'News', body: 'Zephyrine Quackenbush (08077712345) joined' });
    await db.insert(auditLogs).values({ actorId: bystander.id, action: 'update', entity: 'note', after: { note: `call ${person.email}` } });
    // A change recorded with its values (the audit row's after), through the API.
    const child = { userId: person.id, firstName: 'Wimbly', surName: 'Quackenbush' };
    expect((await s.call('POST', '/Children/Create', { token: person.token, body: child })).status).toBe(200);

    const member = await userWith(s, [P.viewMembers]);
    const [{ n: usersBefore }] = await db.select({ n: count() }).from(users);
    expect((await s.call('GET', `/Stewardship/GetErasureScope?UserId=${person.id}`, { token: member.token })).status).toBe(403);
    const scope = await s.call('GET', `/Stewardship/GetErasureScope?UserId=${person.id}`, { token: admin });
    expect(scope.status).toBe(200);
    expect(scope.body.data).toMatchObject({
      fullName: 'Zephyrine Quackenbush',
      email: person.email,
      removes: { biodata: 1, children: 2, spouse: 1, avatar: 1, notifications: 1 },
    });
    expect(scope.body.data.removes.mails).toBeGreaterThan(0);
    expect(scope.body.data.removes.auditEntries).toBeGreaterThan(0);
    expect(await sweep(['Zephyrine'])).not.toEqual([]);

    const erased = await s.call('POST', '/Stewardship/ErasePerson', { token: admin, body: { userId: person.id } });
    expect(erased.status).toBe(200);
    expect(erased.body.data.removed).toEqual(scope.body.data.removes);

    expect(await sweep([person.email, '08077712345', '08099954321', 'Zephyrine', 'Quackenbush', 'Horatio', 'Wimbly'])).toEqual([]);
    // The bystander keeps their own names; the account stays (counts), disabled, its token dead.
    expect(await sweep(['Bartholo'])).not.toEqual([]);
    const [{ n: usersAfter }] = await db.select({ n: count() }).from(users);
    expect(usersAfter).toBe(usersBefore);
    const [account] = await db.select().from(users).where(eq(users.id, person.id));
    expect(account).toMatchObject({ disabled: true, passwordHash: null, firstName: 'Erased' });
    const [bio] = await db.select().from(biodata).where(eq(biodata.userId, person.id));
    expect(bio).toMatchObject({ gender: 'Female', address: null, mobile2: null });
    expect((await s.call('GET', '/Stewardship/DownloadMyData', { token: person.token })).status).toBe(401);

    const trail = await s.call('GET', `/AuditTrail/GetAllAudit?SubjectId=${person.id}&Action=erase`, { token: admin });
    expect(trail.body.data).toHaveLength(1);
    expect(trail.body.data[0]).toMatchObject({ actorName: expect.any(String), entity: 'user' });
    const [row] = await db.select().from(auditLogs).where(eq(auditLogs.id, trail.body.data[0].id));
    expect(row.actorId).not.toBeNull();
    expect(row.after).toEqual({ removed: scope.body.data.removes });

    expect((await s.call('POST', '/Stewardship/ErasePerson', { token: admin, body: { userId: person.id } })).status).toBe(409);
  });

  it('refuses to erase oneself, and the audit log still refuses other changes', async () => {
    const [me] = await s.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const res = await s.call('POST', '/Stewardship/ErasePerson', { token: await s.login(ADMIN_EMAIL), body: { userId: me.id } });
    expect(res.status).toBe(400);
    const refused = await s.database.db.execute(sql`update audit_logs set after = null`).catch((err: Error) => err);
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(/append-only/);
  });
});

describe('consent', () => {
  it('records each choice with its time and wording version, keeps the history, and is in the person’s export', async () => {
    const person = await createUser(s);
    const get = () => s.call('GET', '/Stewardship/GetMyConsents', { token: person.token });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.body.data.current).toEqual({ email: null, sms: null, listing: null, age: null, greetings: null, directory: null });
    expect(first.body.data.wording).toBe(CONSENT_WORDING);

    const put = (body: object) => s.call('PUT', '/Stewardship/UpdateMyConsents', { token: person.token, body });
    expect((await put({ email: true, sms: false, listing: true })).status).toBe(200);
    // Unchanged choices add nothing; a withdrawal adds a row.
    expect((await put({ email: true })).status).toBe(200);
    const after = await put({ listing: false });
    expect(after.body.data.current).toMatchObject({
      email: { granted: true, wording: CONSENT_WORDING },
      sms: { granted: false },
      listing: { granted: false },
    });
    expect(after.body.data.history.map((h: { category: string; granted: boolean }) => `${h.category}:${h.granted}`)).toEqual([
      'listing:false',
      expect.stringMatching(/^(email:true|sms:false|listing:true)$/),
      expect.stringMatching(/^(email:true|sms:false|listing:true)$/),
      expect.stringMatching(/^(email:true|sms:false|listing:true)$/),
    ]);
    expect(Date.parse(after.body.data.current.listing.at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await put({ email: 'yes' })).status).toBe(400);
    expect((await s.call('GET', '/Stewardship/GetMyConsents')).status).toBe(401);

    const trail = await s.call('GET', `/AuditTrail/GetAllAudit?SubjectId=${person.id}&EntityType=consent`, {
      token: await s.login(ADMIN_EMAIL),
    });
    expect(trail.body.data).toHaveLength(2);

    const mine = await s.call('GET', '/Stewardship/DownloadMyData', { token: person.token });
    expect(mine.body.records.consents).toHaveLength(4);
  });

  it('keeps a person who says no to listing out of the lists and pickers of leaders other than administrators', async () => {
    const surName = `Unlisted${Date.now().toString(36)}`;
    const person = await createUser(s, { overrides: { firstName: 'Hephzibah', surName, consents: { listing: false } } });
    const leader = await userWith(s, [P.viewMembers, P.viewUserManagement, P.createNotifications]);
    const admin = await s.login(ADMIN_EMAIL);
    const found = async (token: string) => {
      const lists = await Promise.all(
        [
          `/ChurchAffiliation/GetMemberQuery?search=${surName}`,
          `/Admin/GetAllUsers?search=${surName}`,
          `/Notification/GetPeople?search=${surName}`,
        ].map((path) => s.call('GET', path, { token })),
      );
      for (const list of lists) expect(list.status).toBe(200);
      return lists.map((list) => list.body.data.map((p: { id: string }) => p.id).includes(person.id));
    };
    expect(await found(admin)).toEqual([true, true, true]);
    expect(await found(leader.token)).toEqual([false, false, false]);
    const totals = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?search=${surName}`, { token: leader.token });
    expect(totals.body.totalCount).toBe(0);
    const adminTotals = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?search=${surName}`, { token: admin });
    expect(adminTotals.body.totalCount).toBe(1);
    // The whole list's total (from the kept counts) leaves out everyone hidden, for leaders only.
    const db = s.database.db;
    const whole = async (token: string) => (await s.call('GET', '/ChurchAffiliation/GetMemberQuery', { token })).body.totalCount;
    const [hidden] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from member_directory d where d.hidden_from_leaders and not d.archived
        and not exists (select from users u where u.id = d.user_id and u.is_first_timer)`),
    );
    expect(hidden.n).toBeGreaterThan(0);
    expect(await whole(leader.token)).toBe((await whole(admin)) - hidden.n);

    // Saying yes on the profile brings them back on the next call.
    expect((await s.call('PUT', '/Stewardship/UpdateMyConsents', { token: person.token, body: { listing: true } })).status).toBe(200);
    expect(await found(leader.token)).toEqual([true, true, true]);
  });

  it('takes the choices made at sign-up, with the wording version', async () => {
    const person = await createUser(s, { overrides: { consents: { email: true, sms: false } } });
    const res = await s.call('GET', '/Stewardship/GetMyConsents', { token: person.token });
    expect(res.body.data.current).toMatchObject({
      email: { granted: true, wording: CONSENT_WORDING },
      sms: { granted: false },
      listing: null,
    });
  });
});
