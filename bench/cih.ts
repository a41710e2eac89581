/**
 * `npm run bench -- cih`: the house-fellowship statistics at church size. Generates 40 zones,
 * 400 centers, 20,000 members and three years of weekly meetings (about 3 million present/absent
 * marks, set-based: INSERT ... SELECT over generate_series), writes each meeting's pre-aggregate
 * from its marks as the save does (and first-timer accounts for the first-timer visitors, half of
 * them converted), then times GetCIHDasboardStats and GetZoneCIHStats (their
 * queries, in process) 30 times each, beside raw SQL's floor (the pre-aggregate's rows summed) and,
 * once, the figures counted from the marks. Prints p50 and p99 with the budgets and the load
 * average; exits 1 when one is missed. BENCH_CIH_SCALE (0.001 to 10, default 1) shrinks the church
 * for a quick run or grows it to a denomination's (10: 4,000 centers, about 31 million marks), in
 * which case the calls are timed at scale 1 first and their growth printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Database, Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { dashboardStats, zoneStats } from '@/server/modules/cihReports/stats.js';
import { openBenchDatabase } from './benchDatabase.js';

const SCALE = Math.min(Math.max(Number(process.env.BENCH_CIH_SCALE) || 1, 0.001), 10);
const zonesAt = (scale: number) => Math.max(1, Math.round(40 * scale));
/** Past scale 1 the church is timed at scale 1, then grown and timed again. */
const STEPS = SCALE > 1 ? [1, SCALE] : [SCALE];
/** Zones generated per pass: a pass's statements stay about the size of scale 1's. */
const ZONES_PER_PASS = 40;
const CENTERS_PER_ZONE = 10;
const MEMBERS_PER_CENTER = 50;
const WEEKS = 156;
const RUNS = 30;
/** p50 budgets in ms: PostgreSQL is the production database; PGlite's figures are printed only. */
const BUDGET_P50 = { postgres: 100, pglite: Infinity };

const ms = (n: number) => n.toFixed(1);

async function timed(label: string, run: () => Promise<unknown>) {
  await run(); // warm-up, discarded
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, p50: times[Math.floor(RUNS / 2)], p99: times[Math.min(RUNS - 1, Math.ceil(RUNS * 0.99) - 1)] };
}

/** The bench zones already there (a kept PostgreSQL database is reused and grown). */
async function zonesThere(db: Db): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from zones where zone_name like 'Bench CIH %'`));
  return n;
}

/**
 * Zones `first` to `last` with their centers, members, three years of meetings, the marks (about
 * 70% present), visitors and first-timer accounts, and each meeting's counts as saveAttendance
 * writes them (the triggers then recompute cih_week_stats).
 */
async function generateZones(db: Db, first: number, last: number) {
  const members = (zone: number) => zone * CENTERS_PER_ZONE * MEMBERS_PER_CENTER;
  const newZones = sql`(case when z.zone_name like 'Bench CIH %' then substr(z.zone_name, 11)::int end) between ${first} and ${last}`;
  await db.execute(sql`insert into zones (zone_name) select 'Bench CIH ' || z from generate_series(${first}::int, ${last}::int) z`);
  await db.execute(sql`insert into centers (zone_id, center_name)
    select z.id, 'Bench center ' || c from zones z, generate_series(1, ${CENTERS_PER_ZONE}) c where ${newZones}`);
  await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer)
    select 'bench.cih.' || g || '@example.org', 'Bench', 'Member ' || g, true, false
    from generate_series(${members(first - 1) + 1}::int, ${members(last)}::int) g`);
  await db.execute(sql`
    with c as (select c.id, c.zone_id, row_number() over (order by c.id) - 1 as k from centers c join zones z on z.id = c.zone_id where ${newZones}),
      u as (select id, row_number() over (order by id) - 1 as k from users
        where (case when email like 'bench.cih.%' then substr(split_part(email, '@', 1), 11)::int end) > ${members(first - 1)}),
      n as (select count(*) as centers from c)
    insert into church_affiliations (user_id, zone_id, center_id)
    select u.id, c.zone_id, c.id from u cross join n join c on c.k = u.k % n.centers`);
  const newMeetings = sql`m.center_id in (select c.id from centers c join zones z on z.id = c.zone_id where ${newZones})`;
  await db.execute(sql`insert into cih_meetings (center_id, meeting_date)
    select c.id, (current_date - 7 * w)::date from centers c join zones z on z.id = c.zone_id, generate_series(0, ${WEEKS - 1}) w
    where ${newZones}`);
  // Everyone of a center marked at each of its meetings. The rows join existing meetings and
  // members, so the two foreign keys' row-by-row checks are left out as a bulk load does.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into cih_attendance_marks (meeting_id, user_id, present)
      select m.id, a.user_id, (hashtext(m.id::text || a.user_id::text) % 10) between -7 and 6
      from cih_meetings m join church_affiliations a on a.center_id = m.center_id
      join users u on u.id = a.user_id where u.email like 'bench.cih.%' and ${newMeetings}`);
  });
  await db.execute(sql`insert into cih_visitors (meeting_id, name, first_timer)
    select m.id, 'Visitor', (hashtext(m.id::text) % 3) = 0 from cih_meetings m where (hashtext(m.id::text) % 2) = 0 and ${newMeetings}`);
  // Each first-timer visitor sent to the first-timer list (an account), half of them since converted to members.
  const newVisitors = sql`v.first_timer and v.first_timer_id is null and v.meeting_id in (select m.id from cih_meetings m where ${newMeetings})`;
  await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer, converted_at)
    select 'bench.ft.' || v.id || '@example.org', 'Bench', 'First-timer', false, not c.converted, case when c.converted then now() end
    from cih_visitors v, lateral (select (hashtext(v.id::text) % 2) = 0 as converted) c where ${newVisitors}`);
  await db.execute(sql`update cih_visitors v set first_timer_id = u.id from users u
    where ${newVisitors} and u.email = 'bench.ft.' || v.id || '@example.org'`);
  await db.execute(sql`update cih_meetings m set present_count = a.present, members_count = a.members,
      visitor_count = coalesce(v.visitors, 0), first_timer_count = coalesce(v.first_timers, 0)
    from (select meeting_id, count(*) filter (where present)::int as present, count(*)::int as members from cih_attendance_marks
        where meeting_id in (select m.id from cih_meetings m where ${newMeetings}) group by meeting_id) a
    left join (select meeting_id, count(*)::int as visitors, count(*) filter (where first_timer)::int as first_timers from cih_visitors group by meeting_id) v
      on v.meeting_id = a.meeting_id
    where a.meeting_id = m.id`);
}

/** Grows the bench church to `zones` zones, a pass of ZONES_PER_PASS at a time. */
async function generate(db: Db, zones: number) {
  const there = await zonesThere(db);
  if (there >= zones) return;
  const started = performance.now();
  for (let first = there + 1; first <= zones; first += ZONES_PER_PASS) {
    const last = Math.min(first + ZONES_PER_PASS - 1, zones);
    await generateZones(db, first, last);
    process.stdout.write(`  zones ${last} of ${zones}\r`);
  }
  // As a running server finds them: autovacuum (or the embedded database's own pass,
  // server/db/maintenance.ts) sets the visibility map the index-only scans read.
  await db.execute(sql`vacuum analyze`);
  const [{ marks, sent }] = rowsOf<{ marks: number; sent: number }>(
    await db.execute(sql`select (select count(*)::int from cih_attendance_marks) as marks,
      (select count(*)::int from cih_visitors where first_timer_id is not null) as sent`),
  );
  const centers = zones * CENTERS_PER_ZONE;
  console.log(
    `Generated up to ${zones} zones, ${centers} centers, ${centers * MEMBERS_PER_CENTER} members: ${marks} marks, ${sent} visitors on the first-timer list, in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}

/** The two calls beside raw SQL's floor at the church's present size; their p50s in order. */
async function measure(database: Database): Promise<{ clean: boolean; p50s: number[] }> {
  const zones = await zonesThere(database.db);
  console.log(`\nAt ${zones * CENTERS_PER_ZONE} centers:`);
  const [zone] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from zones where zone_name = 'Bench CIH 1'`));
  const { from } = await dashboardStats(database.db);
  const results = [
    await timed('GetCIHDasboardStats', () => dashboardStats(database.db)),
    await timed('GetZoneCIHStats', () => zoneStats(database.db, zone.id)),
  ];
  // The floor: the pre-aggregate's 26 weeks read and summed per center in raw SQL, nothing else.
  const floor = await timed('raw SQL floor', () =>
    database.db.execute(sql`select center_id, sum(meetings), sum(present), sum(members), sum(visitors), sum(first_timers),
      sum(sent_to_first_timers), sum(first_timers_converted), max(last_meeting) from cih_week_stats where week >= ${from}::date group by center_id`),
  );
  // What the figures cost counted from the marks themselves (no pre-aggregate), once.
  const started = performance.now();
  await database.db.execute(sql`select m.center_id, date_trunc('week', m.meeting_date::timestamp) as week, count(distinct m.id),
      count(*) filter (where a.present), count(*) from cih_meetings m join cih_attendance_marks a on a.meeting_id = m.id
    where m.meeting_date >= ${from}::date group by 1, 2`);
  const fromMarks = performance.now() - started;
  const budget = BUDGET_P50[database.kind === 'pglite' ? 'pglite' : 'postgres'];
  let clean = true;
  for (const r of results) {
    const ok = r.p50 < budget;
    clean &&= ok;
    console.log(
      `${r.label.padEnd(22)} p50 ${ms(r.p50).padStart(7)} ms  p99 ${ms(r.p99).padStart(7)} ms  budget p50 < ${budget} ms  ${ok ? 'ok' : 'OVER'}`,
    );
  }
  console.log(
    `${floor.label.padEnd(22)} p50 ${ms(floor.p50).padStart(7)} ms  p99 ${ms(floor.p99).padStart(7)} ms  (the pre-aggregate's weeks summed per center, nothing else)`,
  );
  console.log(
    `${'from the marks, once'.padEnd(22)} ${ms(fromMarks).padStart(11)} ms  (present and marked per center and week counted from the marks)`,
  );
  console.log(
    `load average (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  );
  return { clean, p50s: [...results, floor].map((r) => r.p50) };
}

/** How each p50 grew from the first scale to the last (the calls read a pre-aggregate per center and week). */
function printGrowth(steps: { scale: number; p50s: number[] }[]) {
  if (steps.length < 2) return;
  const [first, last] = [steps[0], steps[steps.length - 1]];
  console.log(
    `\nGrowth of the p50s from scale ${first.scale} to scale ${last.scale} (${last.scale / first.scale} times the centers and marks):`,
  );
  ['GetCIHDasboardStats', 'GetZoneCIHStats', 'raw SQL floor'].forEach((label, i) =>
    console.log(
      `${label.padEnd(22)} ${ms(first.p50s[i]).padStart(7)} ms -> ${ms(last.p50s[i]).padStart(7)} ms  ${(last.p50s[i] / first.p50s[i]).toFixed(2)}x`,
    ),
  );
}

/** The CIH benchmark; answers the exit code. */
export async function benchCih(): Promise<number> {
  const kept = process.env.BENCH_DATA_DIR;
  const tempDir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-cih-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database } = await openBenchDatabase(config, 'bench.cih@example.org', { seedDemo: false });
  try {
    console.log(`Database: ${database.kind}; scale ${STEPS.join(' then ')}`);
    let clean = true;
    const grown: { scale: number; p50s: number[] }[] = [];
    for (const scale of STEPS) {
      await generate(database.db, zonesAt(scale));
      const step = await measure(database);
      clean = step.clean && clean;
      grown.push({ scale, p50s: step.p50s });
    }
    printGrowth(grown);
    return clean ? 0 : 1;
  } finally {
    await database.close();
    if (!kept) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
