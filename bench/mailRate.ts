/**
 * `npm run bench -- mail`: 10,000 mails through the outbox to an SMTP server on loopback (a
 * thread of its own, bench/smtpSink.mjs), beside the limit: the same pooled nodemailer transport
 * sending the same 10,000 mails straight, with no database. Prints both times, their ratio, the
 * mails that arrived twice and the load; exits 1 past 2 minutes or when a mail is missing or
 * doubled. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import Fastify from 'fastify';
import { readConfig, type AppConfig } from '@/server/config.js';
import { outbox } from '@/server/db/schema/index.js';
import { createMailer } from '@/server/mail.js';
import { createOutboxWorker } from '@/server/outbox.js';
import { openBenchDatabase } from './benchDatabase.js';

const MAILS = 10_000;
const LIMIT_MS = 120_000;
const INSERT_BATCH = 1000;
const FROM = 'Flock <no-reply@flock.local>';

type SinkCount = { mails: number; twice: number };

async function startSink() {
  const worker = new Worker(new URL('./smtpSink.mjs', import.meta.url));
  const [{ port }] = (await once(worker, 'message')) as [{ port: number }];
  const count = async (): Promise<SinkCount> => {
    worker.postMessage('count');
    return ((await once(worker, 'message')) as [SinkCount])[0];
  };
  /** Waits until `total` mails have arrived, or twice the limit has passed (a lost mail must not hang the bench). */
  const until = async (total: number) => {
    const deadline = Date.now() + 2 * LIMIT_MS;
    for (let c = await count(); c.mails < total && Date.now() < deadline; c = await count()) await new Promise((r) => setTimeout(r, 20));
    return count();
  };
  return { url: `smtp://127.0.0.1:${port}`, until, stop: () => worker.postMessage('stop') };
}

const mailsTo = (tag: string) =>
  Array.from({ length: MAILS }, (_, i) => ({ to: `${tag}-${i}@example.org`, subject: `Bench ${tag}`, text: 'A church-wide message.' }));

export async function benchMail(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-mail-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database } = await openBenchDatabase(config, 'bench.mail@example.org', { seedDemo: false });
  const log = Fastify({ logger: false }).log;
  const sink = await startSink();
  try {
    // The limit: the mail server and the pool alone.
    const direct = createMailer({ smtpUrl: sink.url, smtp: config.smtp, from: FROM, db: database.db, log });
    let started = performance.now();
    await Promise.all(mailsTo('direct').map((m) => direct.transport!.sendMail({ from: FROM, ...m })));
    await sink.until(MAILS);
    const limitMs = performance.now() - started;
    await direct.close();

    const rows = mailsTo(`outbox-${randomUUID().slice(0, 8)}`).map((m) => ({ ...m, category: 'messages' }));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await database.db.insert(outbox).values(rows.slice(i, i + INSERT_BATCH));
    const mailer = createMailer({ smtpUrl: sink.url, smtp: config.smtp, from: FROM, db: database.db, log });
    const worker = createOutboxWorker({ db: database.db, transport: mailer.transport, from: FROM, log });
    started = performance.now();
    while ((await worker.drainOnce()) > 0);
    const arrived = await sink.until(2 * MAILS);
    const flockMs = performance.now() - started;
    await mailer.close();

    const [one, five] = os.loadavg();
    console.log(
      `Database: ${database.kind}; ${MAILS} mails, ${config.smtp.connections} SMTP connections, rate ${config.smtp.perSecond ?? 'unlimited'}`,
    );
    console.log(`the pool alone (the limit): ${(limitMs / 1000).toFixed(1)} s, ${Math.round(MAILS / (limitMs / 1000))} mails/s`);
    console.log(`through the outbox:          ${(flockMs / 1000).toFixed(1)} s, ${Math.round(MAILS / (flockMs / 1000))} mails/s`);
    console.log(
      `ratio ${(flockMs / limitMs).toFixed(2)}; mails arrived ${arrived.mails - MAILS} of ${MAILS}, more than once: ${arrived.twice}`,
    );
    console.log(`load average ${one.toFixed(2)}, ${five.toFixed(2)} on ${os.availableParallelism()} cores`);
    const ok = flockMs < LIMIT_MS && arrived.mails === 2 * MAILS && arrived.twice === 0;
    console.log(ok ? 'OK' : `MISSED (limit ${LIMIT_MS / 1000} s, every mail once)`);
    return ok ? 0 : 1;
  } finally {
    sink.stop();
    await database.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
