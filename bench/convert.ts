/**
 * The bulk-conversion benchmark: ten thousand first-timers converted to members in
 * one BulkConvertFirstTimersToMembers call, timed over HTTP. Run by bench/run.ts after the load
 * targets, on the same database and server. See bench/README.md.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { biodata, roles, userRoles, users } from '@/server/db/schema/index.js';

export const CONVERT_COUNT = 10_000;
/** Converting 10,000 at once finishes in under 2 s on the project's machine. */
export const CONVERT_BUDGET_MS = 2000;
/** Rows per insert while seeding: well under PostgreSQL's 65535 bind parameters. */
const BATCH = 1000;

/** Inserts `count` first-timers (account, biodata, firsttimers role) and returns their ids. */
async function seedFirstTimers(db: Db, count: number): Promise<string[]> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'firsttimers'));
  const run = randomUUID().slice(0, 8);
  const people = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `bench.firsttimer.${run}.${i}@example.org`,
    firstName: 'Bench',
    surName: `Visitor ${i}`,
    mobile1: `0800${String(i).padStart(7, '0')}`,
  }));
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    await db.insert(users).values(batch.map((p) => ({ ...p, emailVerified: true, isFirstTimer: true })));
    await db.insert(biodata).values(batch.map(({ id, ...p }) => ({ ...p, userId: id })));
    await db.insert(userRoles).values(batch.map((p) => ({ userId: p.id, roleId: role.id })));
  }
  return people.map((p) => p.id);
}

/** Seeds the first-timers, converts them all in one call and prints the time it took. */
export async function benchConvert(db: Db, base: string, token: string): Promise<boolean> {
  const seeding = performance.now();
  const ids = await seedFirstTimers(db, CONVERT_COUNT);
  console.log(`\nSeeded ${CONVERT_COUNT} first-timers in ${Math.round(performance.now() - seeding)} ms; converting them in one call...`);
  const started = performance.now();
  const res = await fetch(`${base}/api/Admin/BulkConvertFirstTimersToMembers`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ids }),
  });
  const ms = performance.now() - started;
  const body = (await res.json()) as { data?: { converted?: number }; message?: string };
  const converted = res.status === 200 && body.data?.converted === CONVERT_COUNT;
  console.log(
    `PUT /api/Admin/BulkConvertFirstTimersToMembers (${CONVERT_COUNT} ids): ${Math.round(ms)} ms (budget ${CONVERT_BUDGET_MS} ms)`,
  );
  if (!converted) console.error(`The conversion failed: ${res.status} ${body.message}`);
  else if (ms >= CONVERT_BUDGET_MS) console.error('Over budget.');
  return converted && ms < CONVERT_BUDGET_MS;
}
