import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.js';
import { rowsOf } from './queries.js';

/** The first pass waits a minute after the start (a restart loop does no work), then runs hourly. */
const FIRST_PASS_MS = 60_000;
const EVERY_MS = 3_600_000;

/**
 * VACUUM (ANALYZE) of every table, one statement per table so that calls run in between (PGlite
 * has one connection). Answers the number of tables. Without it an embedded database never gets
 * its planner statistics nor its visibility map: PGlite is single-user PostgreSQL, whose
 * autovacuum launcher never starts, and the lists' index-only scans read the heap row by row.
 * A table whose pages are all visible and unchanged costs little.
 */
export async function vacuumTables(db: Db): Promise<number> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables order by relname`),
  );
  for (const { name } of tables) {
    await db.execute(sql.raw(`vacuum (analyze) ${name}`));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return tables.length;
}

/**
 * What autovacuum does on a PostgreSQL server, done by the server itself on PGlite: a pass a
 * minute after it is ready and every hour after. A failed pass is logged and tried again the next
 * hour; closing waits for the pass under way.
 */
export function scheduleMaintenance(app: FastifyInstance, firstPassMs = FIRST_PASS_MS) {
  const { database } = app.services;
  if (database.kind !== 'pglite') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const pass = async () => {
    const started = performance.now();
    try {
      const tables = await vacuumTables(database.db);
      app.log.info({ tables, ms: Math.round(performance.now() - started) }, 'embedded database vacuumed and analysed');
    } catch (err) {
      app.log.error({ err }, 'the embedded database maintenance failed');
    }
  };
  const next = (ms: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = pass().then(() => next(EVERY_MS));
    }, ms);
    timer.unref();
  };
  app.addHook('onReady', async () => next(firstPassMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
