import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dropProxy, readLoad, scratchDatabase, terminateBackends } from '@/tests/support/faults.js';
import { freePort, startProcess, stop, untilListening, type Proc } from '@/tests/support/serverProcess.js';

const PG = process.env.TEST_DATABASE_URL;
const ADMIN = { username: 'admin@example.org', password: 'Process-admin-1' };

async function listening(env: Record<string, string>) {
  const port = await freePort();
  const proc = startProcess({ PORT: String(port), ...env });
  await untilListening(proc.child, () => `${proc.stdout()}${proc.stderr()}`);
  const base = `http://127.0.0.1:${port}/api`;
  const res = await fetch(`${base}/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = (await res.json()).data.token as string;
  return { proc, base, token };
}

const alive = (proc: Proc) => proc.child.exitCode === null && proc.child.signalCode === null;

describe.skipIf(!PG)('a PostgreSQL connection lost under a running server', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    db = await scratchDatabase(PG!);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('backends terminated during a steady read load: the server answers again within seconds, no restart', async () => {
    const { proc, base, token } = await listening({ DATABASE_URL: db.url });
    const load = readLoad(`${base}/Roles/GetPlatformRoles`, token);
    try {
      await vi.waitFor(() => expect(load.statuses.filter((s) => s === 200).length).toBeGreaterThan(20), { timeout: 15_000 });
      expect(await terminateBackends(db.admin, db.name)).toBeGreaterThan(0);
      const from = load.statuses.length;
      await vi.waitFor(() => expect(load.statuses.slice(from).filter((s) => s === 200).length).toBeGreaterThan(20), { timeout: 15_000 });
      await load.stop();
      expect(alive(proc)).toBe(true);
      const failed = load.statuses.slice(from).filter((s) => s !== 200);
      // at most the requests in flight at that instant fail, and they fail as 503, never a crash
      expect(failed.length).toBeLessThanOrEqual(3);
      for (const status of failed) expect(status).toBe(503);
    } finally {
      await load.stop();
      expect(await stop(proc)).toBe(0);
    }
  }, 90_000);

  it('a network outage of 3 s answers 503 while it lasts and 200 after, from the same process', async () => {
    const pg = new URL(PG!);
    const proxy = await dropProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const { proc, base, token } = await listening({ DATABASE_URL: viaProxy.toString() });
    const load = readLoad(`${base}/Roles/GetPlatformRoles`, token);
    try {
      await vi.waitFor(() => expect(load.statuses.filter((s) => s === 200).length).toBeGreaterThan(20), { timeout: 15_000 });
      const from = load.statuses.length;
      await proxy.outage(3000);
      const during = load.statuses.slice(from);
      expect(during).toContain(503);
      const after = load.statuses.length;
      await vi.waitFor(() => expect(load.statuses.slice(after).filter((s) => s === 200).length).toBeGreaterThan(20), { timeout: 15_000 });
      await load.stop();
      expect(alive(proc)).toBe(true);
      // every answer was 200 or 503: no internal error, no dropped request
      expect(new Set(load.statuses.slice(from))).toEqual(new Set([200, 503]));
      const res = await fetch(`${base}/Roles/GetPlatformRoles`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    } finally {
      await load.stop();
      await stop(proc);
      await proxy.close();
    }
  }, 90_000);
});

describe.skipIf(!PG)('/api/health', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    db = await scratchDatabase(PG!);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('says so, with a 503, when the database answers but takes no writes, and recovers with it', async () => {
    const { proc, base } = await listening({ DATABASE_URL: db.url });
    const health = async () => {
      const res = await fetch(`${base}/health`);
      return { status: res.status, body: await res.json() };
    };
    try {
      expect(await health()).toMatchObject({ status: 200, body: { data: { status: 'ok', database: 'postgres', writable: true } } });
      // Reads still work in a read-only database: only a write check can tell.
      await db.admin.query(`ALTER DATABASE ${db.name} SET default_transaction_read_only = on`);
      await terminateBackends(db.admin, db.name);
      await vi.waitFor(
        async () =>
          expect(await health()).toEqual({ status: 503, body: { succeeded: false, message: 'Database not writable: it is read-only' } }),
        {
          timeout: 15_000,
        },
      );
      await db.admin.query(`ALTER DATABASE ${db.name} RESET default_transaction_read_only`);
      await terminateBackends(db.admin, db.name);
      await vi.waitFor(async () => expect((await health()).status).toBe(200), { timeout: 15_000 });
    } finally {
      expect(await stop(proc)).toBe(0);
    }
  }, 90_000);
});
