/**
 * `npm run bench -- import`: the spreadsheet import at church size, over HTTP as the web dialog
 * makes it. Builds a CSV of 20,000 people (each with department, zone and center), then times the
 * three calls against the real server: the upload (multipart, papaparse, the suggested mapping),
 * the preview (every row checked against the database and the file) and the commit in mode
 * 'good' (checked again in its transaction, set-based inserts, the member directory, the audit
 * entry). Budget: the three together under 10 s; exits 1 when missed or when the directory does
 * not hold every imported person. Each call's wall time is printed with the CPU time this process
 * spent meanwhile (client, server and, on PGlite, the database: on a loaded machine the wall time
 * also holds the wait for a core). On PostgreSQL, raw SQL's floor follows: the commit's one
 * statement over the same people (other addresses) through psql, in its own process, the member
 * directory following through the same triggers; the commit's ratio to it and the load average are
 * printed beside it. BENCH_IMPORT_ROWS changes the row count. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, eq, inArray, like } from 'drizzle-orm';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Db } from '@/server/db/client.js';
import { centers, departments, memberDirectory, roles, zones } from '@/server/db/schema/index.js';
import { benchSignIn, openBenchDatabase } from './benchDatabase.js';
import { literal, loadAverage, psqlTimes } from './nativeSql.js';

const ROWS = Math.min(Math.max(Number(process.env.BENCH_IMPORT_ROWS) || 20_000, 1), 25_000);
const BUDGET_MS = 10_000;
const BENCH_ADMIN = 'bench.import@example.org';

/** The department, zone and center of this run; `run` numbers the runs a PostgreSQL database has seen. */
async function placesOfRun(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(departments).where(like(departments.departmentName, 'Bench Import %'));
  const tag = `${n + 1}`;
  const [department] = await db
    .insert(departments)
    .values({ departmentName: `Bench Import ${tag}` })
    .returning();
  const [zone] = await db
    .insert(zones)
    .values({ zoneName: `Bench Zone ${tag}` })
    .returning();
  const [center] = await db
    .insert(centers)
    .values({ zoneId: zone.id, centerName: `Bench Center ${tag}` })
    .returning();
  return { tag, run: n + 1, departmentId: department.id, zoneId: zone.id, centerId: center.id };
}

type Places = Awaited<ReturnType<typeof placesOfRun>>;

/**
 * Raw SQL's floor for the commit: the import's one statement (users, biodata, affiliation, role
 * and department as data-modifying CTEs, the directory written once by the users trigger) over the
 * same people under other addresses, run by psql in its own transaction; answers the statement's
 * time and its commit's, in ms. The people go into a temporary table first, untimed, as the
 * server's JSON parameter arrives before its statement runs.
 */
async function rawImport(db: Db, url: string, places: Places): Promise<number> {
  const [member] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'member'));
  const people = Array.from({ length: ROWS }, (_, i) => ({
    email: `raw.import.${places.tag}.${i}@example.org`,
    first_name: `Bench ${i}`,
    sur_name: 'Import',
    gender: i % 2 ? 'Male' : 'Female',
    phone: `+2${String(places.run).padStart(4, '0')}${String(i).padStart(7, '0')}`,
    date_of_birth: '1990-02-01',
    address: `${i} Allen Avenue, Ikeja`,
    zone_id: places.zoneId,
    center_id: places.centerId,
    department_id: places.departmentId,
  }));
  const times = psqlTimes(
    url,
    `CREATE TEMP TABLE raw_input AS SELECT ${literal(JSON.stringify(people))}::jsonb AS people;
BEGIN;
SELECT set_config('flock.directory_whole_people', 'on', true);
\\timing on
WITH input AS (
  SELECT x.* FROM raw_input, jsonb_to_recordset(raw_input.people) AS x(email text, first_name text, sur_name text,
    gender text, phone text, date_of_birth date, address text, zone_id uuid, center_id uuid, department_id uuid)
),
u AS (
  INSERT INTO users (email, first_name, sur_name, gender, mobile1, email_verified, is_first_timer)
  SELECT email, first_name, sur_name, gender, phone, true, false FROM input RETURNING id, email
),
j AS (SELECT u.id, input.* FROM u JOIN input ON input.email = u.email),
b AS (
  INSERT INTO biodata (user_id, first_name, sur_name, email, mobile1, gender, date_of_birth, address)
  SELECT id, first_name, sur_name, email, phone, gender, date_of_birth, address FROM j
),
a AS (INSERT INTO church_affiliations (user_id, zone_id, center_id) SELECT id, zone_id, center_id FROM j),
r AS (INSERT INTO user_roles (user_id, role_id) SELECT id, ${literal(member.id)}::uuid FROM j),
d AS (INSERT INTO user_departments (user_id, department_id, is_primary_department) SELECT id, department_id, true FROM j)
SELECT count(*) FROM u;
COMMIT;
\\timing off
`,
  );
  return times.reduce((a, b) => a + b, 0);
}

/** Unique emails and phones on every run, so a PostgreSQL database from an earlier run finds no duplicates. */
function csv(tag: string, run: number) {
  const lines = ['Name,Phone,Email,Gender,Date of birth,Address,Department,Zone,Center'];
  for (let i = 0; i < ROWS; i++) {
    const phone = `+1${String(run).padStart(4, '0')}${String(i).padStart(7, '0')}`;
    lines.push(
      `"Bench ${i} Import",${phone},bench.import.${tag}.${i}@example.org,${i % 2 ? 'M' : 'F'},01/02/1990,"${i} Allen Avenue, Ikeja",Bench Import ${tag},Bench Zone ${tag},Bench Center ${tag}`,
    );
  }
  return lines.join('\n');
}

type Call = { ms: number; cpuMs: number; bytes: number; data: Record<string, unknown> };

async function call(base: string, token: string, url: string, body: FormData | object): Promise<Call> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const json = !(body instanceof FormData);
  const res = await fetch(`${base}/api/MemberImport/${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return {
    ms,
    cpuMs: (used.user + used.system) / 1000,
    bytes: text.length,
    data: (JSON.parse(text) as { data: Record<string, unknown> }).data,
  };
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} kB`;

/** The import benchmark; answers the exit code. */
export async function benchImport(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-import-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database, password } = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });
  const app = await buildApp(config, database);
  try {
    const places = await placesOfRun(database.db);
    const file = csv(places.tag, places.run);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await benchSignIn(base, BENCH_ADMIN, password);

    const form = new FormData();
    form.set('file', new Blob([file], { type: 'text/csv' }), 'people.csv');
    const upload = await call(base, token, 'Upload', form);
    const { rows, mapping } = upload.data;
    const preview = await call(base, token, 'Preview', { rows, mapping });
    const commit = await call(base, token, 'Commit', { rows, mapping, mode: 'good' });
    const total = upload.ms + preview.ms + commit.ms;

    const ids = commit.data.userIds as string[];
    const [{ listed }] = await database.db.select({ listed: count() }).from(memberDirectory).where(inArray(memberDirectory.userId, ids));
    const complete = commit.data.imported === ROWS && listed === ROWS;
    console.log(`Database: ${database.kind}; ${ROWS} rows, ${kb(file.length)} of CSV; load average ${loadAverage()}`);
    const line = (name: string, c: Call, what: string) =>
      console.log(`POST ${name.padEnd(8)} ${String(Math.round(c.ms)).padStart(6)} ms  (cpu ${Math.round(c.cpuMs)} ms; ${what})`);
    line('Upload', upload, `answer ${kb(upload.bytes)}`);
    line('Preview', preview, `answer ${kb(preview.bytes)}, ${String(preview.data.bad)} rows with problems`);
    line('Commit', commit, `${String(commit.data.imported)} imported, ${listed} in the member directory`);
    const cpuMs = upload.cpuMs + preview.cpuMs + commit.cpuMs;
    console.log(
      `total  ${Math.round(total)} ms  (cpu ${Math.round(cpuMs)} ms)  budget < ${BUDGET_MS} ms  ${total < BUDGET_MS ? 'ok' : 'OVER'}`,
    );
    if (database.kind === 'postgres' && config.databaseUrl) {
      const raw = await rawImport(database.db, config.databaseUrl, places);
      console.log(
        `raw SQL (psql, the commit's statement, same people): ${Math.round(raw)} ms; Commit / raw ${(commit.ms / raw).toFixed(2)}, total / raw ${(total / raw).toFixed(2)}; load average ${loadAverage()}`,
      );
    }
    if (!complete) console.error(`Expected ${ROWS} people imported and listed in the member directory.`);
    return total < BUDGET_MS && complete ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
