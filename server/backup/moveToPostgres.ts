import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase, type Database } from '@/server/db/client.js';
import { DataDirLockedError } from '@/server/db/lock.js';
import { rowsOf } from '@/server/db/queries.js';

/*
 * `npm run move-to-postgres -- <DATABASE_URL>`: the embedded database copied into an empty
 * PostgreSQL database, then checked table by table (docs/decisions/0223).
 */

export class MoveRefusedError extends Error {}

/** A table's rows counted, and the md5 of its rows' md5s in one order, computed alike on both sides. */
export type Fingerprint = { table: string; rows: number; hash: string };

export type MoveReport = { tables: Fingerprint[]; sequences: number; ms: number };

/** One query runner for either side: PGlite through drizzle, PostgreSQL through a pg client. */
export type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

/** The settings row text depends on; both sides render rows under these. */
const SAME_TEXT = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, MDY'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
];

/** Rows read per fetch; a table with bytea columns (uploads, attachments) a few at a time. */
const FETCH_ROWS = 2000;
const FETCH_ROWS_WITH_BYTES = 5;
/** A batch is sent once it holds this much JSON text, whatever its row count. */
const BATCH_CHARS = 8 * 1024 * 1024;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Table = { name: string; columns: string[]; hasBytes: boolean };

/** The tables of the public schema and their stored columns, in column order. */
async function tablesOf(query: Query): Promise<Table[]> {
  const rows = await query<{ table: string; columns: string[]; bytes: boolean }>(
    `SELECT c.relname AS table,
        array_agg(a.attname::text ORDER BY a.attnum) AS columns,
        bool_or(a.atttypid = 'bytea'::regtype) AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      GROUP BY c.relname ORDER BY c.relname`,
  );
  return rows.map((r) => ({ name: r.table, columns: r.columns, hasBytes: r.bytes }));
}

/**
 * The tables ordered so that every table comes after those its foreign keys name: copied in this
 * order, each row's references already exist on the target. Self-references are checked at the
 * end of each insert statement, so they need no order.
 */
async function inDependencyOrder(query: Query, tables: Table[]): Promise<Table[]> {
  const edges = await query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`,
  );
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p) || !byName.has(p)));
    if (ready.length === 0) throw new Error('The tables reference each other in a circle: no order copies them with their keys checked.');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

/** Each table's row count and content hash: rows as text (in SAME_TEXT), each md5'd, sorted, md5'd together. */
async function fingerprints(query: Query, tables: Array<Pick<Table, 'name' | 'columns'>>): Promise<Fingerprint[]> {
  for (const setting of SAME_TEXT) await query(setting);
  const out: Fingerprint[] = [];
  for (const t of tables) {
    const cols = t.columns.map(quoteIdent).join(', ');
    const [row] = await query<{ rows: number; hash: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(h, '' ORDER BY h COLLATE "C")) AS hash
        FROM (SELECT md5(x::text) AS h FROM (SELECT ${cols} FROM public.${quoteIdent(t.name)}) x) hashed`,
    );
    // An empty table has no rows to hash: string_agg answers null.
    out.push({ table: t.name, rows: row.rows, hash: row.hash ?? 'empty' });
  }
  return out;
}

/** Every table's fingerprint on one side: what the move compares, for a check of its own. */
export async function tableFingerprints(query: Query): Promise<Fingerprint[]> {
  return fingerprints(query, await tablesOf(query));
}

/** The migrations applied, oldest first: the two sides must be at one version. */
async function migrationsOf(query: Query): Promise<string[]> {
  const rows = await query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
  return rows.map((r) => r.hash);
}

/** Sequences of the public schema with their state, to be set alike on the target. */
async function sequencesOf(query: Query) {
  return query<{ name: string; last_value: string | null }>(
    `SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public'`,
  );
}

async function refuseNonEmpty(client: pg.Client) {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`,
  );
  if (rows[0].n > 0) {
    throw new MoveRefusedError(
      'The target database is not empty (it holds tables). Move into a new, empty database: e.g. `createdb flock`, then run the move again with its URL.',
    );
  }
}

/** The data dir opened for the copy: refused while a Flock server holds it (one server per data dir). */
async function openSource(dataDir: string): Promise<Database> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new MoveRefusedError(`There is no embedded database in ${dataDir}.`);
  try {
    return await openDatabase({ dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new MoveRefusedError(
      `A Flock server is using ${path.resolve(dataDir)}. Stop it first: the move copies a database nobody is writing to. (${err.message})`,
    );
  }
}

export const pgliteQuery =
  (runner: { execute: Database['db']['execute'] }): Query =>
  async <T>(text: string) =>
    rowsOf<T>(await runner.execute(sql.raw(text)));

export const pgQuery =
  (client: pg.Client): Query =>
  async <T>(text: string, values?: unknown[]) =>
    (await client.query(text, values)).rows as T[];

/**
 * Copies one table: a cursor over its rows as JSON objects on the source, sent in batches to the
 * target as one json_populate_recordset insert each, so memory holds a batch or two, not the
 * table. One insert is in flight while the next batch is read: PGlite works in this process,
 * PostgreSQL in its own, so the two overlap.
 */
async function copyTable(source: Query, target: pg.Client, table: Table): Promise<number> {
  const cols = table.columns.map(quoteIdent).join(', ');
  const name = `public.${quoteIdent(table.name)}`;
  const insert = `INSERT INTO ${name} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(null::${name}, $1::json)`;
  await source(`DECLARE move_rows NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS r FROM (SELECT ${cols} FROM ${name}) x`);
  let copied = 0;
  let batch: string[] = [];
  let chars = 0;
  // The insert under way; its failure is kept (not left unhandled) and thrown at the next batch.
  let inFlight: Promise<void> = Promise.resolve();
  let failed: unknown;
  const flush = async () => {
    await inFlight;
    if (failed) throw failed;
    if (batch.length === 0) return;
    const [json, rows] = [`[${batch.join(',')}]`, batch.length];
    batch = [];
    chars = 0;
    inFlight = target.query(insert, [json]).then(
      () => void (copied += rows),
      (err) => void (failed = err),
    );
  };
  for (;;) {
    const rows = await source<{ r: string }>(`FETCH ${table.hasBytes ? FETCH_ROWS_WITH_BYTES : FETCH_ROWS} FROM move_rows`);
    if (rows.length === 0) break;
    for (const { r } of rows) {
      batch.push(r);
      chars += r.length;
    }
    if (chars >= BATCH_CHARS || batch.length >= FETCH_ROWS) await flush();
  }
  await flush();
  await flush();
  await source('CLOSE move_rows');
  return copied;
}

/** The target's sequences set as the source's stand, so a new row after the move takes a new number. */
async function copySequences(source: Query, target: pg.Client): Promise<number> {
  const sequences = await sequencesOf(source);
  for (const s of sequences) {
    const seq = `public.${quoteIdent(s.name)}`;
    if (s.last_value === null) await target.query(`ALTER SEQUENCE ${seq} RESTART`);
    else await target.query('SELECT setval($1::regclass, $2::bigint, true)', [seq, s.last_value]);
  }
  return sequences.length;
}

/** The tables on the two sides must be the same tables with the same columns. */
function sameSchema(source: Table[], target: Table[]) {
  const describe = (tables: Table[]) => tables.map((t) => `${t.name}(${t.columns.join(',')})`);
  const theirs = new Set(describe(target));
  const missing = describe(source).filter((t) => !theirs.has(t));
  if (missing.length || source.length !== target.length) {
    throw new Error(
      `After the migrations the target's tables differ from the source's: ${missing.slice(0, 5).join('; ') || 'table count'}.`,
    );
  }
}

/**
 * The copy, in one transaction on the target: the rows the migrations wrote emptied, triggers
 * off (the source's rows already hold what they would write: the directory, its counts), tables
 * in dependency order with their foreign keys checked, the triggers on again, the sequences set.
 */
async function copyAll(source: Query, target: pg.Client, tables: Table[], log: (line: string) => void): Promise<number> {
  const names = tables.map((t) => `public.${quoteIdent(t.name)}`);
  await target.query('BEGIN');
  try {
    for (const n of names) await target.query(`ALTER TABLE ${n} DISABLE TRIGGER USER`);
    // After the triggers: the audit log refuses a TRUNCATE by one of them (append-only).
    await target.query(`TRUNCATE ${names.join(', ')}`);
    for (const t of tables) {
      const rows = await copyTable(source, target, t);
      if (rows >= 10_000) log(`  ${t.name}: ${rows} rows`);
    }
    for (const n of names) await target.query(`ALTER TABLE ${n} ENABLE TRIGGER USER`);
    const sequences = await copySequences(source, target);
    await target.query('COMMIT');
    return sequences;
  } catch (err) {
    await target.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

function compare(source: Fingerprint[], target: Fingerprint[]): string[] {
  const byTable = new Map(target.map((f) => [f.table, f]));
  return source
    .filter((s) => byTable.get(s.table)?.rows !== s.rows || byTable.get(s.table)?.hash !== s.hash)
    .map(
      (s) =>
        `${s.table}: ${s.rows} rows ${s.hash} on the source, ${byTable.get(s.table)?.rows} rows ${byTable.get(s.table)?.hash} on the target`,
    );
}

/** Opens the target with Flock's own migrations (this version's), then a pg client for the copy. */
async function prepareTarget(databaseUrl: string): Promise<pg.Client> {
  const { Client } = (await import('pg')).default;
  const probe = new Client({ connectionString: databaseUrl });
  await probe.connect();
  try {
    await refuseNonEmpty(probe);
  } finally {
    await probe.end();
  }
  const migrated = await openDatabase({ databaseUrl, dataDir: '' });
  await migrated.close();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/**
 * Moves the embedded database in dataDir into the empty PostgreSQL database at databaseUrl and
 * checks that every table holds the same rows on both sides; throws when any differs.
 */
export async function moveToPostgres(dataDir: string, databaseUrl: string, log: (line: string) => void = () => {}): Promise<MoveReport> {
  const started = performance.now();
  const database = await openSource(dataDir);
  let target: pg.Client | undefined;
  try {
    target = await prepareTarget(databaseUrl);
    const t = target;
    const sourceQuery = pgliteQuery(database.db);
    const [sourceMigrations, targetMigrations] = [await migrationsOf(sourceQuery), await migrationsOf(pgQuery(t))];
    if (sourceMigrations.join() !== targetMigrations.join()) throw new Error('The source and the target are not at the same migration.');
    const tables = await inDependencyOrder(sourceQuery, await tablesOf(sourceQuery));
    sameSchema(tables, await tablesOf(pgQuery(t)));
    // One read transaction on the source: one snapshot for the copy and for its fingerprints.
    const { expected, sequences } = await database.db.transaction(async (tx) => {
      const q = pgliteQuery(tx);
      log(`Copying ${tables.length} tables...`);
      const sequences = await copyAll(q, t, tables, log);
      log('Checking every table on both sides (row count and content hash)...');
      return { expected: await fingerprints(q, tables), sequences };
    });
    const got = await fingerprints(pgQuery(t), tables);
    const differ = compare(expected, got);
    if (differ.length) throw new Error(`The copy differs from the source:\n${differ.join('\n')}`);
    return { tables: got, sequences, ms: performance.now() - started };
  } finally {
    await target?.end();
    await database.close();
  }
}
