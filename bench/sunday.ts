/**
 * `npm run bench -- sunday`: the embedded default under a Sunday's load. 50 users, each with an
 * address of its own (X-Forwarded-For behind a trusted proxy), sign in and keep one call in flight
 * each (no think time: the worst case of 50 people at once), drawn from a mix of sign-ins, the
 * overview, unread counts, the inbox, member list pages, profile reads and saves and attendance
 * saves (bench/sundayClients.mjs, on a thread of its own). In one run:
 *
 * 1. the load over HTTP on PGlite (the demo church, argon2id at the production cost);
 * 2. the limit of PGlite itself: every statement the server ran on PGlite during (1), recorded in
 *    order with its transactions, run again directly (no HTTP, no Flock code) on a copy of the
 *    database taken just before (1), one after another as PGlite runs them;
 * 3. the same load over HTTP on PostgreSQL (a new database with a random name on
 *    BENCH_POSTGRES_URL's server, default the tests' one, dropped after; skipped when it does not
 *    answer).
 *
 * Prints p50/p99/max and requests a second of each, and exits 1 when a call failed or took 5 s or
 * more. See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import { openDatabase, type Database } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { hashPassword } from '@/server/modules/auth/passwords.js';
import { openBenchDatabase } from './benchDatabase.js';

const USERS = 50;
const DURATION_S = Math.min(Math.max(Number(process.env.BENCH_DURATION) || 20, 1), 120);
const WARMUP_S = 3;
const BUDGET_MS = 5000;
const SERVER_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

type BenchUser = {
  email: string;
  password: string;
  address: string;
  userId: string;
  biodata: Record<string, unknown>;
  centerId: string;
  meetingDate: string;
  memberIds: string[];
};

type LoadResult = {
  latencies: Record<string, number[]>;
  failures: Record<string, { count: number; sample: string }>;
  /** Every call made, warm-up included. */
  calls: number;
  seconds: number;
};

/** The 50 users: administrators (so each may make every call of the mix), each in a demo CIH center, one password hash for all. */
async function sundayUsers(db: Database['db'], config: AppConfig): Promise<BenchUser[]> {
  const password = randomBytes(12).toString('base64url');
  const hash = await hashPassword(password, config.passwordCost);
  await db.execute(sql`insert into users (email, first_name, sur_name, gender, mobile1, email_verified, is_first_timer, password_hash)
    select 'sunday.' || i || '@example.org', 'Sunday', 'User ' || i, case when i % 2 = 0 then 'Female' else 'Male' end,
      '0807' || lpad(i::text, 7, '0'), true, false, ${hash} from generate_series(1, ${USERS}) i`);
  const centers = rowsOf<{ id: string; zone_id: string }>(await db.execute(sql`select id, zone_id from centers order by center_name`));
  if (centers.length === 0) throw new Error('The demo church has no CIH center');
  const people = rowsOf<{ id: string; email: string; first_name: string; sur_name: string; gender: string; mobile1: string }>(
    await db.execute(sql`select id, email, first_name, sur_name, gender, mobile1 from users where email like 'sunday.%' order by email`),
  );
  for (const [i, p] of people.entries()) {
    const center = centers[i % centers.length];
    await db.execute(sql`insert into biodata (user_id, first_name, sur_name, email, mobile1, gender)
      values (${p.id}, ${p.first_name}, ${p.sur_name}, ${p.email}, ${p.mobile1}, ${p.gender})`);
    await db.execute(sql`insert into church_affiliations (user_id, zone_id, center_id) values (${p.id}, ${center.zone_id}, ${center.id})`);
    await db.execute(sql`insert into user_roles (user_id, role_id) select ${p.id}, id from roles where name = 'administrator'`);
  }
  const users: BenchUser[] = [];
  for (const [i, p] of people.entries()) {
    const center = centers[i % centers.length];
    const [bio] = rowsOf<{ id: string }>(await db.execute(sql`select id from biodata where user_id = ${p.id}`));
    const members = rowsOf<{ user_id: string }>(
      await db.execute(sql`select user_id from church_affiliations where center_id = ${center.id}`),
    );
    users.push({
      email: p.email,
      password,
      address: `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      userId: p.id,
      biodata: {
        id: bio.id,
        userId: p.id,
        firstName: p.first_name,
        surName: p.sur_name,
        email: p.email,
        mobile1: p.mobile1,
        gender: p.gender,
      },
      centerId: center.id,
      // Each user their own day, long before the demo's meetings: two saves of one meeting never race.
      meetingDate: new Date(Date.now() - (100 + i) * 86_400_000).toISOString().slice(0, 10),
      memberIds: members.map((m) => m.user_id),
    });
  }
  return users;
}

function load(base: string, users: BenchUser[]): Promise<LoadResult> {
  const worker = new Worker(new URL('./sundayClients.mjs', import.meta.url), {
    workerData: { base, users, warmupS: WARMUP_S, durationS: DURATION_S, seed: 20261129 },
  });
  return new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', (result: LoadResult) => void worker.terminate().then(() => resolve(result)));
    worker.once('error', reject);
  });
}

type Step = { text: string; params?: unknown[]; options?: QueryOptions; exec?: boolean };
type Entry = Step | { tx: Step[]; failed: boolean };

/**
 * Records, in the order PGlite ran them, the statements of the server's PGlite client: plain
 * queries and each transaction with its statements and whether it committed (PGlite runs one at a
 * time, so the order they finish in is the order they ran in).
 */
function recordStatements(client: PGlite) {
  const log: Entry[] = [];
  let on = false;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const noted = <R>(entry: Entry, run: Promise<R>) =>
    run.finally(() => {
      if (on) log.push(entry);
    });
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    noted({ text, params, options }, query(text, params, options))) as PGlite['query'];
  client.exec = ((text: string, options?: QueryOptions) => noted({ text, options, exec: true }, exec(text, options))) as PGlite['exec'];
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) => {
    const steps: Step[] = [];
    const entry = { tx: steps, failed: false };
    const run = transaction(async (tx) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        steps.push({ text, params, options });
        return txQuery(text, params, options);
      }) as Transaction['query'];
      tx.exec = ((text: string, options?: QueryOptions) => {
        steps.push({ text, options, exec: true });
        return txExec(text, options);
      }) as Transaction['exec'];
      return fn(tx);
    }).catch((err) => {
      entry.failed = true;
      throw err;
    });
    return noted(entry, run);
  }) as PGlite['transaction'];
  return {
    start: () => void (on = true),
    stop: () => {
      on = false;
      return log;
    },
  };
}

class RolledBack extends Error {}

/** The recorded statements run again, one after another, on a PGlite copy of the database as it was before them. */
async function replay(log: Entry[], snapshot: Blob): Promise<{ seconds: number; statements: number; errors: number; samples: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-sunday-replay-'));
  const copy = await openDatabase({ dataDir: path.join(dir, 'data'), loadDataDir: snapshot });
  const client = (copy.db as unknown as { $client: PGlite }).$client;
  let statements = 0;
  let errors = 0;
  const samples = new Set<string>();
  const failed = (err: Error) => {
    errors++;
    if (samples.size < 3) samples.add(err.message);
  };
  const step = (runner: Pick<PGlite, 'query' | 'exec'>, s: Step) => {
    statements++;
    return (s.exec ? runner.exec(s.text, s.options) : runner.query(s.text, s.params, s.options)).catch(failed);
  };
  try {
    const started = performance.now();
    for (const entry of log) {
      if (!('tx' in entry)) {
        await step(client, entry);
        continue;
      }
      await client
        .transaction(async (tx) => {
          for (const s of entry.tx) await step(tx, s);
          if (entry.failed) throw new RolledBack();
        })
        .catch((err) => {
          if (!(err instanceof RolledBack)) failed(err);
        });
    }
    return { seconds: (performance.now() - started) / 1000, statements, errors, samples: [...samples] };
  } finally {
    await copy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** One line per call of the mix and one for all; answers the total, the slowest and the failures. */
function report(label: string, result: LoadResult) {
  const all = Object.values(result.latencies).flat();
  const rows = [...Object.entries(result.latencies), ['all calls', all] as [string, number[]]].map(([name, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return [
      name,
      String(list.length),
      (list.length / result.seconds).toFixed(1),
      percentile(sorted, 50).toFixed(0),
      percentile(sorted, 99).toFixed(0),
      (sorted.at(-1) ?? 0).toFixed(0),
    ];
  });
  const header = ['call', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${label}: ${USERS} users, ${result.seconds.toFixed(1)} s measured after ${WARMUP_S} s of warm-up`);
  console.log([format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)].join('\n'));
  const failed = Object.values(result.failures).reduce((n, f) => n + f.count, 0);
  for (const [key, f] of Object.entries(result.failures)) console.log(`  failed: ${key} x${f.count}: ${f.sample}`);
  const max = Math.max(0, ...all);
  return { requests: all.length, perSecond: all.length / result.seconds, max, failed };
}

/** The load over HTTP on one database; with record, PGlite's statements of the run and a copy taken just before. */
async function httpRun(config: AppConfig, record: boolean) {
  const { database } = await openBenchDatabase(config, 'bench.sunday@example.org', { seedDemo: true, demoPassword: config.demoPassword });
  const app = await buildApp(config, database);
  try {
    const users = await sundayUsers(database.db, config);
    await database.db.execute(sql`vacuum analyze`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // After a checkpoint, in a transaction of its own (the backup's way, docs/decisions/0136): the copy holds every committed row.
    const snapshot = record ? await database.backup!() : undefined;
    const recorder = record ? recordStatements((database.db as unknown as { $client: PGlite }).$client) : undefined;
    recorder?.start();
    const result = await load(base, users);
    const log = recorder?.stop();
    return { result, log, snapshot };
  } finally {
    await app.close();
    await database.close();
  }
}

/** A new database on the PostgreSQL server for the third part; undefined when the server does not answer. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`\nPostgreSQL at ${SERVER_URL} does not answer (${(err as Error).message}): its part is skipped.`);
    return undefined;
  }
  const name = `flock_bench_sunday_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function benchSunday(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-sunday-'));
  const base: AppConfig = { ...readConfig({}), webRoot: undefined, logLevel: 'warn', trustProxy: true };
  const figures: Array<ReturnType<typeof report>> = [];
  try {
    console.log(`argon2id m=${base.passwordCost.memoryKiB} KiB, t=${base.passwordCost.timeCost}; ${os.availableParallelism()} cores`);
    const embedded = await httpRun({ ...base, dataDir: path.join(tempDir, 'data') }, true);
    const pglite = report('PGlite over HTTP', embedded.result);
    figures.push(pglite);
    const limit = await replay(embedded.log!, embedded.snapshot!);
    const calls = embedded.result.calls;
    console.log(
      `\nPGlite itself: the ${limit.statements} statements of the ${calls} calls of that run (warm-up included), replayed directly ` +
        `one after another, took ${limit.seconds.toFixed(1)} s (${(limit.statements / limit.seconds).toFixed(0)} statements/s, ${limit.errors} errors): ` +
        `PGlite alone answers about ${(calls / limit.seconds).toFixed(0)} calls/s of this mix.`,
    );
    for (const sample of limit.samples) console.log(`  a replay error: ${sample}`);
    const server = await postgresDatabase();
    if (server) {
      try {
        const onPostgres = await httpRun({ ...base, databaseUrl: server.url, dataDir: '' }, false);
        figures.push(report('PostgreSQL over HTTP', onPostgres.result));
      } finally {
        await server.drop();
      }
    }
    const [one, five] = os.loadavg();
    console.log(`\nload average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${os.availableParallelism()} cores`);
    const ok = figures.every((f) => f.failed === 0 && f.max < BUDGET_MS);
    console.log(ok ? `ok: no call failed or took ${BUDGET_MS / 1000} s` : `MISSED: a call failed or took ${BUDGET_MS / 1000} s or more`);
    return ok ? 0 : 1;
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
