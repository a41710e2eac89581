/**
 * `npm run bench -- notify`: one message to a department of 10,000 members, timed over HTTP
 * (multipart form, audience and scope checks, the transaction writing 10,000 inbox rows and
 * 10,000 outbox mails with INSERT ... SELECT, the answer). Exits 1 over the 2 s budget. On
 * PostgreSQL, raw SQL's floor follows: the same inbox rows and mails for the same department,
 * written by one statement through psql in its own process (rolled back), with the ratio and the
 * load average beside it. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Db } from '@/server/db/client.js';
import { biodata, departments, userDepartments, users } from '@/server/db/schema/index.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';
import { literal, loadAverage, psqlTimes } from './nativeSql.js';

const RECIPIENTS = 10_000;
const BUDGET_MS = 2000;
const BATCH = 1000;
const BENCH_ADMIN = 'bench.notify@example.org';

/** A department of `count` verified members, written straight into the database. */
async function seedDepartment(db: Db, count: number): Promise<string> {
  const [dept] = await db
    .insert(departments)
    .values({ departmentName: `Bench ${randomUUID().slice(0, 8)}` })
    .returning();
  const people = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `bench.notify.${i}.${dept.id.slice(0, 8)}@example.org`,
    firstName: 'Bench',
    surName: `Member ${i}`,
  }));
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    await db.insert(users).values(batch.map((p) => ({ ...p, emailVerified: true, isFirstTimer: false })));
    await db.insert(biodata).values(batch.map(({ id, ...p }) => ({ ...p, userId: id, mobile1: '' })));
    await db.insert(userDepartments).values(batch.map((p) => ({ userId: p.id, departmentId: dept.id })));
  }
  return dept.id;
}

/**
 * Raw SQL's floor: the send's one statement (the inbox rows of the department's listed members,
 * and from what they returned the mails of the verified ones who did not opt out), run by psql
 * and rolled back, so the next run finds the same tables; answers its time in ms.
 */
function rawNotify(url: string, departmentId: string, senderEmail: string): number {
  const [ms] = psqlTimes(
    url,
    `BEGIN;
\\timing on
WITH inbox AS (
  INSERT INTO notifications (recipient_id, sender_id, kind, title, body)
  SELECT d.user_id, (SELECT id FROM users WHERE email = ${literal(senderEmail)}), 'message', 'Bench message', 'A message to the whole department.'
  FROM member_directory d
  WHERE NOT d.archived AND NOT d.disabled
    AND d.user_id IN (SELECT user_id FROM user_departments WHERE department_id = ${literal(departmentId)})
  RETURNING recipient_id),
mails AS (
  INSERT INTO outbox ("to", subject, text, category)
  SELECT u.email, 'Bench message', '', 'messages'
  FROM inbox JOIN users u ON u.id = inbox.recipient_id
  WHERE u.email_verified
    AND NOT EXISTS (SELECT 1 FROM email_opt_outs o WHERE o.user_id = u.id AND o.category = 'messages')
    AND coalesce((SELECT c.granted FROM consents c WHERE c.user_id = u.id AND c.category = 'email'
      ORDER BY c.created_at DESC, c.id DESC LIMIT 1), true))
SELECT count(*) FROM inbox;
\\timing off
ROLLBACK;
`,
  );
  return ms;
}

export async function benchNotify(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-notify-'));
  // No SMTP: the mails stay in the outbox, so the figure is the send's alone.
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn', smtpUrl: undefined };
  const { database, password } = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });
  const app = await buildApp(config, database);
  try {
    const seeding = performance.now();
    const departmentId = await seedDepartment(database.db, RECIPIENTS);
    console.log(`Database: ${database.kind}; seeded ${RECIPIENTS} members in ${Math.round(performance.now() - seeding)} ms`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await benchSignIn(base, BENCH_ADMIN, password);
    const form = new FormData();
    form.set('Title', 'Bench message');
    form.set('Body', 'A message to the whole department.');
    form.set('Audience', 'department');
    form.set('AudienceId', departmentId);
    const started = performance.now();
    const res = await fetch(`${base}/api/Notification/sendnotifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const ms = performance.now() - started;
    const body = (await res.json()) as { data?: { recipientCount?: number }; message?: string };
    const delivered = res.status === 200 && body.data?.recipientCount === RECIPIENTS;
    console.log(
      `POST /api/Notification/sendnotifications (${RECIPIENTS} recipients): ${Math.round(ms)} ms (budget ${BUDGET_MS} ms); load average ${loadAverage()}`,
    );
    if (database.kind === 'postgres' && config.databaseUrl) {
      const raw = rawNotify(config.databaseUrl, departmentId, BENCH_ADMIN);
      console.log(
        `raw SQL (psql, the send's statement, same department): ${Math.round(raw)} ms; Flock / raw ${(ms / raw).toFixed(2)}; load average ${loadAverage()}`,
      );
    }
    if (!delivered) console.error(`The send failed: ${res.status} ${body.message}`);
    else if (ms >= BUDGET_MS) console.error('Over budget.');
    return delivered && ms < BUDGET_MS ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
