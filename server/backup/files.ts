import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '@/server/db/client.js';
import { openDatabase } from '@/server/db/client.js';

const run = promisify(execFile);

/** Backups are named for when they were taken, so their names sort as their times do. */
const BACKUP_NAME = /^flock-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(tar\.gz|dump)$/;

/** PGlite's data dir as a gzipped tarball, or PostgreSQL's custom-format pg_dump. */
type BackupKind = Database['kind'];

const extensionOf = (kind: BackupKind) => (kind === 'pglite' ? 'tar.gz' : 'dump');

/**
 * Writes a backup into dir under a timestamped name: first to a hidden partial file, renamed
 * once complete, so the folder never holds a cut-short backup under a backup's name.
 */
export async function saveBackup(dir: string, kind: BackupKind, write: (file: string) => Promise<void>, now = new Date()): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `flock-${now.toISOString().replace(/[:.]/g, '-')}.${extensionOf(kind)}`;
  const partial = path.join(dir, `.${name}.partial`);
  try {
    await write(partial);
    await fs.promises.rename(partial, path.join(dir, name));
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
  return path.join(dir, name);
}

/** pg_dump's custom format: one snapshot of the whole database, taken while it keeps running. */
async function pgDump(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/** A backup of an open database into dir (the schedule, and the script when no server runs). */
export async function backupDatabase(database: Database, dir: string): Promise<string> {
  if (database.kind === 'postgres') return saveBackup(dir, 'postgres', (file) => pgDump(database.databaseUrl!, file));
  const blob = await database.backup!();
  return saveBackup(dir, 'pglite', async (file) => fs.promises.writeFile(file, new Uint8Array(await blob.arrayBuffer())));
}

/** A backup of a PostgreSQL database nobody needs to stop for. */
export function backupPostgres(databaseUrl: string, dir: string): Promise<string> {
  return saveBackup(dir, 'postgres', (file) => pgDump(databaseUrl, file));
}

/** Removes all but the newest `keep` backups in dir; answers the files removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.promises.readdir(dir)).filter((n) => BACKUP_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep)).map((n) => path.join(dir, n));
  await Promise.all(old.map((f) => fs.promises.rm(f, { force: true })));
  return old;
}

class RestoreRefusedError extends Error {}

/**
 * Restores a backup: a PGlite tarball into an empty (or missing) data dir, opened once so the
 * migrations of this version run; a pg_dump file into an empty PostgreSQL database. Never over
 * data: restoring into a live database would mix two churches' records.
 */
export async function restoreBackup(file: string, target: { databaseUrl?: string; dataDir: string }): Promise<void> {
  if (!fs.existsSync(file)) throw new RestoreRefusedError(`There is no backup file ${file}.`);
  const isDump = file.endsWith('.dump');
  if (target.databaseUrl) {
    if (!isDump) throw new RestoreRefusedError('With DATABASE_URL set, restore a .dump file (pg_dump); a .tar.gz is an embedded database.');
    await refuseNonEmptyPostgres(target.databaseUrl);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
  } else {
    if (isDump) throw new RestoreRefusedError('A .dump file is a PostgreSQL backup: set DATABASE_URL to restore it.');
    const entries = fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir) : [];
    if (entries.length > 0) throw new RestoreRefusedError(`DATA_DIR ${target.dataDir} is not empty; restore into an empty folder.`);
    const bytes = await fs.promises.readFile(file);
    const restored = await openDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([bytes]) });
    await restored.close();
    return;
  }
  const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: '' });
  await restored.close();
}

async function refuseNonEmptyPostgres(databaseUrl: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0].n > 0) throw new RestoreRefusedError('The database DATABASE_URL names is not empty; restore into a new, empty database.');
  } finally {
    await client.end();
  }
}
