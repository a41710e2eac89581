/**
 * The flood of bench/signInFlood.ts on a thread of its own: attackers are other machines, so their
 * loops must not share the server's event loop (in one loop they were a part of what the measured
 * sign-ins waited for). Plain JavaScript: a worker thread does not take tsx's loader here.
 * workerData: { base, clients }. On 'stop', answers the statuses counted and the seconds it ran.
 */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { base, clients } = workerData;
let running = true;
const statuses = new Map();
const started = performance.now();

async function wrongLogin(address) {
  const res = await fetch(`${base}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username: `ghost-${randomUUID()}@example.org`, password: 'Wrong-pass-1' }),
  });
  await res.arrayBuffer();
  return res.status;
}

const loops = Array.from({ length: clients }, async (_, i) => {
  while (running) {
    const status = await wrongLogin(`10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`).catch(() => 0);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
});

parentPort.once('message', async () => {
  running = false;
  await Promise.all(loops);
  parentPort.postMessage({ statuses: [...statuses.entries()], seconds: (performance.now() - started) / 1000 });
});
