import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/server/db/client.js';
import { TEST_PGLITE_SETTINGS } from './pgliteSettings.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: an uncompressed tarball of a migrated data dir, copied by every test file. */
    pgliteTemplate?: string;
    /** PostgreSQL (TEST_DATABASE_URL): a migrated database each test file's database is created from. */
    postgresTemplate?: string;
  }
}

/**
 * Runs the migrations once per run, into a template each api test file copies (PGlite:
 * loadDataDir; PostgreSQL: CREATE DATABASE ... TEMPLATE), instead of each file running initdb
 * and every migration. The template belongs to this run alone (a fresh temporary folder or a
 * randomly named database), so two runs side by side share nothing.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return postgresTemplate(project, url);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-api-template-'));
  const file = path.join(dir, 'pgdata.tar');
  const database = await openDatabase({ dataDir: 'memory://', pgliteSettings: TEST_PGLITE_SETTINGS });
  try {
    const tarball = await database.dumpDataDir!();
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, url: string) {
  const pg = (await import('pg')).default;
  const name = `flock_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
    await database.close();
    // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template, and
    // pool.end() resolves before the server's backends have gone: end them and wait until they have.
    await admin.query(`SELECT pg_terminate_backend(pid, 60000) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
      name,
    ]);
  } finally {
    await admin.end();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
