/**
 * `npm run bench -- cih`: the house-fellowship statistics at church size. Generates 40 zones,
 * 400 centers, 20,000 members and three years of weekly meetings (about 3 million present/absent
 * marks, set-based: INSERT ... SELECT over generate_series), writes each meeting's pre-aggregate
 * from its marks as the save does (and first-timer accounts for the first-timer visitors, half of
 * them converted), then times GetCIHDasboardStats and GetZoneCIHStats (their
 * queries, in process) 30 times each, beside raw SQL's floor (the pre-aggregate's rows summed) and,
 * once, the figures counted from the marks. Prints p50 and p99 with the budgets and the load
 * average; exits 1 when one is missed. BENCH_CIH_SCALE (0 to 1, default 1) shrinks the church for a quick run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { dashboardStats, zoneStats } from '@/server/modules/cihReports/stats.js';
import { openBenchDatabase } from './benchDatabase.js';

const SCALE = Math.min(Math.max(Number(process.env.BENCH_CIH_SCALE) || 1, 0.001), 1);
const ZONES = Math.max(1, Math.round(40 * SCALE));
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

/** The bench church, created once per database (a kept PostgreSQL database is reused). */
async function generate(db: Db) {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from zones where zone_name like 'Bench CIH %'`));
  if (n >= ZONES) return;
  const centers = ZONES * CENTERS_PER_ZONE;
  const members = centers * MEMBERS_PER_CENTER;
  const started = performance.now();
  await db.execute(sql`insert into zones (zone_name) select 'Bench CIH ' || z from generate_series(1, ${ZONES}) z`);
  await db.execute(sql`insert into centers (zone_id, center_name)
    select z.id, 'Bench center ' || c from zones z, generate_series(1, ${CENTERS_PER_ZONE}) c where z.zone_name like 'Bench CIH %'`);
  await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer)
    select 'bench.cih.' || g || '@example.org', 'Bench', 'Member ' || g, true, false from generate_series(1, ${members}) g`);
  await db.execute(sql`
    with c as (select c.id, c.zone_id, row_number() over (order by c.id) - 1 as k from centers c join zones z on z.id = c.zone_id where z.zone_name like 'Bench CIH %'),
      u as (select id, row_number() over (order by id) - 1 as k from users where email like 'bench.cih.%')
    insert into church_affiliations (user_id, zone_id, center_id)
    select u.id, c.zone_id, c.id from u join c on c.k = u.k % ${centers}`);
  await db.execute(sql`insert into cih_meetings (center_id, meeting_date)
    select c.id, (current_date - 7 * w)::date from centers c join zones z on z.id = c.zone_id, generate_series(0, ${WEEKS - 1}) w
    where z.zone_name like 'Bench CIH %'`);
  // Everyone of a center marked at each of its meetings, about 70% present.
  await db.execute(sql`insert into cih_attendance_marks (meeting_id, user_id, present)
    select m.id, a.user_id, (hashtext(m.id::text || a.user_id::text) % 10) between -7 and 6
    from cih_meetings m join church_affiliations a on a.center_id = m.center_id
    join users u on u.id = a.user_id where u.email like 'bench.cih.%'`);
  await db.execute(sql`insert into cih_visitors (meeting_id, name, first_timer)
    select m.id, 'Visitor', (hashtext(m.id::text) % 3) = 0 from cih_meetings m where (hashtext(m.id::text) % 2) = 0`);
  // Each first-timer visitor sent to the first-timer list (an account), half of them since converted to members.
  await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer, converted_at)
    select 'bench.ft.' || v.id || '@example.org', 'Bench', 'First-timer', false, not c.converted, case when c.converted then now() end
    from cih_visitors v, lateral (select (hashtext(v.id::text) % 2) = 0 as converted) c where v.first_timer`);
  await db.execute(sql`update cih_visitors v set first_timer_id = u.id from users u
    where v.first_timer and u.email = 'bench.ft.' || v.id || '@example.org'`);
  // The meetings' counts, as saveAttendance writes them (the triggers then recompute cih_week_stats).
  await db.execute(sql`update cih_meetings m set present_count = a.present, members_count = a.members,
      visitor_count = coalesce(v.visitors, 0), first_timer_count = coalesce(v.first_timers, 0)
    from (select meeting_id, count(*) filter (where present)::int as present, count(*)::int as members from cih_attendance_marks group by meeting_id) a
    left join (select meeting_id, count(*)::int as visitors, count(*) filter (where first_timer)::int as first_timers from cih_visitors group by meeting_id) v
      on v.meeting_id = a.meeting_id
    where a.meeting_id = m.id`);
  await db.execute(sql`analyze`);
  const [{ marks, sent }] = rowsOf<{ marks: number; sent: number }>(
    await db.execute(sql`select (select count(*)::int from cih_attendance_marks) as marks,
      (select count(*)::int from cih_visitors where first_timer_id is not null) as sent`),
  );
  console.log(
    `Generated ${ZONES} zones, ${centers} centers, ${members} members, ${marks} marks, ${sent} visitors on the first-timer list in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}

/** The CIH benchmark; answers the exit code. */
export async function benchCih(): Promise<number> {
  const kept = process.env.BENCH_DATA_DIR;
  const tempDir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-cih-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database } = await openBenchDatabase(config, 'bench.cih@example.org', { seedDemo: false });
  try {
    console.log(`Database: ${database.kind}; scale ${SCALE}`);
    await generate(database.db);
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
    return clean ? 0 : 1;
  } finally {
    await database.close();
    if (!kept) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
