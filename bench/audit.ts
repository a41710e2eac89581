/**
 * `npm run bench -- audit`: the audit log at a million rows. Generates 1,000,000 audit rows over
 * three years by 500 actors about 5,000 members, every entity type (set-based: INSERT ... SELECT
 * over generate_series), then loads five GetAllAudit calls over HTTP with autocannon at 10
 * connections, and runs the same pages in raw SQL at the same concurrency beside them. Prints each
 * figure with its budget and the ratio to raw SQL; exits 1 when a budget is missed. BENCH_AUDIT_ROWS
 * (a denomination's 10,000,000) measures the deep pages at a million rows, fills up to that size
 * and measures them again, printing how each grew. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Database, Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { encodeCursor } from '@/server/modules/auditTrail/query.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';

const MILLION = 1_000_000;
/** The rows of the last step; past a million, the deep pages are measured at a million first. */
const ROWS = Math.min(Math.max(Number(process.env.BENCH_AUDIT_ROWS) || MILLION, 100_000), 50_000_000);
const STEPS = ROWS > MILLION ? [MILLION, ROWS] : [ROWS];
/** Past this many rows to add, the secondary indexes are dropped and built again after the fill. */
const BULK_FILL = 2_000_000;
const ACTORS = 500;
const MEMBERS = 5_000;
const CHUNK = 100_000;
const CONNECTIONS = 10;
const PAGE_SIZE = 25;
const DURATION_S = Math.min(Math.max(Number(process.env.BENCH_DURATION) || 5, 1), 60);
const BENCH_ADMIN = 'bench.audit@example.org';

/** The audit log's budgets at a million rows, 10 connections. */
const BUDGETS = { postgres: { p50: 30, p99: 60 }, pglite: { p50: 100, p99: Infinity } };

/** Every entity the writers record; those up to MEMBER_ENTITIES are about a member (subject_id set). */
const ENTITIES = [
  'biodata',
  'spouse',
  'employer',
  'child',
  'qualification',
  'churchAffiliation',
  'memberRequest',
  'departmentMember',
  'avatar',
  'user',
  'userRole',
  'userDepartment',
  'notification',
  'department',
  'zone',
  'center',
  'affinityGroup',
  'ministry',
  'unit',
  'specialUnit',
  'accessory',
  'moi',
  'mountainOfInfluence',
  'role',
  'route',
  'auditLog',
];
const MEMBER_ENTITIES = 13;
const ACTIONS = ['create', 'update', 'update', 'update', 'delete', 'login', 'changeRole', 'approve'];

const textArray = (items: string[]) => sql.raw(`(array[${items.map((i) => `'${i}'`).join(',')}])`);

/** The bench's own people: actors and members, by email prefix, created once. */
async function seedPeople(db: Db, prefix: string, count: number): Promise<string[]> {
  await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer)
    select ${prefix} || g || '@example.org', 'Bench', ${prefix} || g, true, false from generate_series(1, ${count}) g
    on conflict do nothing`);
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email like ${`${prefix}%`} order by email`));
  return rows.map((r) => r.id);
}

/** One chunk of rows g in [from, to], spread over three years before now. */
function chunkInsert(from: number, to: number, actors: string[], members: string[]): SQL {
  return sql`insert into audit_logs (actor_id, action, entity, entity_id, subject_id, outcome, before, after, ip, created_at)
    select (${sql.param(actors)}::uuid[])[1 + g % ${ACTORS}],
      ${textArray(ACTIONS)}[1 + g % ${ACTIONS.length}],
      e.entity,
      md5(g::text),
      case when e.i <= ${MEMBER_ENTITIES} then (${sql.param(members)}::uuid[])[1 + (g * 7) % ${MEMBERS}] end,
      case when g % 97 = 0 then 'failedLogin' when g % 50 = 0 then 'refused' else 'success' end,
      case when g % 8 between 1 and 3 then jsonb_build_object('mobile2', '080' || g) end,
      case when g % 8 between 1 and 3 then jsonb_build_object('mobile2', '081' || g) end,
      '10.' || (g % 7) || '.' || (g % 200) || '.' || (g % 250),
      now() - random() * interval '1095 days'
    from generate_series(${from}::int, ${to}::int) g
    cross join lateral (select ${textArray(ENTITIES)}[1 + (g * 31) % ${ENTITIES.length}] as entity, 1 + (g * 31) % ${ENTITIES.length} as i) e`;
}

/**
 * The secondary indexes of audit_logs, dropped before a fill of many rows (building each once
 * after the fill is many times faster than keeping eight random-order indexes row by row). Their
 * definitions are kept in a table of the bench's own in the drops' transaction, so a run stopped
 * during the fill builds them at its next start.
 */
async function dropIndexes(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create table if not exists bench_dropped_indexes (name text primary key, definition text not null)`);
    await tx.execute(sql`insert into bench_dropped_indexes select indexname, indexdef from pg_indexes
      where tablename = 'audit_logs' and indexname <> 'audit_logs_pkey' on conflict do nothing`);
    const names = rowsOf<{ name: string }>(await tx.execute(sql`select name from bench_dropped_indexes`));
    for (const { name } of names) await tx.execute(sql.raw(`drop index if exists "${name}"`));
  });
}

async function restoreIndexes(db: Db) {
  const exists = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'bench_dropped_indexes'`),
  );
  if (!exists[0].n) return;
  const dropped = rowsOf<{ name: string; definition: string }>(await db.execute(sql`select name, definition from bench_dropped_indexes`));
  const started = performance.now();
  for (const { name, definition } of dropped) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(sql.raw(definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
      await tx.execute(sql`delete from bench_dropped_indexes where name = ${name}`);
    });
  }
  if (dropped.length) console.log(`Built ${dropped.length} indexes in ${Math.round((performance.now() - started) / 1000)} s`);
}

const auditRows = async (db: Db) => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_logs`))[0].n;

/** Fills audit_logs up to `rows` (what is there already stays) and analyzes it. */
async function generate(db: Db, rows: number, people: { actors: string[]; members: string[] }) {
  await restoreIndexes(db);
  const n = await auditRows(db);
  if (n >= rows) {
    console.log(`audit_logs already holds ${n} rows: generation skipped`);
  } else {
    const started = performance.now();
    const bulk = rows - n > BULK_FILL;
    if (bulk) await dropIndexes(db);
    for (let from = n + 1; from <= rows; from += CHUNK) {
      await db.execute(chunkInsert(from, Math.min(from + CHUNK - 1, rows), people.actors, people.members));
      process.stdout.write(`  ${Math.min(from + CHUNK - 1, rows)} rows\r`);
    }
    if (bulk) await restoreIndexes(db);
    console.log(`Generated ${rows - n} audit rows in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  const vacuum = performance.now();
  await db.execute(sql`vacuum analyze audit_logs`);
  console.log(`VACUUM ANALYZE in ${Math.round((performance.now() - vacuum) / 1000)} s`);
}

async function seedAll(db: Db) {
  const actors = await seedPeople(db, 'bench.actor.', ACTORS);
  const members = await seedPeople(db, 'bench.member.', MEMBERS);
  return { actors, members, actor: actors[ACTORS / 2], member: members[MEMBERS / 2] };
}

type Target = { name: string; query: Record<string, string>; raw: SQL };

/** The deep page of the single calls: page 10,000 skips 249,975 rows. */
const DEEP_PAGE = 10_000;
/** Budgets of one call at a time: a page by number within this many times raw SQL's own offset walk, any page by cursor under 30 ms (PostgreSQL). */
const DEEP_BUDGETS = { offsetRatio: 1.5, cursorMs: 30 };

const RAW_COLUMNS = sql.raw('id, created_at, actor_id, action, entity, entity_id, subject_id, outcome, ip');
const rawPage = (where: SQL | undefined, offset = 0) =>
  sql`select ${RAW_COLUMNS} from audit_logs ${where ? sql`where ${where}` : sql``} order by created_at desc, id desc limit ${PAGE_SIZE + 1} offset ${offset}`;

/** The cursor of the last row before page `page` (newest first): it asks for that page. */
async function cursorBefore(db: Db, page: number): Promise<{ t: string; id: string }> {
  const [last] = rowsOf<{ t: string; id: string }>(
    await db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id from audit_logs
      order by created_at desc, id desc offset ${(page - 1) * PAGE_SIZE - 1} limit 1`),
  );
  return last;
}

async function targets(db: Db, people: { actor: string; member: string }): Promise<Target[]> {
  // The last row of page 9,999: its cursor asks for page 10,000.
  const last = await cursorBefore(db, DEEP_PAGE);
  const from = new Date(Date.now() - 400 * 86_400_000).toISOString();
  const to = new Date(Date.now() - 370 * 86_400_000).toISOString();
  return [
    { name: 'page 1', query: {}, raw: rawPage(undefined) },
    {
      name: 'page 10,000 (cursor)',
      query: { Cursor: encodeCursor({ time: last.t, id: last.id }) },
      raw: rawPage(sql`(created_at, id) < (${last.t}::timestamptz, ${last.id}::uuid)`),
    },
    { name: 'by actor', query: { ActorId: people.actor }, raw: rawPage(sql`actor_id = ${people.actor}`) },
    { name: 'by member', query: { SubjectId: people.member }, raw: rawPage(sql`subject_id = ${people.member}`) },
    { name: 'by date range (30 days)', query: { From: from, To: to }, raw: rawPage(sql`created_at between ${from} and ${to}`) },
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The raw query at the same concurrency for the same time: the floor Flock's answer is compared with. */
async function rawLoad(db: Db, query: SQL): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await db.execute(query);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function httpLoad(url: string, token: string, seconds: number) {
  const result = await autocannon({
    url,
    headers: { authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const prepare = (config: AppConfig) => openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });

const ms = (v: number) => v.toFixed(1);

async function measure(database: Database, base: string, token: string, list: Target[]): Promise<boolean> {
  const budget = BUDGETS[database.kind];
  const header = ['query', 'p50 ms', 'p99 ms', 'req/s', 'budget p50/p99', 'raw p50', 'raw p99', 'p50 ratio', 'verdict'];
  const lines: string[][] = [];
  let clean = true;
  // The floor of any call on this machine at this moment: routing, the envelope and `select 1`, no token.
  await httpLoad(`${base}/api/health`, token, 1);
  const floor = await httpLoad(`${base}/api/health`, token, DURATION_S);
  const floorRaw = await rawLoad(database.db, sql`select 1`);
  const floorCells = [ms(floor.p50), ms(floor.p99), floor.rps.toFixed(0), '-', ms(floorRaw.p50), ms(floorRaw.p99)];
  lines.push(['floor: GET /api/health', ...floorCells, `${(floor.p50 / floorRaw.p50).toFixed(1)}x`, 'not budgeted']);
  for (const target of list) {
    const url = `${base}/api/AuditTrail/GetAllAudit?${new URLSearchParams({ PageSize: String(PAGE_SIZE), ...target.query })}`;
    const probe = (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
    console.log(
      `${target.name}: ${(probe.data as unknown[]).length} rows, ${probe.totalCount === undefined ? 'no total (a cursor page)' : `totalCount ${probe.totalCount}${probe.totalCountIsEstimate ? ' (estimate)' : ''}`}`,
    );
    await httpLoad(url, token, 1); // warm-up, discarded
    const http = await httpLoad(url, token, DURATION_S);
    const raw = await rawLoad(database.db, target.raw);
    const ok = http.failed === 0 && http.p50 < budget.p50 && http.p99 < budget.p99;
    clean &&= ok;
    const budgetText = `${budget.p50}/${Number.isFinite(budget.p99) ? budget.p99 : '-'}`;
    lines.push([
      target.name,
      ms(http.p50),
      ms(http.p99),
      http.rps.toFixed(0),
      budgetText,
      ms(raw.p50),
      ms(raw.p99),
      `${(http.p50 / raw.p50).toFixed(1)}x`,
      ok ? 'ok' : http.failed ? `${http.failed} failed` : 'OVER',
    ]);
  }
  printTable(header, lines);
  printLoad();
  return clean;
}

function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${[format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n')}`);
}

/** The machine's load while measuring: the figures mean little when other work shares the cores. */
function printLoad() {
  console.log(
    `\nload average (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median time of `runs` calls in a row (after one discarded), and the slowest. */
async function timed(runs: number, call: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times) };
}

type Deep = { name: string; query: Record<string, string>; raw: SQL; runs: number; budget: 'ratio' | 'cursor' };

/** Deep pages, one call at a time: by page number against raw SQL's own offset walk, and by cursor. */
async function deepTargets(db: Db): Promise<Deep[]> {
  const total = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_logs`))[0].n);
  const lastPage = Math.ceil(total / PAGE_SIZE);
  const cursorPage = async (page: number): Promise<Deep> => {
    const c = await cursorBefore(db, page);
    return {
      name: `page ${page.toLocaleString('en')} by cursor`,
      query: { Cursor: encodeCursor({ time: c.t, id: c.id }) },
      raw: rawPage(sql`(created_at, id) < (${c.t}::timestamptz, ${c.id}::uuid)`),
      runs: 11,
      budget: 'cursor',
    };
  };
  return [
    {
      name: `page ${DEEP_PAGE.toLocaleString('en')} by PageNumber`,
      query: { PageNumber: String(DEEP_PAGE) },
      raw: rawPage(undefined, (DEEP_PAGE - 1) * PAGE_SIZE),
      runs: 3,
      budget: 'ratio',
    },
    {
      name: `page ${DEEP_PAGE.toLocaleString('en')} by PageNumber, oldest first`,
      query: { PageNumber: String(DEEP_PAGE), SortOrder: 'asc' },
      raw: sql`select ${RAW_COLUMNS} from audit_logs order by created_at asc, id asc limit ${PAGE_SIZE + 1} offset ${(DEEP_PAGE - 1) * PAGE_SIZE}`,
      runs: 3,
      budget: 'ratio',
    },
    await cursorPage(DEEP_PAGE),
    { ...(await cursorPage(lastPage)), name: `the last page (${lastPage.toLocaleString('en')}) by cursor` },
  ];
}

type DeepResult = { clean: boolean; medians: { name: string; flock: number; raw: number }[] };

async function measureDeep(database: Database, base: string, token: string, list: Deep[]): Promise<DeepResult> {
  const medians: DeepResult['medians'] = [];
  const header = ['one call at a time', 'Flock median ms', 'max', 'raw median ms', 'max', 'ratio', 'budget', 'verdict'];
  const lines: string[][] = [];
  let clean = true;
  for (const target of list) {
    const url = `${base}/api/AuditTrail/GetAllAudit?${new URLSearchParams({ PageSize: String(PAGE_SIZE), ...target.query })}`;
    const flock = await timed(target.runs, async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${target.name}: HTTP ${res.status}`);
      await res.arrayBuffer();
    });
    const raw = await timed(target.runs, () => database.db.execute(target.raw));
    const ratio = flock.median / raw.median;
    medians.push({ name: target.name, flock: flock.median, raw: raw.median });
    // The cursor's 30 ms is PostgreSQL's budget; PGlite's figures are printed, not judged.
    const ok =
      target.budget === 'ratio' ? ratio <= DEEP_BUDGETS.offsetRatio : database.kind !== 'postgres' || flock.median < DEEP_BUDGETS.cursorMs;
    clean &&= ok;
    lines.push([
      target.name,
      ms(flock.median),
      ms(flock.max),
      ms(raw.median),
      ms(raw.max),
      `${ratio.toFixed(2)}x`,
      target.budget === 'ratio'
        ? `<= ${DEEP_BUDGETS.offsetRatio}x raw`
        : `< ${DEEP_BUDGETS.cursorMs} ms${database.kind === 'postgres' ? '' : ' (PG)'}`,
      ok ? 'ok' : 'OVER',
    ]);
  }
  printTable(header, lines);
  printLoad();
  return { clean, medians };
}

/** How each deep page's time grew from the first step's size to the last's (flat is the aim). */
function printGrowth(steps: { rows: number; medians: DeepResult['medians'] }[]) {
  if (steps.length < 2) return;
  const [first, last] = [steps[0], steps[steps.length - 1]];
  const size = (rows: number) => `${(rows / MILLION).toLocaleString('en')}M rows`;
  const header = [
    'deep page (at the last size)',
    `Flock at ${size(first.rows)}`,
    `at ${size(last.rows)}`,
    'growth',
    `raw at ${size(first.rows)}`,
    `at ${size(last.rows)}`,
    'growth',
  ];
  const lines = last.medians.map((m, i) => {
    const before = first.medians[i];
    return [
      m.name,
      ms(before.flock),
      ms(m.flock),
      `${(m.flock / before.flock).toFixed(2)}x`,
      ms(before.raw),
      ms(m.raw),
      `${(m.raw / before.raw).toFixed(2)}x`,
    ];
  });
  console.log(`\nGrowth from ${size(first.rows)} to ${size(last.rows)} (medians, ms)`);
  printTable(header, lines);
}

/** The audit benchmark; answers the exit code. */
export async function benchAudit(): Promise<number> {
  // BENCH_DATA_DIR keeps the PGlite data between runs (generating a million rows there takes minutes).
  const kept = process.env.BENCH_DATA_DIR;
  const tempDir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-audit-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database, password } = await prepare(config);
  const app = await buildApp(config, database);
  try {
    console.log(`Database: ${database.kind}; ${STEPS.map((rows) => rows.toLocaleString('en')).join(' then ')} rows`);
    const people = await seedAll(database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await benchSignIn(base, BENCH_ADMIN, password);
    let clean = true;
    const grown: { rows: number; medians: DeepResult['medians'] }[] = [];
    for (const rows of STEPS) {
      // A kept database already past a step cannot be measured at it (rows are never taken away).
      if (rows < ROWS && (await auditRows(database.db)) > rows) {
        console.log(`audit_logs already holds more than ${rows.toLocaleString('en')} rows: that step is left out`);
        continue;
      }
      await generate(database.db, rows, people);
      // The pages under load once, at the last size; BENCH_AUDIT=deep: the single calls alone.
      if (rows === ROWS && process.env.BENCH_AUDIT !== 'deep') {
        console.log(
          `\nGetAllAudit, ${PAGE_SIZE} rows a page, ${CONNECTIONS} connections, ${DURATION_S} s each (after 1 s of warm-up); raw SQL: the page's SELECT alone at the same concurrency\n`,
        );
        clean = (await measure(database, base, token, await targets(database.db, people))) && clean;
      }
      console.log(
        `\nDeep pages at ${rows.toLocaleString('en')} rows, ${PAGE_SIZE} rows a page, one call at a time (median after one discarded); raw SQL: the same page's SELECT, no names, no count`,
      );
      const deep = await measureDeep(database, base, token, await deepTargets(database.db));
      clean = deep.clean && clean;
      grown.push({ rows, medians: deep.medians });
    }
    printGrowth(grown);
    if (!clean) console.error('\nA budget was missed or requests failed.');
    return clean ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    if (!kept) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
