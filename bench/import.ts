/**
 * `npm run bench -- import`: the spreadsheet import at church size. Builds a CSV of 20,000 people
 * (each with department, zone and center), then times what the three calls do, in process:
 * parsing (papaparse), checking every row against the database and the file, and the commit's
 * transaction (check again, set-based inserts, audit). Budget: the whole under 10 s; exits 1 when
 * missed. BENCH_IMPORT_ROWS changes the row count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readConfig, type AppConfig } from '@/server/config.js';
import { centers, departments, zones } from '@/server/db/schema/index.js';
import { recordAudit, type AuditEntry } from '@/server/http/audit.js';
import { checkRows } from '@/server/modules/memberImport/check.js';
import { importPeople } from '@/server/modules/memberImport/commit.js';
import { parseSheet, suggestMapping } from '@/server/modules/memberImport/parse.js';
import { openBenchDatabase } from './benchDatabase.js';

const ROWS = Math.min(Math.max(Number(process.env.BENCH_IMPORT_ROWS) || 20_000, 1), 25_000);
const BUDGET_MS = 10_000;

function csv(tag: string) {
  const lines = ['Name,Phone,Email,Gender,Date of birth,Address,Department,Zone,Center'];
  for (let i = 0; i < ROWS; i++) {
    const phone = `0809${String(i).padStart(7, '0')}`;
    lines.push(
      `"Bench ${i} Import",${phone},bench.import.${tag}.${i}@example.org,${i % 2 ? 'M' : 'F'},01/02/1990,"${i} Allen Avenue, Ikeja",Bench Import ${tag},Bench Zone ${tag},Bench Center ${tag}`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

/** The import benchmark; answers the exit code. */
export async function benchImport(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-import-'));
  const config: AppConfig = { ...readConfig(), dataDir: tempDir, webRoot: undefined, logLevel: 'warn' };
  const { database } = await openBenchDatabase(config, 'bench.import@example.org', { seedDemo: false });
  const db = database.db;
  try {
    const tag = Date.now().toString(36);
    await db.insert(departments).values({ departmentName: `Bench Import ${tag}` });
    const [zone] = await db
      .insert(zones)
      .values({ zoneName: `Bench Zone ${tag}` })
      .returning();
    await db.insert(centers).values({ zoneId: zone.id, centerName: `Bench Center ${tag}` });
    const file = csv(tag);
    const t0 = performance.now();
    const sheet = await parseSheet(file);
    const mapping = suggestMapping(sheet.headers);
    const t1 = performance.now();
    const preview = await checkRows(db, sheet.rows, mapping);
    const t2 = performance.now();
    const imported = await db.transaction(async (tx) => {
      const entries: AuditEntry[] = [];
      const good = (await checkRows(tx, sheet.rows, mapping)).filter((r) => r.problems.length === 0);
      const ids = await importPeople(tx, (e) => entries.push(e), good, 'member');
      await recordAudit(tx, entries, { actorId: null, ip: '127.0.0.1' });
      return ids.length;
    });
    const t3 = performance.now();
    const bad = preview.filter((r) => r.problems.length).length;
    const total = t3 - t0;
    console.log(
      `Database: ${database.kind}; ${ROWS} rows, ${(file.length / 1e6).toFixed(1)} MB; ${bad} with problems, ${imported} imported`,
    );
    console.log(`parse ${Math.round(t1 - t0)} ms  preview ${Math.round(t2 - t1)} ms  commit ${Math.round(t3 - t2)} ms`);
    console.log(`total ${Math.round(total)} ms  budget < ${BUDGET_MS} ms  ${total < BUDGET_MS ? 'ok' : 'OVER'}`);
    return total < BUDGET_MS && imported === ROWS ? 0 : 1;
  } finally {
    await database.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
