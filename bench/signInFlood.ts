/**
 * `npm run bench -- flood`: a valid sign-in on an idle server, then the same sign-in while 50
 * anonymous clients, each from an address of its own, keep sending wrong logins (each sends its
 * next as soon as the last is answered, ignoring Retry-After), in one run on one server. argon2id
 * at the production cost, the hash gate at its defaults. Prints the medians and their ratio
 * against the limit of 2, the process's RSS before and at its highest during the flood, what the
 * flood was answered, and the machine's load (the flood runs on a thread of its own, as attackers are
 * other machines: bench/floodClients.mjs); exits 1 when the ratio is over 2 or a valid
 * sign-in failed. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import { openBenchDatabase } from './benchDatabase.js';

const BENCH_ADMIN = 'bench.flood@example.org';
const FLOOD_CLIENTS = 50;
const SIGN_INS = 9;
const RATIO_LIMIT = 2;
/** The flood runs this long before the measured sign-ins, so they meet it at full strength. */
const FLOOD_WARMUP_MS = 3000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

function login(base: string, address: string, username: string, password: string) {
  return fetch(`${base}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username, password }),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
}

/** The valid sign-in, timed, SIGN_INS times one after another; any answer but 200 is a failure. */
async function timedSignIns(base: string, password: string): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    const status = await login(base, '198.51.100.1', BENCH_ADMIN, password);
    times.push(performance.now() - started);
    if (status !== 200) failed++;
  }
  return { times, failed };
}

/** FLOOD_CLIENTS loops of wrong logins for made-up names, each from its own address, on their own thread until stopped. */
function flood(base: string) {
  const worker = new Worker(new URL('./floodClients.mjs', import.meta.url), { workerData: { base, clients: FLOOD_CLIENTS } });
  return {
    async stop(): Promise<{ statuses: Map<number, number>; seconds: number }> {
      const answer = new Promise<{ statuses: [number, number][]; seconds: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage('stop');
      const { statuses, seconds } = await answer;
      await worker.terminate();
      return { statuses: new Map(statuses), seconds };
    },
  };
}

export async function benchSignInFlood(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-flood-'));
  // Each client's address comes in X-Forwarded-For, as from behind a reverse proxy.
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn', trustProxy: true };
  const { database, password } = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });
  const app = await buildApp(config, database);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await login(base, '198.51.100.1', BENCH_ADMIN, password); // warm-up, figures discarded
    const idle = await timedSignIns(base, password);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let queuedPeak = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      queuedPeak = Math.max(queuedPeak, app.services.hashGate.state().queued);
    }, 50);
    const attack = flood(base);
    await new Promise((resolve) => setTimeout(resolve, FLOOD_WARMUP_MS));
    const loaded = await timedSignIns(base, password);
    const answered = await attack.stop();
    clearInterval(sampler);

    const ratio = median(loaded.times) / median(idle.times);
    const [one, five, fifteen] = os.loadavg().map((v) => v.toFixed(2));
    const total = [...answered.statuses.values()].reduce((a, b) => a + b, 0);
    const byStatus = [...answered.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status || 'error'}: ${n}`)
      .join(', ');
    console.log(
      `Load average ${one}, ${five}, ${fifteen} on ${os.availableParallelism()} cores; hash gate ${JSON.stringify(config.hashGate)}; ` +
        `argon2id m=${config.passwordCost.memoryKiB} KiB, t=${config.passwordCost.timeCost}, p=${config.passwordCost.parallelism}\n`,
    );
    console.log(
      `valid sign-in, idle:         median ${median(idle.times).toFixed(0)} ms (${idle.times.map((t) => t.toFixed(0)).join(', ')})`,
    );
    console.log(
      `valid sign-in, during flood: median ${median(loaded.times).toFixed(0)} ms (${loaded.times.map((t) => t.toFixed(0)).join(', ')})`,
    );
    console.log(`ratio ${ratio.toFixed(2)} (limit ${RATIO_LIMIT}); valid sign-ins failed: ${idle.failed + loaded.failed}`);
    console.log(
      `RSS before the flood ${mb(rssBefore)}, highest during it ${mb(rssPeak)} (x${(rssPeak / rssBefore).toFixed(2)}); gate queue at most ${queuedPeak}`,
    );
    console.log(
      `flood: ${FLOOD_CLIENTS} clients, ${total} wrong logins in ${answered.seconds.toFixed(1)} s (${(total / answered.seconds).toFixed(0)}/s), answered ${byStatus}`,
    );
    const ok = ratio <= RATIO_LIMIT && idle.failed + loaded.failed === 0;
    console.log(ok ? '\nok' : '\nMISSED');
    return ok ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
