/**
 * `npm run bench -- audit-estimate`: the audit list just past its exact-count limit. Writes
 * 100,050 rows of one entity (INSERT ... SELECT over generate_series), analyzes the table, then
 * asks GetAllAudit for that entity over HTTP: the answer must say its total is an estimate above
 * 100,000. Prints the time of the load, of the first call and the median of the calls after it,
 * with the machine's load; exits 1 when the answer is not an estimate above the limit. The api
 * tests check the same answer with the limit lowered (tests/api/auditTrail.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Db } from '@/server/db/client.js';
import { EXACT_COUNT_LIMIT } from '@/server/modules/auditTrail/query.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';

const ROWS = EXACT_COUNT_LIMIT + 50;
const ENTITY = 'benchEstimate';
const CALLS = 21;
const BENCH_ADMIN = 'bench.estimate@example.org';

type Page = { totalCount: number; totalCountIsEstimate?: boolean; data: unknown[] };

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function load(db: Db): Promise<number> {
  const { ms } = await timed(async () => {
    await db.execute(sql`insert into audit_logs (action, entity, created_at)
      select 'update', ${ENTITY}, now() - g * interval '1 second' from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`analyze audit_logs`);
  });
  return ms;
}

/** The first call (the estimate and the capped count read cold) and the median of the calls after it. */
async function measure(base: string, token: string): Promise<{ page: Page; firstMs: number; medianMs: number }> {
  const url = `${base}/api/AuditTrail/GetAllAudit?EntityType=${ENTITY}&PageSize=5`;
  const call = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GetAllAudit answered ${res.status}`);
    return (await res.json()) as Page;
  };
  const first = await timed(call);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push((await timed(call)).ms);
  times.sort((a, b) => a - b);
  return { page: first.value, firstMs: first.ms, medianMs: times[Math.floor(times.length / 2)] };
}

export async function benchAuditEstimate(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-estimate-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database, password } = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });
  const app = await buildApp(config, database);
  try {
    const loadMs = await load(database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { page, firstMs, medianMs } = await measure(base, await benchSignIn(base, BENCH_ADMIN, password));
    const ok = page.totalCountIsEstimate === true && page.totalCount > EXACT_COUNT_LIMIT && page.data.length === 5;
    console.log(
      `Load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(', ')} on ${os.availableParallelism()} cores`,
    );
    console.log(`Wrote and analyzed ${ROWS} audit rows in ${(loadMs / 1000).toFixed(1)} s (${database.kind})`);
    console.log(
      `GetAllAudit EntityType=${ENTITY}: first call ${firstMs.toFixed(1)} ms, median of ${CALLS} after it ${medianMs.toFixed(1)} ms`,
    );
    console.log(
      `${ok ? 'ok    ' : 'MISSED'}  totalCount ${page.totalCount}, totalCountIsEstimate ${page.totalCountIsEstimate} (an estimate above ${EXACT_COUNT_LIMIT})`,
    );
    return ok ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
