/**
 * `npm run bench`: the real server over a database seeded with the demo church, loaded with
 * autocannon on loopback for a bounded time per endpoint, then one timed bulk conversion of
 * 10,000 first-timers (bench/convert.ts). `npm run bench -- members`: bench/members.ts instead
 * (`-- audit`: bench/audit.ts, `-- audit-estimate`: bench/auditEstimate.ts, `-- cih`: bench/cih.ts,
 * `-- import`: bench/import.ts, `-- import-xlsx`: bench/importXlsx.ts, `-- timing`: bench/accountTiming.ts,
 * `-- zones`: bench/zoneDropdown.ts, `-- flood`: bench/signInFlood.ts, `-- mail`: bench/mailRate.ts, `-- households`: bench/householdsMigration.ts,
 * `-- move`: bench/moveToPostgres.ts, `-- sunday`: bench/sunday.ts, `-- mail-crash`: bench/mailCrash.ts, `-- giving`: bench/giving.ts).
 * See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Database } from '@/server/db/client.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';
import { benchConvert } from './convert.js';

/** Bounded whatever the environment says: at most a minute and 200 connections per endpoint. */
const clamp = (value: string | undefined, fallback: number, max: number) => Math.min(Math.max(Number(value) || fallback, 1), max);
const DURATION_S = clamp(process.env.BENCH_DURATION, 5, 60);
const CONNECTIONS = clamp(process.env.BENCH_CONNECTIONS, 20, 200);
const WARMUP_S = 1;
const MAX_REQUESTS = 500_000;
/** The bench signs in as its own administrator, so it never needs anybody's password. */
const BENCH_ADMIN = 'bench.admin@example.org';

type Target = { name: string; path: string; auth: boolean };
const TARGETS: Target[] = [
  { name: 'GET /api/health', path: '/api/health', auth: false },
  { name: 'GET /api/Stats/GetAdminDashboardStats', path: '/api/Stats/GetAdminDashboardStats', auth: true },
];

async function prepare(config: AppConfig): Promise<{ database: Database; password: string; seedMs: number }> {
  const started = performance.now();
  const opened = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: true, demoPassword: config.demoPassword });
  return { ...opened, seedMs: performance.now() - started };
}

function load(base: string, target: Target, token: string, seconds = DURATION_S): Promise<Result> {
  return autocannon({
    url: `${base}${target.path}`,
    headers: target.auth ? { authorization: `Bearer ${token}` } : {},
    connections: CONNECTIONS,
    duration: seconds,
    maxOverallRequests: MAX_REQUESTS,
    // The load generator gets its own thread, so it does not share the server's event loop.
    workers: 1,
  });
}

function printTable(rows: Array<{ target: Target; result: Result }>) {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failed'];
  const lines = rows.map(({ target, result }) => [
    target.name,
    result.requests.average.toFixed(0),
    String(result.latency.p50),
    String(result.latency.p99),
    String(result.requests.total),
    String(result.non2xx + result.errors + result.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log([format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n'));
}

/**
 * autocannon drops its sockets when time is up, but the handlers of those last requests still
 * run; closing the database under them would log errors, so wait (bounded) until they finish.
 */
function trackInFlight(app: FastifyInstance) {
  let inFlight = 0;
  app.addHook('onRequest', async () => void inFlight++);
  app.addHook('onResponse', async () => void inFlight--);
  return async function drained(limitMs = 3000) {
    for (const until = Date.now() + limitMs; inFlight > 0 && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
  };
}

async function run(app: FastifyInstance, database: Database, password: string) {
  const drained = trackInFlight(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = await benchSignIn(base, BENCH_ADMIN, password);
  console.log(`Loading ${base} for ${DURATION_S} s per endpoint (after ${WARMUP_S} s of warm-up) with ${CONNECTIONS} connections...\n`);
  const rows = [];
  for (const target of TARGETS) {
    await load(base, target, token, WARMUP_S); // JIT and caches warm, figures discarded
    await drained();
    rows.push({ target, result: await load(base, target, token) });
    await drained();
  }
  printTable(rows);
  const clean = rows.every(({ result }) => result.non2xx + result.errors + result.timeouts === 0);
  return (await benchConvert(database.db, base, token)) && clean;
}

async function main() {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    const prepared = await prepare(config);
    database = prepared.database;
    console.log(
      `Database: ${database.kind}; seeded in ${Math.round(prepared.seedMs)} ms (argon2id m=${config.passwordCost.memoryKiB} KiB, t=${config.passwordCost.timeCost})`,
    );
    app = await buildApp(config, database);
    const clean = await run(app, database, prepared.password);
    if (!clean) console.error('\nSome requests failed or ran over budget: the figures above are not a clean measurement.');
    return clean ? 0 : 1;
  } finally {
    await app?.close();
    await database?.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- members` (or `audit`, `notify`) runs that benchmark alone; no argument, the endpoints above. */
const benches: Record<string, () => Promise<number>> = {
  members: async () => (await import('./members.js')).benchMembers(),
  audit: async () => (await import('./audit.js')).benchAudit(),
  'audit-estimate': async () => (await import('./auditEstimate.js')).benchAuditEstimate(),
  notify: async () => (await import('./notify.js')).benchNotify(),
  cih: async () => (await import('./cih.js')).benchCih(),
  import: async () => (await import('./import.js')).benchImport(),
  'import-xlsx': async () => (await import('./importXlsx.js')).benchImportXlsx(),
  timing: async () => (await import('./accountTiming.js')).benchAccountTiming(),
  flood: async () => (await import('./signInFlood.js')).benchSignInFlood(),
  mail: async () => (await import('./mailRate.js')).benchMail(),
  households: async () => (await import('./householdsMigration.js')).benchHouseholds(),
  zones: async () => (await import('./zoneDropdown.js')).benchZoneDropdown(),
  'shared-counters': async () => (await import('./sharedCounters.js')).benchSharedCounters(),
  move: async () => (await import('./moveToPostgres.js')).benchMove(),
  sunday: async () => (await import('./sunday.js')).benchSunday(),
  'mail-crash': async () => (await import('./mailCrash.js')).benchMailCrash(),
  giving: async () => (await import('./giving.js')).benchGiving(),
};
const chosen = process.argv[2];
if (chosen && !benches[chosen]) {
  console.error(`Unknown benchmark "${chosen}"; choose one of: ${Object.keys(benches).join(', ')}`);
  process.exit(1);
}
(chosen ? benches[chosen]() : main()).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
