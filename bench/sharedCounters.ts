/**
 * `npm run bench -- shared-counters` (DATABASE_URL: an empty PostgreSQL database to use): what the
 * shared sign-in counts (0217) add to one failed sign-in. Runs, 1,000 times one after another,
 * the counter work of a failed sign-in as server/modules/auth/login.ts does it (the address's
 * failures and the name's known address, then the pair's and the account's failures and the
 * account's known address, then the failure recorded under three keys) against each store: in
 * memory, the table on PGlite, and the table on PostgreSQL when DATABASE_URL is set. Prints the
 * mean and p99 per sign-in.
 */
import { openDatabase, type Database } from '@/server/db/client.js';
import { createAttemptCounter, databaseAttemptStore, memoryAttemptStore, type AttemptStore } from '@/server/modules/auth/attempts.js';

const SIGN_INS = 1000;

async function failedSignIn(store: AttemptStore, i: number) {
  const failures = createAttemptCounter(store, 'login', 15 * 60_000);
  const known = createAttemptCounter(store, 'known', 30 * 86_400_000, 1);
  const ip = `10.0.${i % 250}.${Math.floor(i / 250)}`;
  const account = `account-${i % 50}`;
  await Promise.all([failures.times(`address:${ip}`), known.times(`name:${account}|${ip}`)]);
  await Promise.all([failures.times(`pair:${ip}|${account}`, `account:${account}`), known.times(`${account}|${ip}`)]);
  await failures.record(`address:${ip}`, `account:${account}`, `pair:${ip}|${account}`);
}

async function measure(name: string, store: AttemptStore) {
  const took: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now();
    await failedSignIn(store, i);
    took.push(performance.now() - started);
  }
  took.sort((x, y) => x - y);
  const mean = took.reduce((sum, ms) => sum + ms, 0) / took.length;
  console.log(
    `${name.padEnd(24)} mean ${mean.toFixed(3)} ms   p99 ${took[Math.floor(took.length * 0.99)].toFixed(3)} ms per failed sign-in`,
  );
}

export async function benchSharedCounters(): Promise<number> {
  await measure('memory', memoryAttemptStore());
  const opened: Database[] = [];
  try {
    const pglite = await openDatabase({ dataDir: 'memory://' });
    opened.push(pglite);
    await measure('table on PGlite', databaseAttemptStore(pglite.db));
    if (process.env.DATABASE_URL) {
      const postgres = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
      opened.push(postgres);
      await measure('table on PostgreSQL', databaseAttemptStore(postgres.db));
    }
  } finally {
    for (const database of opened) await database.close();
  }
  return 0;
}
