import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import { openDatabase, type Database } from '@/server/db/client.js';
import { outbox } from '@/server/db/schema/index.js';
import { seedDatabase } from '@/server/seed/index.js';
import { TEST_PGLITE_SETTINGS } from './pgliteSettings.js';

export const ADMIN_EMAIL = 'admin@example.org';
export const ADMIN_PASSWORD = 'Admin-pass-1';
export const DEMO_PASSWORD = 'Demo-pass-1';
/** argon2id at 1 MiB and one pass: the api tests' password cost. */
export const TEST_PASSWORD_COST = { memoryKiB: 1024, timeCost: 1, parallelism: 1 };

export type TestServer = {
  url: string;
  app: FastifyInstance;
  database: Database;
  /** Calls the API over real HTTP; path is under /api. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  login(username: string, password?: string): Promise<string>;
  /** The newest mail sent to an address (outbox), and the 6-digit code in it. */
  lastMail(to: string): Promise<{ subject: string; text: string; otp?: string } | undefined>;
  close(): Promise<void>;
};

let templateBlob: Promise<Blob> | undefined;

/**
 * The migrated data dir the api project's global setup (apiGlobalSetup.ts) wrote for this run,
 * read once per worker; undefined outside that project (the database then starts empty).
 */
function pgliteTemplate(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  templateBlob ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return templateBlob;
}

/**
 * An in-memory PGlite of its own, a copy of the run's migrated template when there is one: for a
 * test that needs a second embedded database beside its server's, without paying for initdb and
 * every migration again (docs/decisions/0221).
 */
export async function memoryDatabase(): Promise<Database> {
  const template = pgliteTemplate();
  return openDatabase({ dataDir: 'memory://', loadDataDir: template && (await template), pgliteSettings: TEST_PGLITE_SETTINGS });
}

/** A new database, copied from the run's migrated template database when there is one. */
async function createDatabase(admin: import('pg').Client, name: string, template: string | undefined) {
  if (!template) {
    await admin.query(`CREATE DATABASE ${name}`);
    return;
  }
  // Two CREATE DATABASE ... TEMPLATE at the same instant find each other on the template (55006,
  // "source database is being accessed by other users"): the workers take turns under a lock
  // PostgreSQL hands on as each copy ends, so none waits a guessed time.
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  }
}

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new PostgreSQL database created beside it and dropped afterwards. Both start as a copy of
 * the run's migrated template when the global setup made one; openDatabase still runs the
 * migrations, which then find nothing to do.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return { database: await memoryDatabase(), drop: async () => {} };
  }
  const pg = (await import('pg')).default;
  const name = `flock_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await createDatabase(admin, name, inject('postgresTemplate'));
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // The pool has ended, but its backends may still be exiting: end any left and wait for each
      // to be gone (PostgreSQL waits, up to 60 s), so the drop finds no session to kill.
      await c.query('SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type ServerOverrides = Partial<AppConfig> & { demo?: boolean };

function testConfig(overrides: Partial<AppConfig>): AppConfig {
  return {
    ...readConfig({}),
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    demoPassword: DEMO_PASSWORD,
    webRoot: undefined,
    // Real argon2id at a lower cost keeps the suite quick; production uses OWASP's (see config).
    passwordCost: TEST_PASSWORD_COST,
    authRateLimit: 1000,
    // Refusals answered at once keep the suite quick; tests/api/heldRefusals.test.ts turns the hold on.
    refusalHoldMs: 0,
    logLevel: 'silent',
    ...overrides,
  };
}

export async function startServer(overrides: ServerOverrides = {}): Promise<TestServer> {
  const { demo = false, ...configOverrides } = overrides;
  const config = testConfig(configOverrides);
  const fresh = await freshDatabase();
  const drop = fresh.drop;
  // Closing twice is harmless, so a test may close the database under a running server.
  let closed = false;
  const database: Database = {
    ...fresh.database,
    close: async () => {
      if (closed) return;
      closed = true;
      await fresh.database.close();
    },
  };
  await seedDatabase(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    seedDemo: demo,
    demoPassword: config.demoPassword,
    embedded: false,
    passwordCost: config.passwordCost,
  });
  return serve(config, database, async () => {
    await database.close();
    await drop();
  });
}

/**
 * A second app with its own configuration (rate limit, token lifetime, SMTP, web root, log
 * stream ...) over the database of a running test server: no new database, so it costs
 * milliseconds. Closing it leaves the database to its owner.
 */
export async function startSibling(
  of: TestServer,
  overrides: Partial<AppConfig> = {},
  /** Runs between building the app and listening, e.g. to add routes to this instance only. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestServer> {
  return serve(testConfig(overrides), of.database, async () => {}, beforeListen);
}

/**
 * A server over a database the test opened itself: several of them over one PostgreSQL database,
 * each with its own pool, are several servers of one church (tests/api/twoServers.test.ts).
 * Closing it closes that database.
 */
export function startOn(database: Database, overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  return serve(testConfig(overrides), database, () => database.close());
}

async function serve(
  config: AppConfig,
  database: Database,
  release: () => Promise<void>,
  beforeListen?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestServer> {
  const app = await buildApp(config, database);
  await beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const call: TestServer['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };

  return {
    url,
    app,
    database,
    call,
    async login(username, password = username === ADMIN_EMAIL ? ADMIN_PASSWORD : DEMO_PASSWORD) {
      const res = await call('POST', '/Auth/Login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async lastMail(to) {
      const [mail] = await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, to.toLowerCase())))
        .orderBy(desc(outbox.createdAt))
        .limit(1);
      return mail && { subject: mail.subject, text: mail.text, otp: /\b(\d{6})\b/.exec(mail.text)?.[1] };
    },
    async close() {
      await app.close();
      await release();
    },
  };
}
