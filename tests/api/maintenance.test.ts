import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { scheduleMaintenance, vacuumTables } from '@/server/db/maintenance.js';
import { rowsOf } from '@/server/db/queries.js';
import { startServer, startSibling, type TestServer } from '@/tests/support/server.js';

/** The planner's view of the member directory: its row estimate and its pages all visible. */
async function directoryStats(db: Db) {
  const [row] = rowsOf<{ reltuples: number; relpages: number; relallvisible: number; n: number }>(
    await db.execute(sql`select reltuples, relpages, relallvisible, (select count(*)::int from member_directory) as n
      from pg_class where relname = 'member_directory'`),
  );
  return row;
}

describe('embedded database maintenance', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ demo: true });
  });
  afterAll(() => s.close());

  it('VACUUM ANALYZE of every table gives the planner its statistics and the index-only scans their visibility map', async () => {
    const db = s.database.db;
    if (s.database.kind === 'pglite') {
      // What an embedded database looks like without it: never analysed, no page known all-visible.
      expect(await directoryStats(db)).toMatchObject({ reltuples: -1, relallvisible: 0 });
    }
    expect(await vacuumTables(db)).toBeGreaterThan(20);
    const stats = await directoryStats(db);
    expect(stats.n).toBeGreaterThan(100);
    expect(stats.reltuples).toBe(stats.n);
    expect(stats.relallvisible).toBe(stats.relpages);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('runs in a server on PGlite, after it is ready, without holding calls up', async () => {
    const db = s.database.db;
    // A table never analysed: the planner knows no row count for it (-1) until a pass reaches it.
    await db.execute(sql`create table maintenance_probe as select g as id from generate_series(1, 1000) g`);
    const probe = async () =>
      rowsOf<{ reltuples: number }>(await db.execute(sql`select reltuples from pg_class where relname = 'maintenance_probe'`))[0].reltuples;
    expect(await probe()).toBe(-1);
    const sibling = await startSibling(s, {}, (app) => scheduleMaintenance(app, 0));
    try {
      await vi.waitFor(async () => expect(await probe()).toBe(1000), { timeout: 30_000, interval: 50 });
      expect((await sibling.call('GET', '/health')).status).toBe(200);
    } finally {
      await sibling.close();
      await db.execute(sql`drop table maintenance_probe`);
    }
  });
});
