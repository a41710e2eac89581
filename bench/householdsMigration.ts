/**
 * `npm run bench -- households`: the migration that makes families of today's spouse and child
 * records (households_from_profiles(), docs/decisions/0213) at a large church's size: 100,000
 * members (bench/members.ts's, kept in BENCH_DATA_DIR when set), half of them with a spouse and a
 * fifth with two children, in a transaction rolled back at the end. Checks what it made against
 * what it should (a family per profile with either, each spouse and child linked once, and a
 * second run making nothing) and prints its time and the load. The migration is itself SQL run by
 * the database, so there is no slower path beside it to compare: its time is the figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readConfig, type AppConfig } from '@/server/config.js';
import { rowsOf } from '@/server/db/queries.js';
import { openBenchDatabase } from './benchDatabase.js';
import { loadMembers, MEMBERS } from './members.js';

class RolledBack extends Error {}

const count = async (db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await db.execute(query))[0].n;

export async function benchHouseholds(): Promise<number> {
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-households-'));
  const config: AppConfig = { ...readConfig(), dataDir, webRoot: undefined, logLevel: 'warn' };
  const { database } = await openBenchDatabase(config, 'bench.admin@example.org', { seedDemo: false });
  const db = database.db;
  try {
    if ((await count(db, sql`select count(*)::int as n from users where email like 'bench.member.%'`)) === 0) await loadMembers(db);
    let ok = false;
    await db
      .transaction(async (tx) => {
        const id = sql`md5('bench-member-' || i)::uuid`;
        await tx.execute(sql`insert into spouses (user_id, first_name, sur_name, mobile1, email)
          select ${id}, 'Spouse', 'Of ' || i, '081' || lpad(i::text, 8, '0'), 'spouse.' || i || '@example.org'
          from generate_series(2, ${MEMBERS}::int, 2) i`);
        await tx.execute(sql`insert into children (user_id, first_name, sur_name, position)
          select ${id}, 'Child ' || k, 'Of ' || i, k from generate_series(5, ${MEMBERS}::int, 5) i, generate_series(1, 2) k`);
        const started = performance.now();
        const made = await count(tx, sql`select households_from_profiles() as n`);
        const ms = performance.now() - started;
        const expected = MEMBERS / 2 + MEMBERS / 5 - MEMBERS / 10;
        const links = await count(tx, sql`select count(*)::int as n from household_members`);
        const again = await count(tx, sql`select households_from_profiles() as n`);
        const [one] = os.loadavg();
        console.log(`Database: ${database.kind}; ${MEMBERS} members, ${MEMBERS / 2} spouses, ${(MEMBERS / 5) * 2} children`);
        console.log(
          `households_from_profiles(): ${made} families in ${(ms / 1000).toFixed(1)} s; ${links} members linked; a second run made ${again}`,
        );
        console.log(`load average ${one.toFixed(2)} on ${os.availableParallelism()} cores`);
        ok = made === expected && links === expected + MEMBERS / 2 + (MEMBERS / 5) * 2 && again === 0;
        console.log(ok ? 'OK' : `MISSED: expected ${expected} families and every spouse and child linked once`);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    return ok ? 0 : 1;
  } finally {
    await database.close();
    if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
