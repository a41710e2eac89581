/**
 * `npm run bench -- move`: `npm run move-to-postgres` at a large church's size: 100,000 members
 * (bench/members.ts's, kept in BENCH_DATA_DIR when set) moved from PGlite into a new PostgreSQL
 * database on BENCH_POSTGRES_URL's server (default the tests' one), created with a random name and
 * dropped after. The move checks itself (every table's count and content hash on both sides); its
 * time and the machine's load average are the figures (docs/decisions/0223).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { moveToPostgres } from '@/server/backup/moveToPostgres.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import { rowsOf } from '@/server/db/queries.js';
import { openBenchDatabase } from './benchDatabase.js';
import { loadMembers } from './members.js';

/** The database server the move goes to: a new database beside the one named. */
const SERVER_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The embedded source with the 100,000 members, loaded once (or found in BENCH_DATA_DIR), then closed. */
async function prepareSource(dataDir: string) {
  const config: AppConfig = { ...readConfig({}), dataDir, webRoot: undefined, logLevel: 'warn' };
  const { database } = await openBenchDatabase(config, 'bench.admin@example.org', { seedDemo: false });
  try {
    const [{ n }] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from users where email like 'bench.member.%'`),
    );
    if (n === 0) await loadMembers(database.db);
  } finally {
    await database.close();
  }
}

async function withDatabase(name: string, run: (url: string) => Promise<void>) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function benchMove(): Promise<number> {
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-move-'));
  try {
    const loading = performance.now();
    await prepareSource(dataDir);
    console.log(`Source: PGlite in ${dataDir}, ready in ${((performance.now() - loading) / 1000).toFixed(1)} s`);
    await withDatabase(`flock_bench_move_${randomBytes(4).toString('hex')}`, async (url) => {
      const report = await moveToPostgres(dataDir, url, (line) => console.log(line));
      const [one, five] = os.loadavg();
      const largest = [...report.tables].sort((a, b) => b.rows - a.rows).slice(0, 5);
      console.log(
        `Moved ${report.tables.reduce((n, t) => n + t.rows, 0)} rows in ${report.tables.length} tables in ${(report.ms / 1000).toFixed(1)} s`,
      );
      console.log(`largest: ${largest.map((t) => `${t.table} ${t.rows}`).join(', ')}`);
      console.log(
        `load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${os.availableParallelism()} cores; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
      );
    });
    return 0;
  } finally {
    if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
