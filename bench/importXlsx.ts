/**
 * `npm run bench -- import-xlsx`: reading a 20,000-row XLSX member file (the upload call, over
 * HTTP) while `/api/health` is called over and over, one call after another. The file is read
 * twice: first by a thread started for it (as the first upload after a start), then by the
 * thread already running. Then two zip bombs are sent, a 1 GB sheet stated as such and a 2 GB one
 * whose headers say 1 kB, each refused (400). Prints each upload's time, the health calls'
 * latencies meanwhile and the machine's load average. Budget: each upload under 5 s and every
 * health call under 200 ms; exits 1 when missed. BENCH_IMPORT_ROWS changes the row count. See
 * bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import { paddedXlsx, xlsxOf } from '@/tests/support/workbooks.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';

const ROWS = Math.min(Math.max(Number(process.env.BENCH_IMPORT_ROWS) || 20_000, 1), 25_000);
const UPLOAD_BUDGET_MS = 5_000;
const HEALTH_BUDGET_MS = 200;
/** The pause between one health call's answer and the next call. */
const HEALTH_GAP_MS = 20;
const BENCH_ADMIN = 'bench.xlsx@example.org';

function workbook() {
  const header = ['Name', 'Phone', 'Email', 'Gender', 'Date of birth', 'Address', 'Department', 'Zone', 'Center'];
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `Bench ${i} Import`,
    `+1000${String(i).padStart(7, '0')}`,
    `bench.xlsx.${i}@example.org`,
    i % 2 ? 'M' : 'F',
    new Date(Date.UTC(1990, 1, 1)),
    `${i} Allen Avenue, Ikeja`,
    'Choir',
    'Ikeja',
    'Allen',
  ]);
  return xlsxOf(header, rows);
}

/** Calls /api/health one call after another until stopped; answers each call's latency. */
function pollHealth(base: string) {
  const latencies: number[] = [];
  let failed = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status !== 200) failed++;
      await new Promise((r) => setTimeout(r, HEALTH_GAP_MS));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return { latencies, failed };
  };
}

async function upload(base: string, token: string, bytes: Uint8Array<ArrayBuffer>, name: string) {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  const started = performance.now();
  const res = await fetch(`${base}/api/MemberImport/Upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { message?: string; data?: { rows: unknown[] } };
  return { ms: performance.now() - started, status: res.status, body };
}

const ms = (n: number) => `${Math.round(n)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The XLSX benchmark; answers the exit code. */
export async function benchImportXlsx(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-xlsx-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database, password } = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });
  const app = await buildApp(config, database);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await benchSignIn(base, BENCH_ADMIN, password);
    const file = await workbook();
    console.log(
      `Database: ${database.kind}; ${ROWS} rows, ${Math.round(file.length / 1024)} kB of XLSX; ${os.availableParallelism()} cores`,
    );
    console.log(`load average before: ${load()}`);
    let clean = true;
    for (const run of ['new thread', 'running thread']) {
      const stop = pollHealth(base);
      const res = await upload(base, token, file, 'people.xlsx');
      const { latencies, failed } = await stop();
      const sorted = [...latencies].sort((a, b) => a - b);
      const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
      const max = sorted.at(-1) ?? 0;
      const ok =
        res.status === 200 && res.body.data?.rows.length === ROWS && res.ms < UPLOAD_BUDGET_MS && max < HEALTH_BUDGET_MS && failed === 0;
      clean &&= ok;
      console.log(
        `upload (${run}): ${ms(res.ms)} (status ${res.status}, ${res.body.data?.rows.length ?? res.body.message} rows); ` +
          `health meanwhile: ${latencies.length} calls, p50 ${ms(p50)}, max ${ms(max)}${failed ? `, ${failed} failed` : ''}; ` +
          `load ${load()}  ${ok ? 'ok' : 'OVER'}`,
      );
    }
    for (const [label, bomb] of [
      ['1 GB sheet, stated', paddedXlsx([['Name'], ['Ada']], 1024)],
      ['2 GB sheet, stated as 1 kB', paddedXlsx([['Name'], ['Ada']], 2048, true)],
    ] as const) {
      const res = await upload(base, token, new Uint8Array(bomb), 'bomb.xlsx');
      clean &&= res.status === 400;
      console.log(`zip bomb (${label}, ${Math.round(bomb.length / 1024)} kB): ${res.status} in ${ms(res.ms)}: ${res.body.message}`);
    }
    console.log(
      `budget: each upload < ${UPLOAD_BUDGET_MS} ms, every health call < ${HEALTH_BUDGET_MS} ms, bombs 400: ${clean ? 'ok' : 'MISSED'}`,
    );
    return clean ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
