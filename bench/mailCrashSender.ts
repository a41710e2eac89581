/**
 * The sending server of bench/mailCrash.ts, a process of its own so that it can be killed with
 * SIGKILL: opens the embedded database in argv[2] (taking its data-dir lock, as a server does),
 * and runs Flock's outbox worker over the pooled transport to argv[3] with a lease of argv[4] ms
 * until no mail is left unsent, then exits 0.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { readConfig } from '@/server/config.js';
import { openDatabase } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { createMailer } from '@/server/mail.js';
import { createOutboxWorker } from '@/server/outbox.js';

const [dataDir, smtpUrl, leaseMs] = process.argv.slice(2);
const FROM = 'Flock <no-reply@flock.local>';

const config = readConfig({});
const database = await openDatabase({ dataDir });
const log = Fastify({ logger: false }).log;
const mailer = createMailer({ smtpUrl, smtp: config.smtp, from: FROM, db: database.db, log });
const worker = createOutboxWorker({ db: database.db, transport: mailer.transport, from: FROM, log, leaseMs: Number(leaseMs) });
const unsent = async () =>
  rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from outbox where sent_at is null and failed_at is null`),
  )[0].n;
// Mails another worker claimed stay under its lease until it ends: wait for it, then send them.
while ((await worker.drainOnce()) > 0 || (await unsent()) > 0) await new Promise((r) => setTimeout(r, 100));
await mailer.close();
await database.close();
