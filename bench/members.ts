/**
 * `npm run bench -- members`: the member list at 100,000 members. Loads them into
 * Flock's own schema, then measures in one run (a) the same-shaped query over a plain table with
 * 20 clients (pgbench on PostgreSQL), the limit, and (b) Flock's member list over HTTP at 20
 * connections (autocannon in its own process), with the answer kept and made afresh, and checks
 * the budgets. BENCH_MEMBERS (a denomination's 1,000,000) measures at 100,000 first, grows the
 * church to that size and measures again, printing how each figure grew. See bench/README.md.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { Result } from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Database } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { forgetAnswers, keepListAnswers } from '@/server/engines/listAnswers.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';
import { loadAverage, percentile, pgbench, runMeasured } from './nativeSql.js';

export const MEMBERS = 100_000;
/** The members of the last step; past 100,000 the figures are measured at 100,000 first. */
const SCALE_TO = Math.min(Math.max(Number(process.env.BENCH_MEMBERS) || MEMBERS, MEMBERS), 2_000_000);
const STEPS = SCALE_TO > MEMBERS ? [MEMBERS, SCALE_TO] : [MEMBERS];
/** Members written per statement when the church grows (each statement's transition tables stay at 100,000 rows). */
const GROW_CHUNK = 100_000;
const ZONES = 40;
const CLIENTS = 20;
const DURATION_S = Math.min(Math.max(Number(process.env.BENCH_DURATION) || 10, 1), 60);
const BENCH_ADMIN = 'bench.admin@example.org';
/** The measured query: zone 7, Female, by surname, page 3 of 25. */
const PAGE = { zone: 7, gender: 'Female', pageNumber: 3, pageSize: 25 };
const SINGLE_CALLS = 21;

const SURNAMES = [
  'Abiodun',
  'Adebayo',
  'Adeleke',
  'Adeyemi',
  'Afolabi',
  'Agbaje',
  'Akande',
  'Akinola',
  'Alabi',
  'Aliyu',
  'Amadi',
  'Anyanwu',
  'Awolowo',
  'Babatunde',
  'Balogun',
  'Bello',
  'Chukwu',
  'Danjuma',
  'Dike',
  'Ebere',
  'Edet',
  'Egwu',
  'Ekwueme',
  'Eze',
  'Falana',
  'Fashola',
  'Garba',
  'Ibekwe',
  'Ibrahim',
  'Idowu',
  'Ige',
  'Ihejirika',
  'Ikenna',
  'Iwu',
  'Jaja',
  'Kalu',
  'Lawal',
  'Madu',
  'Mbah',
  'Musa',
  'Nnamdi',
  'Nwachukwu',
  'Nwosu',
  'Obi',
  'Odili',
  'Odum',
  'Ogbonna',
  'Ogunleye',
  'Ojo',
  'Okafor',
  'Okeke',
  'Okonkwo',
  'Okoro',
  'Olawale',
  'Olusegun',
  'Onyeka',
  'Oyelaran',
  'Oyewole',
  'Sanni',
  'Shittu',
  'Soyinka',
  'Sule',
  'Taiwo',
  'Udeh',
  'Ugwu',
  'Umeh',
  'Usman',
  'Uzor',
  'Yakubu',
  'Yusuf',
];
const FIRST_NAMES = [
  'Ada',
  'Adaeze',
  'Amaka',
  'Bisi',
  'Bode',
  'Chidi',
  'Chika',
  'Chinedu',
  'Dayo',
  'Ebuka',
  'Efe',
  'Emeka',
  'Funke',
  'Gbenga',
  'Halima',
  'Ifeoma',
  'Ike',
  'Jide',
  'Kemi',
  'Kunle',
];
const STATES = ['Abia', 'Anambra', 'Enugu', 'Kaduna', 'Kano', 'Lagos', 'Ogun', 'Ondo', 'Osun', 'Oyo', 'Rivers'];

const textArray = (values: string[]) =>
  sql`(array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[])`;

/**
 * Members `from` to `to` (the first 100,000 by default), each a user with biodata, church
 * affiliation and the member role, written set-based (generate_series) in one statement per
 * table. Deterministic: member i is in zone (i / 2) % 40 + 1 and Female when i is even, so each
 * zone holds 2,500 of the first 100,000, of whom 1,250 women.
 */
export async function loadMembers(db: Database['db'], from = 1, to = MEMBERS) {
  const id = (i: unknown) => sql`md5('bench-member-' || ${i})::uuid`;
  if (from === 1) await db.execute(sql`insert into zones (zone_name) select 'Bench Zone ' || z from generate_series(1, ${ZONES}) z`);
  await db.execute(sql`
    with s as (select i, ${textArray(SURNAMES)}[1 + (i / 80) % 70] as sur, ${textArray(FIRST_NAMES)}[1 + (i / 7) % 20] as first,
      case when i % 2 = 0 then 'Female' else 'Male' end as gender, 'bench.member.' || i || '@example.org' as email,
      '080' || lpad(i::text, 8, '0') as phone from generate_series(${from}::int, ${to}::int) i),
    u as (insert into users (id, email, first_name, sur_name, gender, mobile1, email_verified, is_first_timer, converted_at)
      select ${id(sql`i`)}, email, first, sur, gender, phone, true, false, now() from s returning id),
    b as (insert into biodata (user_id, first_name, sur_name, email, mobile1, gender, marital_status, employment_status, state, country, date_of_birth)
      select ${id(sql`i`)}, first, sur, email, phone, gender, (array['Single', 'Married', 'Widowed'])[1 + i % 3],
        (array['Employed', 'Unemployed', 'Self-employed', 'Student'])[1 + i % 4], ${textArray(STATES)}[1 + (i / 3) % 11], 'Nigeria',
        date '1950-01-01' + (i * 37) % 20000 from s)
    insert into church_affiliations (user_id, zone_id)
    select ${id(sql`i`)}, (select id from zones where zone_name = 'Bench Zone ' || ((i / 2) % ${ZONES} + 1)) from s`);
  await db.execute(sql`insert into user_roles (user_id, role_id)
    select ${id(sql`i`)}, (select id from roles where name = 'member') from generate_series(${from}::int, ${to}::int) i`);
}

/** The bench's members already there (a kept database is reused and grown). */
async function membersThere(db: Database['db']): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users where email like 'bench.member.%'`))[0].n;
}

/** Grows the church to `members`, GROW_CHUNK at a time, then the filters' data and the anchor's table. */
async function grow(db: Database['db'], members: number) {
  for (let from = (await membersThere(db)) + 1; from <= members; from += GROW_CHUNK) {
    await loadMembers(db, from, Math.min(from + GROW_CHUNK - 1, members));
    process.stdout.write(`  ${Math.min(from + GROW_CHUNK - 1, members)} members\r`);
  }
  await loadCustomField(db, members);
  await loadTag(db, members);
  await loadPlainTable(db);
  // Index-only scans need the visibility map, and PGlite runs no autovacuum.
  await db.execute(sql`vacuum analyze`);
}

/**
 * The anchor: the same data as a plain table with the index each measured query needs (zone and
 * gender for (a); the name order for the deep page's limit).
 */
async function loadPlainTable(db: Database['db']) {
  await db.execute(sql`drop table if exists bench_plain_members`);
  await db.execute(sql`create table bench_plain_members as
    select user_id as id, first_name, sur_name, email, phone, gender, zone_id from member_directory where not archived and not is_first_timer`);
  await db.execute(sql`create index on bench_plain_members (zone_id, gender, sur_name, first_name, id)`);
  await db.execute(sql`create index on bench_plain_members (sur_name, first_name, id)`);
  await db.execute(sql`alter table bench_plain_members add primary key (id)`);
}

/** The custom field of the filter case (docs/decisions/0209): a number per member, i % 100; the case asks 10 to 12 (3 %). */
const CUSTOM_FIELD = { name: 'Bench classes attended', from: 10, to: 12 };

/** The field and every member's value, once (a kept data dir keeps them). */
async function loadCustomField(db: Database['db'], members: number) {
  await db.execute(sql`insert into custom_fields (name, type, visibility) values (${CUSTOM_FIELD.name}, 'number', 'everyone')
    on conflict do nothing`);
  const [{ id }] = rowsOf<{ id: string }>(await db.execute(sql`select id from custom_fields where name = ${CUSTOM_FIELD.name}`));
  await db.execute(sql`insert into custom_field_values (field_id, user_id, number_value)
    select ${id}, md5('bench-member-' || i)::uuid, i % 100 from generate_series(1, ${members}::int) i
    on conflict do nothing`);
  return id;
}

/** The tag of the tag case (docs/decisions/0212): on every 33rd member (3 %). */
const TAG = { name: 'Bench choir', every: 33 };

/** The tag and its people, once (a kept data dir keeps them). */
async function loadTag(db: Database['db'], members: number) {
  await db.execute(sql`insert into tags (name) values (${TAG.name}) on conflict do nothing`);
  await db.execute(sql`insert into person_tags (tag_id, user_id)
    select (select id from tags where name = ${TAG.name}), md5('bench-member-' || i)::uuid
    from generate_series(${TAG.every}::int, ${members}::int, ${TAG.every}::int) i
    on conflict do nothing`);
}

async function prepare(config: AppConfig) {
  const { database, password } = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });
  const started = performance.now();
  await grow(database.db, STEPS[0]);
  return { database, password, loadMs: performance.now() - started };
}

type Timing = { requestsPerSecond: number; p50: number; p99: number; total: number };

/** Runs `clients` loops of one call each until time is up; latencies in ms. */
async function loop(clients: number, seconds: number, call: (client: number) => Promise<unknown>): Promise<Timing> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < until) {
        const t = performance.now();
        await call(c);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: latencies.length,
  };
}

const ANCHOR_PAGE = `select id, first_name, sur_name, email, phone, gender from bench_plain_members
  where zone_id = $1 and gender = $2 order by sur_name, first_name, id limit $3 offset $4`;
const ANCHOR_COUNT = 'select count(*) from bench_plain_members where zone_id = $1 and gender = $2';

/** The anchor's values: zone 7, Female, page 3 of 25. */
const anchorValues = (zoneId: string) => [zoneId, PAGE.gender, PAGE.pageSize, (PAGE.pageNumber - 1) * PAGE.pageSize];

/** A statement with its $n replaced by the values as literals (the bench's own values: a uuid, a word, numbers). */
const withValues = (text: string, values: unknown[]) =>
  values.reduce<string>((q, v, i) => q.replace(`$${i + 1}`, typeof v === 'number' ? String(v) : `'${String(v)}'`), text);

/** (a), raw SQL under load, with the CPU time of its load generator when it runs in a process of its own. */
type Anchor = Timing & { by: string; cpuMs?: number };

/**
 * (a) on PostgreSQL: pgbench, a native client in its own process, runs the anchor's page and count
 * as one transaction of a custom script, prepared, from 20 connections over 2 threads.
 */
async function pgbenchAnchor(databaseUrl: string, zoneId: string): Promise<Anchor> {
  const values = anchorValues(zoneId);
  const script = [withValues(ANCHOR_PAGE, values), withValues(ANCHOR_COUNT, values)].map((q) => `${q.replace(/\s+/g, ' ')};\n`).join('');
  await pgbench(databaseUrl, script, CLIENTS, 1);
  const run = await pgbench(databaseUrl, script, CLIENTS, DURATION_S);
  return { by: 'pgbench', requestsPerSecond: run.tps, p50: run.p50, p99: run.p99, total: run.transactions, cpuMs: run.cpuMs };
}

/** (a) on PGlite (no native client reaches it): 20 concurrent loops over its one connection. */
async function pgliteAnchor(database: Database, zoneId: string): Promise<Anchor> {
  const values = anchorValues(zoneId);
  const once = async () => {
    await database.db.execute(sql.raw(withValues(ANCHOR_PAGE, values)));
    await database.db.execute(sql.raw(withValues(ANCHOR_COUNT, values.slice(0, 2))));
  };
  await loop(CLIENTS, 1, once);
  return { by: 'PGlite loops', ...(await loop(CLIENTS, DURATION_S, once)) };
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

/**
 * Loads url with autocannon in a process of its own (the load generator outside the server's
 * process, its CPU time measured apart), at 20 connections for seconds.
 */
async function loadHttp(url: string, token: string, seconds: number): Promise<Result & { cpuMs: number }> {
  const args = [AUTOCANNON, '-c', String(CLIENTS), '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, url];
  const { out, cpuMs } = await runMeasured(process.execPath, args);
  const json = out.split('\n').findLast((line) => line.startsWith('{'));
  if (!json) throw new Error(`autocannon printed no result:\n${out}`);
  return { ...(JSON.parse(json) as Result), cpuMs };
}

type ListBody = { data: Array<{ id: string }>; totalCount: number; nextCursor?: string };

async function getList(base: string, token: string, query: string): Promise<ListBody> {
  const res = await fetch(`${base}/api/ChurchAffiliation/GetMemberQuery?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as ListBody;
  if (res.status !== 200) throw new Error(`GetMemberQuery?${query} answered ${res.status}`);
  return body;
}

/** The median and slowest of one call made SINGLE_CALLS times in a row, after one (the machine is shared: one call alone is noise). */
async function timesOf(call: () => Promise<unknown>) {
  await call();
  const times: number[] = [];
  for (let i = 0; i < SINGLE_CALLS; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), max: times[times.length - 1] };
}

const singleCall = (base: string, token: string, query: string) => timesOf(() => getList(base, token, query));

/**
 * The limit of a deep page: its 25 rows by offset from the plain table (the ids through an
 * index-only scan, then their rows, as Flock reads them), through the server's own database
 * handle, timed as a single call.
 */
async function rawDeepPage(db: Database['db'], pageNumber: number) {
  const page = sql.raw(`select p.id, p.first_name, p.sur_name, p.email, p.phone, p.gender
    from (select id from bench_plain_members order by sur_name, first_name, id limit 25 offset ${(pageNumber - 1) * 25}) ids
    join bench_plain_members p using (id) order by p.sur_name, p.first_name, p.id`);
  return timesOf(() => db.execute(page));
}

/** What SQL computes over the source tables (not the directory): the page's ids and the count. */
async function expectedPage(db: Database['db'], zoneId: string) {
  const where = sql`a.zone_id = ${zoneId} and coalesce(b.gender, u.gender) = ${PAGE.gender} and not u.is_first_timer and not coalesce(b.demise, false)`;
  const from = sql`users u left join biodata b on b.user_id = u.id left join church_affiliations a on a.user_id = u.id`;
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select u.id from ${from} where ${where}
      order by coalesce(b.sur_name, u.sur_name), coalesce(b.first_name, u.first_name), u.id
      limit ${PAGE.pageSize} offset ${(PAGE.pageNumber - 1) * PAGE.pageSize}`),
  ).map((r) => r.id);
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} where ${where}`));
  return { ids, n };
}

/**
 * CPU time of the main thread (the server; autocannon runs in a process of its own), from Linux's per-thread
 * counters: unlike wall time, waiting for a core on a loaded machine does not inflate it.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * BENCH_PROFILE=<file>: a CPU profile of the main thread (the server) during (b), to open in
 * Chromium's DevTools, for finding where a call's time goes.
 */
async function startProfile(): Promise<() => Promise<void>> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** The member list's answer kept (the repeated page is served from memory), or made on every call (docs/decisions/0241, 0248). */
type Path = 'kept' | 'miss';
const PATHS: Record<Path, string> = { kept: 'answer kept', miss: 'answer made on every call' };

/** Both paths, kept first; BENCH_LIST_ANSWERS=off: only the miss path. */
const listPaths = (): Path[] => (process.env.BENCH_LIST_ANSWERS === 'off' ? ['miss'] : ['kept', 'miss']);

/** (b): autocannon's result and CPU time, and the server's main thread's work per call. */
type HttpRun = { result: Result & { cpuMs: number }; busyPerCall: number; cpuPerCall?: number };

/** (b) for one path: 1 s of warm-up, then the measured run (profiled with BENCH_PROFILE: the last path's). */
async function measureHttp(url: string, token: string): Promise<HttpRun> {
  await loadHttp(url, token, 1);
  const before = performance.eventLoopUtilization();
  const cpuBefore = mainThreadCpuMs();
  const stopProfile = await startProfile();
  const result = await loadHttp(url, token, DURATION_S);
  await stopProfile();
  // The server's own work per call, which the machine's load does not inflate the way it does req/s.
  const busyPerCall = performance.eventLoopUtilization(before).active / result.requests.total;
  const cpuPerCall = cpuBefore === undefined ? undefined : (mainThreadCpuMs()! - cpuBefore) / result.requests.total;
  return { result, busyPerCall, cpuPerCall };
}

/** A load generator's CPU: ms per request, and the share of one core it took over the run. */
const generatorCpu = (cpuMs: number | undefined, requests: number) =>
  cpuMs === undefined
    ? '(in process)'
    : `${(cpuMs / requests).toFixed(3)} ms/req, ${((cpuMs / (DURATION_S * 1000)) * 100).toFixed(0)} % of a core`;

function printRuns(anchor: Anchor, runs: Array<{ path: Path; run: HttpRun }>, health: Result & { cpuMs: number }) {
  const header = ['', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'load generator CPU'];
  const row = (name: string, r: Result & { cpuMs: number }) => [
    name,
    r.requests.average.toFixed(0),
    String(r.latency.p50),
    String(r.latency.p99),
    String(r.requests.total),
    generatorCpu(r.cpuMs, r.requests.total),
  ];
  const lines = [
    [
      `(a) ${anchor.by}`,
      anchor.requestsPerSecond.toFixed(0),
      anchor.p50.toFixed(2),
      anchor.p99.toFixed(2),
      String(anchor.total),
      generatorCpu(anchor.cpuMs, anchor.total),
    ],
    ...runs.map(({ path, run }) => row(`(b) Flock ${path}`, run.result)),
    row('GET /api/health', health),
  ];
  const width = (i: number) => (i === 0 ? 18 : i === 5 ? 36 : 10);
  console.log('\n' + [header, ...lines].map((l) => l.map((c, i) => (i === 0 ? c.padEnd(18) : c.padStart(width(i)))).join('')).join('\n'));
  for (const { path, run } of runs) {
    const ratio = run.result.requests.average / anchor.requestsPerSecond;
    console.log(
      `(b) ${path}: b/a = ${ratio.toFixed(2)}, p99 ${run.result.latency.p99} ms against (a)'s ${anchor.p99.toFixed(2)} ms (x${(run.result.latency.p99 / anchor.p99).toFixed(2)}); ` +
        `the server's main thread busy ${run.busyPerCall.toFixed(2)} ms per call` +
        (run.cpuPerCall === undefined ? '' : `, ${run.cpuPerCall.toFixed(2)} ms of CPU per call (user + system)`),
    );
  }
  console.log('(GET /api/health has no budget: the HTTP floor of this machine in this run)');
}

/**
 * The budgets of (b) on one path. PostgreSQL (issue 35): at least half of pgbench's transactions
 * a second, and a p99 within twice pgbench's own, in the same run. PGlite: 500 a second and a p99
 * of 15 ms (issue 11).
 */
function httpChecks(path: Path, run: HttpRun, anchor: Anchor, pglite: boolean): Check[] {
  const { result } = run;
  const failed = result.non2xx + result.errors + result.timeouts;
  const ratio = result.requests.average / anchor.requestsPerSecond;
  const p99 = `${result.latency.p99} ms`;
  return [
    { name: `HTTP requests failed (${path})`, figure: String(failed), budget: '0', ok: failed === 0 },
    pglite
      ? {
          name: `b req/s (${path}, PGlite)`,
          figure: result.requests.average.toFixed(0),
          budget: '>= 500',
          ok: result.requests.average >= 500,
        }
      : { name: `b/a (${path}, a = pgbench)`, figure: ratio.toFixed(2), budget: '>= 0.5', ok: ratio >= 0.5 },
    pglite
      ? { name: `b p99 (${path})`, figure: p99, budget: `<= 15 ms (raw SQL, a: ${anchor.p99.toFixed(1)} ms)`, ok: result.latency.p99 <= 15 }
      : {
          name: `b p99 (${path})`,
          figure: p99,
          budget: `<= 2 x a's p99 = ${(2 * anchor.p99).toFixed(1)} ms`,
          ok: result.latency.p99 <= 2 * anchor.p99,
        },
  ];
}

type Check = { name: string; figure: string; budget: string; ok: boolean };

async function measure(base: string, database: Database, password: string, databaseUrl?: string): Promise<Check[]> {
  const token = await benchSignIn(base, BENCH_ADMIN, password);
  const [{ id: zoneId }] = rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from zones where zone_name = ${`Bench Zone ${PAGE.zone}`}`),
  );
  const query = `ZoneId=${zoneId}&Gender=${PAGE.gender}&SortBy=surName&PageNumber=${PAGE.pageNumber}&PageSize=${PAGE.pageSize}`;

  const expected = await expectedPage(database.db, zoneId);
  const got = await getList(base, token, query);
  const sameIds = JSON.stringify(got.data.map((r) => r.id)) === JSON.stringify(expected.ids);
  console.log(
    `Zone ${PAGE.zone} + ${PAGE.gender}: totalCount ${got.totalCount} (SQL: ${expected.n}); page ${PAGE.pageNumber} ids ${sameIds ? 'equal' : 'DIFFER from'} SQL's`,
  );

  console.log(`\n(a) anchor: plain table, rows + count, ${CLIENTS} clients, ${DURATION_S} s; load average ${loadAverage()}...`);
  const anchor = databaseUrl ? await pgbenchAnchor(databaseUrl, zoneId) : await pgliteAnchor(database, zoneId);
  const url = `${base}/api/ChurchAffiliation/GetMemberQuery?${query}`;
  const runs: Array<{ path: Path; run: HttpRun }> = [];
  for (const path of listPaths()) {
    console.log(
      `(b) Flock, ${PATHS[path]}: GET ${url.replace(base, '').replace(zoneId, '<zone 7>')}, ${CLIENTS} connections, ${DURATION_S} s...`,
    );
    keepListAnswers(path === 'kept');
    forgetAnswers(database.db);
    runs.push({ path, run: await measureHttp(url, token) });
  }
  // The floor of any call on this machine in this run: routing, envelope, one `select 1`, no token.
  const health = await loadHttp(`${base}/api/health`, token, DURATION_S);
  console.log(`Load average after: ${loadAverage()}`);
  printRuns(anchor, runs, health);
  const deepCursor = await cursorAt(base, token, 2000);
  const single = {
    page1: await singleCall(base, token, 'PageSize=25'),
    page2000: await singleCall(base, token, 'PageNumber=2000&PageSize=25'),
    cursor2000: await singleCall(base, token, `PageSize=25&Cursor=${deepCursor}`),
    search: await singleCall(base, token, 'Search=Ade&PageSize=25'),
  };
  const rawPage2000 = await rawDeepPage(database.db, 2000);
  const custom = await customFieldCase(database.db, base, token);
  const tagged = await tagCase(database.db, base, token);
  const ms = (t: { median: number; max: number }) => `${t.median.toFixed(1)} ms (max ${t.max.toFixed(1)})`;
  return [
    {
      name: 'totalCount and page ids equal SQL',
      figure: `${got.totalCount} / ${sameIds ? 'same ids' : 'ids differ'}`,
      budget: `${expected.n} / same ids`,
      ok: got.totalCount === expected.n && sameIds,
    },
    ...runs.flatMap(({ path, run }) => httpChecks(path, run, anchor, database.kind === 'pglite')),
    { name: 'one call: unfiltered page 1', figure: ms(single.page1), budget: '< 10 ms', ok: single.page1.median < 10 },
    {
      name: 'one call: unfiltered page 2,000',
      figure: ms(single.page2000),
      budget: `< 10 ms (raw SQL, its rows alone: ${ms(rawPage2000)})`,
      ok: single.page2000.median < 10,
    },
    { name: 'one call: page 2,001 by Cursor', figure: ms(single.cursor2000), budget: '(no budget)', ok: true },
    { name: "one call: surname prefix 'Ade'", figure: ms(single.search), budget: '< 10 ms', ok: single.search.median < 10 },
    filterCheck(`one call: custom field ${CUSTOM_FIELD.from} to ${CUSTOM_FIELD.to}`, custom),
    filterCheck(`one call: tag on every ${TAG.every}rd`, tagged),
  ];
}

/**
 * A filter case's check: the member list's goal, at least half the speed of its raw SQL (issue 33),
 * beside the median of each; the same total as SQL's.
 */
function filterCheck(
  name: string,
  c: { raw: { median: number; max: number }; flock: { median: number; max: number }; sameTotal: boolean },
): Check {
  const ratio = c.raw.median / c.flock.median;
  return {
    name,
    figure: `${c.flock.median.toFixed(1)} ms, raw/Flock ${ratio.toFixed(2)}`,
    budget: `raw/Flock >= 0.5 (raw SQL, page + count: ${c.raw.median.toFixed(1)} ms)`,
    ok: ratio >= 0.5 && c.sameTotal,
  };
}

/**
 * The member list under one filter, page 1 by surname with its total, beside its anchor: the same
 * page and count in raw SQL over the plain table, the filter's ids from `matching`.
 */
async function filterCase(db: Database['db'], base: string, token: string, label: string, matching: SQL, query: string) {
  const page = sql`select p.id, p.first_name, p.sur_name, p.email, p.phone, p.gender from bench_plain_members p
    where p.id in (${matching}) order by p.sur_name, p.first_name, p.id limit 25`;
  const count = sql`select count(*)::int as n from bench_plain_members where id in (${matching})`;
  const raw = await timesOf(async () => {
    await db.execute(page);
    await db.execute(count);
  });
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(count));
  const got = await getList(base, token, `${query}&PageSize=25`);
  console.log(`${label}: totalCount ${got.totalCount} (SQL: ${n})`);
  return { raw, flock: await singleCall(base, token, `${query}&PageSize=25`), sameTotal: got.totalCount === n };
}

/** A custom number field between two values (3 % of the members; docs/decisions/0209). */
async function customFieldCase(db: Database['db'], base: string, token: string) {
  const [{ id }] = rowsOf<{ id: string }>(await db.execute(sql`select id from custom_fields where name = ${CUSTOM_FIELD.name}`));
  const matching = sql`select user_id from custom_field_values where field_id = ${id}
    and number_value >= ${CUSTOM_FIELD.from} and number_value <= ${CUSTOM_FIELD.to}`;
  const query = `CustomField=${id}&CustomFrom=${CUSTOM_FIELD.from}&CustomTo=${CUSTOM_FIELD.to}`;
  return filterCase(db, base, token, `Custom field ${CUSTOM_FIELD.from} to ${CUSTOM_FIELD.to}`, matching, query);
}

/** One tag (3 % of the members; docs/decisions/0212). */
async function tagCase(db: Database['db'], base: string, token: string) {
  const [{ id }] = rowsOf<{ id: string }>(await db.execute(sql`select id from tags where name = ${TAG.name}`));
  const matching = sql`select user_id from person_tags where tag_id = ${id}`;
  return filterCase(db, base, token, `Tag on every ${TAG.every}rd member`, matching, `Tag=${id}`);
}

/** The nextCursor of unfiltered page `n` (25 a page), reached by PageNumber. */
async function cursorAt(base: string, token: string, n: number): Promise<string> {
  const body = await getList(base, token, `PageNumber=${n}&PageSize=25`);
  if (!body.nextCursor) throw new Error(`page ${n} has no nextCursor`);
  return body.nextCursor;
}

/** How each figure grew from the first size to the last: flat is the aim for paged reads (issue 35). */
function printGrowth(measured: Array<{ members: number; checks: Check[] }>) {
  if (measured.length < 2) return;
  const [first, last] = [measured[0], measured[measured.length - 1]];
  console.log(
    `\nFrom ${first.members.toLocaleString('en')} to ${last.members.toLocaleString('en')} members (each figure's leading number):`,
  );
  for (const check of last.checks) {
    const before = parseFloat(first.checks.find((c) => c.name === check.name)?.figure ?? '');
    const after = parseFloat(check.figure);
    if (!Number.isFinite(before) || !Number.isFinite(after) || before === 0) continue;
    console.log(
      `${check.name.padEnd(36)} ${String(before).padStart(10)} -> ${String(after).padStart(10)}   ${(after / before).toFixed(2)}x`,
    );
  }
}

export async function benchMembers(): Promise<number> {
  // BENCH_DATA_DIR keeps the PGlite data between runs (loading 100,000 members takes minutes).
  const kept = process.env.BENCH_DATA_DIR;
  const tempDir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-members-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    const prepared = await prepare(config);
    database = prepared.database;
    console.log(`Database: ${database.kind}; ${MEMBERS} members loaded (or found) and vacuumed in ${Math.round(prepared.loadMs)} ms`);
    app = await buildApp(config, database);
    // (b) runs with the answer kept, then made on every call (docs/decisions/0241, 0248); the
    // single calls after it make theirs (BENCH_LIST_ANSWERS=off: the miss path alone).
    console.log(
      `(b) paths: ${listPaths()
        .map((p) => PATHS[p])
        .join(', then ')}`,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const measured: Array<{ members: number; checks: Check[] }> = [];
    for (const members of STEPS) {
      // A kept database already past a step cannot be measured at it (members are never taken away).
      if (members < SCALE_TO && (await membersThere(database.db)) > members) {
        console.log(`The database holds more than ${members.toLocaleString('en')} members: that step is left out`);
        continue;
      }
      if (members !== STEPS[0]) {
        const started = performance.now();
        await grow(database.db, members);
        console.log(`\nGrown to ${members} members in ${Math.round((performance.now() - started) / 1000)} s`);
      }
      console.log(`\n=== ${members.toLocaleString('en')} members`);
      const checks = await measure(base, database, prepared.password, config.databaseUrl);
      console.log('\nBudgets:');
      for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'MISS'} ${c.name.padEnd(36)} ${c.figure.padStart(24)}   budget ${c.budget}`);
      measured.push({ members, checks });
    }
    printGrowth(measured);
    return measured.every(({ checks }) => checks.every((c) => c.ok)) ? 0 : 1;
  } finally {
    await app?.close();
    await database?.close();
    if (!kept) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
