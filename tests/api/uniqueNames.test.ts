import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';

/**
 * Names are unique without regard to case in the database itself: creates racing each other
 * all pass the handler's check at once (on PostgreSQL), and only the unique index stops the
 * rest. The loser sees the same 409 message the check gives.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
});
afterAll(() => s?.close());

const SPELLINGS = ['Choir', 'choir', 'CHOIR', 'Choir', 'cHoIr', 'choir', 'CHOIR', 'Choir', 'choiR', 'CHOir'];

async function raceCreates(path: string, body: (name: string, i: number) => Record<string, unknown>) {
  const answers = await Promise.all(SPELLINGS.map((name, i) => s.call('POST', path, { body: body(name, i), token: admin })));
  return answers;
}

function exactlyOne(answers: Array<{ status: number; body: any }>, message: RegExp) {
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  for (const a of answers.filter((a) => a.status !== 200)) {
    expect(a.status).toBe(409);
    expect(a.body.message).toMatch(message);
  }
}

async function countNamed(path: string, field: string, extra = '') {
  const res = await s.call('GET', `${path}?search=choir&pageSize=100${extra}`, { token: admin });
  expect(res.status).toBe(200);
  return (res.body.data as Array<Record<string, string>>).filter((r) => r[field].toLowerCase() === 'choir').length;
}

describe('ten concurrent creates of one name in different cases make one record', () => {
  it('departments', async () => {
    exactlyOne(
      await raceCreates('/Department/CreateDepartment', (departmentName) => ({ departmentName })),
      /There is already a department named/,
    );
    expect(await countNamed('/Department/GetAllDepartment', 'departmentName')).toBe(1);
  });

  it('zones', async () => {
    exactlyOne(await raceCreates('/CIHZone/Create', (zoneName) => ({ zoneName })), /There is already a zone named/);
    expect(await countNamed('/CIHZone/GetAll', 'zoneName')).toBe(1);
  });

  it('centers in one zone', async () => {
    const zone = await s.call('POST', '/CIHZone/Create', { body: { zoneName: 'Centers race zone' }, token: admin });
    const zoneId = zone.body.data.id;
    exactlyOne(await raceCreates('/Center/Create', (centerName) => ({ centerName, zoneId })), /This zone already has a center named/);
    expect(await countNamed('/Center/GetAll', 'centerName')).toBe(1);
  });

  it('lookups, by name and by code', async () => {
    exactlyOne(await raceCreates('/Ministry/Create', (name, i) => ({ name, code: `M${i}` })), /There is already a ministry named/);
    expect(await countNamed('/Ministry/GetAll', 'name')).toBe(1);
    exactlyOne(await raceCreates('/Unit/Create', (code, i) => ({ name: `Unit ${i}`, code })), /There is already a unit with the code/);
  });

  it('affinity groups, by name and by code', async () => {
    exactlyOne(
      await raceCreates('/AffinityGroup/Create', (affinityGroupName, i) => ({ affinityGroupName, affinityGroupCode: `C${i}` })),
      /There is already an affinity group named/,
    );
    exactlyOne(
      await raceCreates('/AffinityGroup/Create', (affinityGroupCode, i) => ({ affinityGroupName: `Group ${i}`, affinityGroupCode })),
      /The affinity group code "\w+" is already in use/,
    );
  });
});

describe('the migration to case-insensitive names', () => {
  it('names the records that already differ only by case instead of failing opaquely', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const full = path.resolve(import.meta.dirname, '../../server/db/migrations');
    // The migrations before this one, in a folder of their own.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-migrations-'));
    try {
      fs.cpSync(full, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
      const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_faults'));
      journal.entries = journal.entries.slice(0, at);
      fs.writeFileSync(journalFile, JSON.stringify(journal));

      // The member directory's migration, before this one, needs pg_trgm, as server/db/client.ts loads it.
      const client = new PGlite({ extensions: { pg_trgm } });
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`INSERT INTO zones (zone_name) VALUES ('North'), ('NORTH'), ('South');
        INSERT INTO departments (department_name) VALUES ('Choir'), ('choir');`);
      const failure = await migrate(db, { migrationsFolder: full }).then(
        () => undefined,
        (err: Error) => `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}`,
      );
      expect(failure).toContain("rename or merge these records first: zones 'NORTH', 'North'; departments 'Choir', 'choir'");
      await client.close();
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
