import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { isConnectionError } from './connectionErrors.js';
import { acquireDataDirLock } from './lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite on disk only: the folder it writes in, which /api/health also writes a probe file in. */
  dataDir?: string;
  close(): Promise<void>;
  /** PGlite only: the data dir as an uncompressed tarball, to open copies of it (test templates). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: a consistent gzipped tarball of the data dir while it is in use (server/backup). */
  backup?(): Promise<Blob>;
  /** PostgreSQL only: the URL it was opened with, for pg_dump. */
  databaseUrl?: string;
  /**
   * Calls listener whenever someone's rights may have changed (see RIGHTS_CHANNEL): before the
   * statement that changed them resolves in this process, soon after in others.
   */
  watchRights(listener: () => void): void;
  /** What the connections are doing now, for /metrics (server/http/metrics.ts). */
  load(): DatabaseLoad;
};

/**
 * PostgreSQL: node-postgres's pool (connections open, idle, and queries waiting for one).
 * PGlite: its one connection, busy or idle, and the queries queued behind the one it runs.
 */
export type DatabaseLoad = { connections: number; idle: number; waiting: number };

/**
 * Migration 0020's triggers notify this channel on any committed change of what a session check
 * reads (roles, permissions, CIH roles, token version, disabled). Every connection listens: the
 * one that commits the change receives it before its COMMIT resolves (PostgreSQL sends a
 * session's own notices ahead of ReadyForQuery), so a change made here reaches the next call.
 */
const RIGHTS_CHANNEL = 'flock_rights';

function rightsListeners() {
  const listeners = new Set<() => void>();
  return {
    add: (listener: () => void) => void listeners.add(listener),
    changed: () => listeners.forEach((listener) => listener()),
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL: node-postgres when a URL is given, else PGlite in dataDir
 * ('memory://' keeps it in memory, for tests). Migrations are applied before it is returned.
 * loadDataDir (PGlite, from dumpDataDir) starts from a copy of another data dir instead of an
 * empty one, skipping initdb: the test harness opens its per-file databases so.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  loadDataDir?: Blob;
  /** PGlite only: server settings for this start (postgresql.conf names), e.g. the test harness's smaller shared buffers. */
  pgliteSettings?: Record<string, string>;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.loadDataDir, opts.pgliteSettings);
}

async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const rights = rightsListeners();
  // A new connection listens before it runs anything (the pool awaits this before handing it out).
  const pool = resilientPool(pg.Pool, url, async (client) => {
    client.on('notification', (notice) => notice.channel === RIGHTS_CHANNEL && rights.changed());
    await client.query(`LISTEN ${RIGHTS_CHANNEL}`);
  });
  // With no connection open, nobody hears other servers' notices: what is kept may be stale.
  pool.on('remove', () => pool.totalCount === 0 && rights.changed());
  const db = drizzle(pool, { schema });
  try {
    await underMigrationLock(pool, () => migrate(db, { migrationsFolder }));
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    databaseUrl: url,
    close: () => pool.end(),
    watchRights: rights.add,
    load: () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The advisory lock the servers of one database migrate under: 'flock' in ASCII. */
const MIGRATION_LOCK = 0x666c6f636b;

/**
 * Runs the migrations while this server holds the migration lock (0217): of several servers
 * started together on one database, one migrates and the others, waiting for the lock, then
 * find nothing left to do. The lock is held by a connection of its own and ends with it, so a
 * server that dies while migrating leaves it to the next.
 */
async function underMigrationLock(pool: import('pg').Pool, migrate: () => Promise<void>) {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    holder.release();
  }
}

/**
 * A pool that outlives its connections: PostgreSQL may end any of them (a restart, a failover,
 * pg_terminate_backend, idle_session_timeout, a network outage). Without a listener, pg emits
 * such an end as an unhandled 'error' event and the process dies; here it is only logged, the
 * pool drops the client and opens a new one on the next query. A read whose connection died
 * under it is run once more on a fresh one: it changed nothing, so running it again is safe.
 */
function resilientPool(
  Pool: typeof import('pg').Pool,
  url: string,
  onConnect: (client: import('pg').ClientBase) => Promise<void>,
): import('pg').Pool {
  class ResilientPool extends Pool {
    override query(...args: unknown[]): never {
      const run = () => (super.query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      if (typeof args.at(-1) === 'function' || !isRead(args[0])) return run() as never;
      return run().catch((err) => {
        if (isConnectionError(err)) return run();
        throw err;
      }) as never;
    }
  }
  const pool = new ResilientPool({
    connectionString: url,
    max: 10,
    // A database that does not answer (a network outage) fails the request instead of hanging it.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    onConnect,
  });
  const report = (err: Error) => console.error(`Flock lost a database connection: ${err.message}`);
  pool.on('error', report);
  // A client checked out for a transaction has no pool listener; an end between its queries is
  // an error event too. Its query then fails, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}

function isRead(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && /^\s*select\b/i.test(text) && !/\bfor\s+(update|share|no key update|key share)\b/i.test(text);
}

async function openPglite(dataDir: string, loadDataDir?: Blob, settings: Record<string, string> = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The member search's trigram index (migration 0006_member_directory).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  let release = () => {};
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
  }
  try {
    // PGlite's own start parameters, with any settings asked for after them.
    const startParams = [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
    const client = new PGlite(dataDir, { extensions: { pg_trgm }, startParams, ...(loadDataDir && { loadDataDir }) });
    (await import('./pgliteStatements.js')).withNamedStatements(client);
    const load = countCalls(client);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    const rights = rightsListeners();
    await client.listen(RIGHTS_CHANNEL, rights.changed);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      ...(!inMemory && { dataDir }),
      watchRights: rights.add,
      load,
      dumpDataDir: () => client.dumpDataDir('none'),
      // Inside a transaction of its own, no other one is open (PGlite runs one at a time), and
      // after a checkpoint the files hold every committed write: a restore needs no recovery.
      backup: () =>
        client.transaction(async (tx) => {
          await tx.exec('CHECKPOINT');
          return client.dumpDataDir('gzip');
        }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Counts the calls under way on a PGlite client: it runs one at a time, so all but one of them
 * wait. A transaction is one call (its statements run inside it); the migrations, run before,
 * are counted too but are over by the time anyone reads the count.
 */
function countCalls(client: import('@electric-sql/pglite').PGlite): () => DatabaseLoad {
  let underWay = 0;
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      underWay++;
      try {
        return await fn(...args);
      } finally {
        underWay--;
      }
    };
  client.query = counted(client.query.bind(client)) as typeof client.query;
  client.exec = counted(client.exec.bind(client)) as typeof client.exec;
  client.transaction = counted(client.transaction.bind(client)) as typeof client.transaction;
  return () => ({ connections: 1, idle: underWay === 0 ? 1 : 0, waiting: Math.max(0, underWay - 1) });
}
