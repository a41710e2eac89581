/**
 * `npm run bench -- giving`: giving at a large church's size. Generates 20,000 givers, five funds,
 * three years of weekly approved batches and 1,000,000 contributions (set-based: INSERT ... SELECT
 * over generate_series), then times through the HTTP API, one call after another, 30 times each:
 * the contributions' first page, a deep page, a fund and date filter, a year's totals by fund and
 * month and its givers by band (the reports), one giver's statement for a year, and one member's
 * own giving. On PostgreSQL raw SQL's floor for the same questions runs through psql, in its own
 * process, in the same run, and the ratio is printed; the totals by fund and month have two
 * floors, added up from the contributions and read from the kept totals (docs/decisions/0245).
 * Prints p50 and p99 with the limits and the load average; exits 1 when one is missed.
 * BENCH_GIVING_SCALE (0 to 1, default 1) shrinks the church. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { countsSql, signedSql } from '@/server/modules/giving/counted.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';
import { loadAverage, psqlTimes } from './nativeSql.js';

const SCALE = Math.min(Math.max(Number(process.env.BENCH_GIVING_SCALE) || 1, 0.001), 1);
const GIVERS = Math.max(100, Math.round(20_000 * SCALE));
const GIFTS = Math.max(1_000, Math.round(1_000_000 * SCALE));
const WEEKS = 156;
const FUNDS = ['Bench Tithe', 'Bench Offering', 'Bench Building', 'Bench Missions', 'Bench Welfare'];
const RUNS = 30;
const ADMIN = 'bench.giving@example.org';
/**
 * The budget, on PostgreSQL (the production database; PGlite's figures are printed only): Flock's
 * p50 through HTTP within 1.5 times raw SQL's for the same question plus 10 ms for HTTP, sign-in
 * check and JSON. What the database itself needs at this size is the floor printed beside it.
 */
const budgetOf = (floorMs: number) => 1.5 * floorMs + 10;
/**
 * Issue 36's own limits, on Flock's p50 through HTTP at 1,000,000 contributions, whatever raw
 * SQL needs: a year's totals by fund and month, and one giver's statement for a year.
 */
const FUND_MONTHS_LIMIT_MS = 100;
const STATEMENT_LIMIT_MS = 50;

const ms = (n: number) => n.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The bench church's giving, created once per database (a kept PostgreSQL database is reused). */
async function generate(db: Db) {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from contributions where reference like 'bench-%'`));
  if (n >= GIFTS) return;
  const started = performance.now();
  await db.execute(sql`insert into giving_funds (name) select unnest(string_to_array(${FUNDS.join(',')}, ',')) on conflict do nothing`);
  await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer)
    select 'bench.giving.' || g || '@example.org', 'Bench', 'Giver ' || g, true, false from generate_series(1, ${GIVERS}) g`);
  await db.execute(sql`insert into giving_batches (name, date, counted_total, state, approved_at)
    select 'Bench week ' || w, (current_date - 7 * w)::date, 1, 'approved', now() from generate_series(0, ${WEEKS - 1}) w`);
  // One gift in ten anonymous; amounts from ₦100 to ₦500,000; the method and the fund by hash.
  await db.execute(sql`
    with g as (select id, row_number() over (order by id) - 1 as k from users where email like 'bench.giving.%'),
      b as (select id, date, row_number() over (order by date) - 1 as k from giving_batches where name like 'Bench week %')
    insert into contributions (batch_id, giver_id, date, amount, method, reference)
    select b.id, case when i % 10 = 0 then null else g.id end, b.date, 10000 + (abs(hashtext(i::text)) % 50000000),
      (array['cash', 'transfer', 'card', 'POS', 'cheque'])[1 + i % 5], 'bench-' || i
    from generate_series(1, ${GIFTS}) i
    join b on b.k = i % ${WEEKS}
    join g on g.k = (i::bigint * 7919) % ${GIVERS}`);
  await db.execute(sql`
    with f as (select id, row_number() over (order by name) - 1 as k from giving_funds where name like 'Bench %')
    insert into contribution_splits (contribution_id, fund_id, amount)
    select c.id, f.id, c.amount from contributions c join f on f.k = abs(hashtext(c.reference)) % ${FUNDS.length}
    where c.reference like 'bench-%'`);
  await db.execute(sql`update giving_batches b set counted_total = t.total
    from (select batch_id, sum(amount) as total from contributions group by batch_id) t where t.batch_id = b.id and b.name like 'Bench week %'`);
  // The benchmark's administrator takes over one giver's gifts, so 'my giving' has a giver's history.
  await db.execute(sql`update contributions set giver_id = (select id from users where email = ${ADMIN})
    where giver_id = (select id from users where email = 'bench.giving.7@example.org')`);
  await db.execute(sql`analyze`);
  console.log(`Generated ${GIVERS} givers and ${GIFTS} contributions in ${Math.round((performance.now() - started) / 1000)} s`);
}

/**
 * A call timed, with the raw SQL that answers the same question; `kept`: the same answer in raw
 * SQL read from the kept totals; `limitMs`: an absolute limit in place of the budget over the floor.
 */
type Question = { label: string; path: string; floor: string; kept?: string; limitMs?: number };

/** The calls timed, each with the raw SQL that answers the same question (the page's rows and the count). */
async function questions(db: Db): Promise<Question[]> {
  const [{ fund, giver }] = rowsOf<{ fund: string; giver: string }>(
    await db.execute(sql`select (select id from giving_funds where name = 'Bench Building') as fund,
      (select id from users where email = ${ADMIN}) as giver`),
  );
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [since, yearAgo, today] = [day(91), day(365), day(0)];
  // The last whole calendar year: the generated weeks cover it from January to December.
  const year = new Date().getUTCFullYear() - 1;
  const lastYear = { from: `${year}-01-01`, to: `${year}-12-31` };
  const signed = `case when c.kind = 'gift' then s.amount else -s.amount end`;
  const counted = `(c.batch_id in (select id from giving_batches where state = 'approved') or (c.batch_id is null and c.approved_at is not null))`;
  const page = (where: string, offset: number) =>
    `select c.*, concat_ws(' ', u.first_name, u.sur_name) from contributions c left join users u on u.id = c.giver_id
       where ${counted} ${where} order by c.date desc, c.created_at desc, c.id desc limit 25 offset ${offset};
     select count(*) from contributions c where ${counted} ${where};`;
  const byFund = `and c.date >= '${since}' and exists (select from contribution_splits s where s.contribution_id = c.id and s.fund_id = '${fund}')`;
  return [
    { label: 'contributions, page 1', path: '/Giving/GetContributions?PageNumber=1&PageSize=25', floor: page('', 0) },
    { label: 'contributions, page 400', path: '/Giving/GetContributions?PageNumber=400&PageSize=25', floor: page('', 9_975) },
    {
      label: 'one fund, last 3 months',
      path: `/Giving/GetContributions?PageNumber=1&PageSize=25&FundId=${fund}&From=${since}`,
      floor: page(byFund, 0),
    },
    {
      label: 'totals by fund and month',
      path: `/Giving/GetFundMonthTotals?from=${lastYear.from}&to=${lastYear.to}`,
      floor: `select to_char(c.date, 'YYYY-MM'), s.fund_id, f.name, sum(${signed}) from contributions c
        join contribution_splits s on s.contribution_id = c.id join giving_funds f on f.id = s.fund_id
        where c.date between '${lastYear.from}' and '${lastYear.to}' and ${counted} group by 1, 2, 3 order by 1, lower(f.name);`,
      kept: `select to_char(t.day, 'YYYY-MM'), t.fund_id, f.name, sum(t.amount) from giving_fund_totals t
        join giving_funds f on f.id = t.fund_id where t.day between '${lastYear.from}' and '${lastYear.to}'
        group by 1, 2, 3 having sum(t.splits) > 0 order by 1, lower(f.name);`,
      limitMs: FUND_MONTHS_LIMIT_MS,
    },
    {
      label: 'givers by band',
      path: `/Giving/GetGiverBands?from=${yearAgo}&to=${today}`,
      floor: `with per_giver as (select c.giver_id, sum(c.amount) as total from contributions c
          where c.giver_id is not null and c.date between '${yearAgo}' and '${today}' and ${counted} group by c.giver_id)
        select case when total < 1000000 then 1 when total < 10000000 then 2 else 3 end, count(*), sum(total) from per_giver group by 1;`,
    },
    {
      label: "a giver's statement, a year",
      path: `/Giving/GetStatements?giverId=${giver}&from=${lastYear.from}&to=${lastYear.to}`,
      floor: `select c.id, c.date, c.kind, c.method, c.reference, c.currency, f.name, s.amount, u.first_name, u.sur_name, u.language
        from contributions c join users u on u.id = c.giver_id join contribution_splits s on s.contribution_id = c.id
        join giving_funds f on f.id = s.fund_id
        where c.giver_id = '${giver}' and ${counted} and c.date between '${lastYear.from}' and '${lastYear.to}'
        order by c.date, c.created_at, c.id, f.name;`,
      limitMs: STATEMENT_LIMIT_MS,
    },
    {
      label: "a member's own giving",
      path: `/Giving/GetMine`,
      floor: `select c.* from contributions c where c.giver_id = '${giver}' and ${counted} order by c.date, c.created_at, c.id;`,
    },
  ];
}

/**
 * The kept totals answer what adding up the contributions answers (docs/decisions/0245): the
 * year's report through HTTP against the reference query over a million gifts; throws if not.
 */
async function checkFundMonths(db: Db, base: string, token: string) {
  const year = new Date().getUTCFullYear() - 1;
  const res = await fetch(`${base}/api/Giving/GetFundMonthTotals?from=${year}-01-01&to=${year}-12-31`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answered = ((await res.json()) as { data: { rows: Array<{ month: string; fundId: string; amount: number }> } }).data.rows;
  const reference = rowsOf<{ month: string; fundId: string; amount: string }>(
    await db.execute(sql`
      select to_char(c.date, 'YYYY-MM') as month, s.fund_id as "fundId", sum(${signedSql('c', 's.amount')})::text as amount
      from contributions c join contribution_splits s on s.contribution_id = c.id join giving_funds f on f.id = s.fund_id
      where c.date between ${`${year}-01-01`} and ${`${year}-12-31`} and ${countsSql('c')}
      group by 1, 2, f.name order by 1, lower(f.name)`),
  );
  const same =
    JSON.stringify(answered.map((r) => [r.month, r.fundId, r.amount])) ===
    JSON.stringify(reference.map((r) => [r.month, r.fundId, Number(r.amount)]));
  if (!same || !answered.length) throw new Error('The kept totals differ from the contributions added up');
  console.log(`Totals by fund and month, ${year}: ${answered.length} rows, the same as the contributions added up`);
}

async function timedHttp(base: string, token: string, apiPath: string) {
  const call = async () => {
    const res = await fetch(`${base}/api${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${apiPath}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  await call(); // warm-up, discarded
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(RUNS / 2)], p99: times[Math.min(RUNS - 1, Math.ceil(RUNS * 0.99) - 1)] };
}

/** Raw SQL's floor through psql: the statements of one question, ten times; the median of their summed times. */
function floorOf(url: string, statements: string): number {
  const count = statements.split(';').filter((s) => s.trim()).length;
  const times = psqlTimes(url, `\\timing on\n${Array.from({ length: 11 }, () => statements).join('\n')}\n\\timing off\n`);
  const runs = Array.from({ length: 11 }, (_, i) => times.slice(i * count, (i + 1) * count).reduce((a, b) => a + b, 0));
  return median(runs.slice(1));
}

/** The giving benchmark; answers the exit code. */
export async function benchGiving(): Promise<number> {
  const kept = process.env.BENCH_DATA_DIR;
  const tempDir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-giving-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database, password } = await openBenchDatabase(config, ADMIN, { seedDemo: false });
  const app = await buildApp(config, database);
  try {
    console.log(`Database: ${database.kind}; scale ${SCALE}; load ${loadAverage()}`);
    await generate(database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The administrator reads the church's giving, and their own (a giver's three years, see generate).
    const token = await benchSignIn(base, ADMIN, password);
    const onPostgres = database.kind === 'postgres' && !!config.databaseUrl;
    await checkFundMonths(database.db, base, token);
    let clean = true;
    for (const q of await questions(database.db)) {
      const flock = await timedHttp(base, token, q.path);
      const floor = onPostgres ? floorOf(config.databaseUrl!, q.floor) : NaN;
      const keptFloor = onPostgres && q.kept ? floorOf(config.databaseUrl!, q.kept) : NaN;
      // Issue 36's limits hold on any database; the budget over raw SQL is PostgreSQL's only.
      const limit = q.limitMs ?? (onPostgres ? budgetOf(floor) : NaN);
      const ok = Number.isNaN(limit) || flock.p50 <= limit;
      clean &&= ok;
      const ratio = (floorMs: number) => flock.p50 / floorMs;
      const raw = (label: string, floorMs: number) =>
        `raw SQL${label} ${ms(floorMs).padStart(7)} ms  Flock/raw ${ratio(floorMs) < 0.1 ? ratio(floorMs).toPrecision(2) : ratio(floorMs).toFixed(1)}x`;
      const ratios = onPostgres
        ? q.kept
          ? `${raw(' (contributions)', floor)}  ${raw(' (kept totals)', keptFloor)}`
          : raw('', floor)
        : 'raw SQL: PostgreSQL only';
      console.log(
        `${q.label.padEnd(28)} p50 ${ms(flock.p50).padStart(7)} ms  p99 ${ms(flock.p99).padStart(7)} ms  ${ratios}  limit p50 <= ${Number.isNaN(limit) ? '-' : ms(limit)} ms  ${ok ? 'ok' : 'OVER'}  load ${loadAverage()}`,
      );
    }
    return clean ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    if (!kept) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
