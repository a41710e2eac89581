import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { isConnectionError, isDiskFull } from '@/server/db/connectionErrors.js';
import { heartbeat } from '@/server/db/schema/index.js';

/** A successful write check stands this long; a failed one is checked again at the next call. */
const WRITE_CHECK_MS = 5000;

/** What the operator is told when the database does not take the heartbeat write. */
export function failureOf(err: unknown): string {
  if (isConnectionError(err)) return 'Database unreachable';
  if (isDiskFull(err)) return 'Database not writable: no space left on device';
  const code = (err as { cause?: { code?: string } }).cause?.code;
  if (code === '25006') return 'Database not writable: it is read-only';
  return 'Database not writable';
}

/** One PostgreSQL page: the least a table needs to grow. */
const PAGE = Buffer.alloc(8192);

/**
 * Writes one new page-sized file in PGlite's DATA_DIR, syncs it, and renames it over the last one.
 * On a full tmpfs the heartbeat alone kept passing (its commit goes into a 16 MB WAL segment that
 * was zero-filled when made, its page stays in shared buffers), yet a table growing by a page
 * would find none. The new file is written before the old one is freed, so it needs free space of its own.
 */
async function probeDataDir(dataDir: string) {
  const next = path.join(dataDir, 'health-probe.next');
  const file = await fs.open(next, 'w');
  try {
    await file.write(PAGE);
    await file.datasync();
  } finally {
    await file.close();
  }
  await fs.rename(next, path.join(dataDir, 'health-probe'));
}

/** Rewrites the one heartbeat row: the database answers and takes writes; on PGlite, so does its disk. */
async function writeCheck(db: Db, dataDir: string | undefined): Promise<string | null> {
  try {
    await db
      .insert(heartbeat)
      .values({ id: 1, beatAt: sql`now()` })
      .onConflictDoUpdate({ target: heartbeat.id, set: { beatAt: sql`now()` } });
    if (dataDir) await probeDataDir(dataDir);
    return null;
  } catch (err) {
    return failureOf(err);
  }
}

/**
 * The write check of one app: calls arriving together share one check, and a passed one is
 * reused for WRITE_CHECK_MS. Answers the failure, or null.
 */
export function createWriteCheck() {
  let check: { at: number; result: Promise<string | null> } | undefined;
  return (db: Db, dataDir: string | undefined) => {
    const fresh = check && Date.now() - check.at < WRITE_CHECK_MS;
    if (!fresh) check = { at: Date.now(), result: writeCheck(db, dataDir) };
    const mine = check!;
    void mine.result.then((failure) => {
      if (failure && check === mine) check = undefined;
    });
    return mine.result;
  };
}
