/**
 * `npm run bench -- mail-crash`: the outbox's exactly-once across a kill -9 at the pooled SMTP
 * speed (docs/decisions/0220). 10,000 mails in the outbox of an embedded database; a sending
 * process (bench/mailCrashSender.ts: Flock's outbox worker, SMTP_CONNECTIONS' pool) is killed with
 * SIGKILL once the mail server (bench/smtpSink.mjs) has taken KILL_AT of them; a second process on
 * the same data dir sends the rest, and the mails the first had claimed once its lease ends. Counts
 * what arrived by Message-ID: every mail at least once, and the copies beyond the first. Exits 1
 * when a mail is missing or more arrived twice than the pool has connections. See bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readConfig, type AppConfig } from '@/server/config.js';
import { openDatabase } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { outbox } from '@/server/db/schema/index.js';
import { openBenchDatabase } from './benchDatabase.js';

const MAILS = 10_000;
const KILL_AT = Number(process.env.BENCH_KILL_AT) || 3_000;
/** The bench's lease (production: 120 s), so the second process resends the first's claimed mails within seconds. */
const LEASE_MS = 5_000;
const WAIT_MS = 180_000;

type SinkCount = { mails: number; twice: number; messageIds: number; copies: number };

async function startSink() {
  const worker = new Worker(new URL('./smtpSink.mjs', import.meta.url));
  const [{ port }] = (await once(worker, 'message')) as [{ port: number }];
  const count = async (): Promise<SinkCount> => {
    worker.postMessage('count');
    return ((await once(worker, 'message')) as [SinkCount])[0];
  };
  return { url: `smtp://127.0.0.1:${port}`, count, stop: () => worker.postMessage('stop') };
}

function sender(dataDir: string, smtpUrl: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/mailCrashSender.ts', dataDir, smtpUrl, String(LEASE_MS)], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

async function until(check: () => Promise<boolean>, limitMs: number) {
  for (const end = Date.now() + limitMs; Date.now() < end; await new Promise((r) => setTimeout(r, 5))) if (await check()) return true;
  return false;
}

export async function benchMailCrash(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-mail-crash-'));
  const dataDir = path.join(tempDir, 'data');
  const config: AppConfig = { ...readConfig(), dataDir, webRoot: undefined, logLevel: 'warn' };
  const sink = await startSink();
  try {
    const { database } = await openBenchDatabase(config, 'bench.mail@example.org', { seedDemo: false });
    const tag = randomUUID().slice(0, 8);
    const rows = Array.from({ length: MAILS }, (_, i) => ({
      to: `${tag}-${i}@example.org`,
      subject: 'Bench',
      text: 'A church-wide message.',
      category: 'messages',
    }));
    for (let i = 0; i < rows.length; i += 1000) await database.db.insert(outbox).values(rows.slice(i, i + 1000));
    await database.close();

    const started = performance.now();
    const first = sender(dataDir, sink.url);
    const reached = await until(async () => (await sink.count()).mails >= KILL_AT, WAIT_MS);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = await sink.count();
    const second = sender(dataDir, sink.url);
    const code = await Promise.race([second.exited, new Promise<'late'>((r) => setTimeout(() => r('late'), WAIT_MS).unref())]);
    if (code === 'late') second.child.kill('SIGKILL');
    const seconds = (performance.now() - started) / 1000;
    const arrived = await sink.count();

    const check = await openDatabase({ dataDir });
    const [{ unsent }] = rowsOf<{ unsent: number }>(
      await check.db.execute(sql`select count(*)::int as unsent from outbox where sent_at is null`),
    );
    await check.close();
    const [one, five] = os.loadavg();
    console.log(
      `Database: pglite; ${MAILS} mails, ${config.smtp.connections} SMTP connections, lease ${LEASE_MS / 1000} s (production 120 s)`,
    );
    console.log(
      `first sender killed (SIGKILL) when the mail server had ${atKill.mails} mails${reached ? '' : ' (it never reached ' + KILL_AT + ')'}`,
    );
    console.log(`second sender: exit ${code}; ${seconds.toFixed(1)} s in all`);
    console.log(
      `arrived: ${arrived.mails} mails, ${arrived.messageIds} distinct Message-IDs of ${MAILS}; copies beyond the first: ${arrived.copies}; rows left unsent: ${unsent}`,
    );
    console.log(`load average ${one.toFixed(2)}, ${five.toFixed(2)} on ${os.availableParallelism()} cores`);
    const ok = reached && code === 0 && arrived.messageIds === MAILS && unsent === 0 && arrived.copies <= config.smtp.connections;
    console.log(ok ? 'OK' : `MISSED (every mail at least once, at most ${config.smtp.connections} twice)`);
    return ok ? 0 : 1;
  } finally {
    sink.stop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
