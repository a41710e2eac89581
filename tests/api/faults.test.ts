import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@/server/db/schema/index.js';
import { seedDatabase } from '@/server/seed/index.js';
import { dropProxy, readLoad, scratchDatabase, terminateBackends } from '@/tests/support/faults.js';
import {
  embeddedOnly,
  freePort,
  PROCESS_ADMIN,
  seededDataDir,
  startProcess,
  stop,
  untilListening,
  type Proc,
} from '@/tests/support/serverProcess.js';
import { memoryDatabase, TEST_PASSWORD_COST } from '@/tests/support/server.js';

const PG = process.env.TEST_DATABASE_URL;
const ADMIN = { username: PROCESS_ADMIN.email, password: PROCESS_ADMIN.password };

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

const tempDirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-faults-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

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

  it('a network outage answers 503 while it lasts and 200 after, from the same process', async () => {
    const pg = new URL(PG!);
    const proxy = await dropProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const { proc, base, token } = await listening({ DATABASE_URL: viaProxy.toString() });
    const load = readLoad(`${base}/Roles/GetPlatformRoles`, token);
    try {
      await vi.waitFor(() => expect(load.statuses.filter((s) => s === 200).length).toBeGreaterThan(20), { timeout: 15_000 });
      const from = load.statuses.length;
      proxy.cut();
      // The outage lasts until the callers have been told, several times over, that the database is away.
      await vi.waitFor(() => expect(load.statuses.slice(from).filter((s) => s === 503).length).toBeGreaterThan(5), { timeout: 30_000 });
      proxy.restore();
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
          expect(await health()).toEqual({
            status: 503,
            body: { succeeded: false, message: 'Database not writable: it is read-only', requestId: expect.any(String) },
          }),
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

embeddedOnly('/api/health on PGlite', () => {
  /** Writes zeros to path until the file system refuses with ENOSPC. */
  function fillUp(file: string) {
    const chunk = Buffer.alloc(64 * 1024);
    const fd = fs.openSync(file, 'w');
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    } finally {
      fs.closeSync(fd);
    }
  }

  it('a DATA_DIR that fills up while running answers 503 naming it, and 200 once space is freed', async (ctx) => {
    // A real full disk: a tmpfs big enough to start in, where the machine lets this test mount one (root).
    const mountPoint = tempDir();
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint]).status !== 0)
      return ctx.skip('no tmpfs can be mounted here');
    const filler = path.join(mountPoint, 'filler');
    let proc: Proc | undefined;
    try {
      const started = await listening({ DATA_DIR: await seededDataDir(path.join(mountPoint, 'data')) });
      proc = started.proc;
      const health = async () => {
        const res = await fetch(`${started.base}/health`);
        return { status: res.status, body: await res.json() };
      };
      expect(await health()).toMatchObject({ status: 200, body: { data: { status: 'ok', database: 'pglite', writable: true } } });
      fillUp(filler);
      await vi.waitFor(
        async () =>
          expect(await health()).toEqual({
            status: 503,
            body: { succeeded: false, message: 'Database not writable: no space left on device', requestId: expect.any(String) },
          }),
        { timeout: 30_000, interval: 500 },
      );
      fs.rmSync(filler);
      await vi.waitFor(async () => expect((await health()).status).toBe(200), { timeout: 30_000, interval: 500 });
      expect(alive(proc)).toBe(true);
    } finally {
      if (proc) await stop(proc);
      spawnSync('umount', [mountPoint]);
    }
  }, 120_000);
});

/** A raw HTTP/1.1 client socket, to hold a connection open exactly as a browser would. */
async function openSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, received: () => received, closed };
}

function pidRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

embeddedOnly('stopping', () => {
  it('SIGTERM lets the request in flight finish, closes idle and silent sockets at once, and exits within 10 s', async () => {
    const port = await freePort();
    const proc = startProcess({ DATA_DIR: await seededDataDir(tempDir()), PORT: String(port), LOG_LEVEL: 'info' });
    try {
      await untilListening(proc.child, () => `${proc.stdout()}${proc.stderr()}`);
      // a keep-alive client idle after one answer
      const idle = await openSocket(port);
      idle.socket.write('GET /api/health HTTP/1.1\r\nHost: flock\r\nConnection: keep-alive\r\n\r\n');
      await vi.waitFor(() => expect(idle.received()).toMatch(/^HTTP\/1.1 200/));
      // a client that connected and has said nothing yet (a browser's preconnect)
      const silent = await openSocket(port);
      // a sign-in (argon2id at full cost) the server has begun
      const busy = await openSocket(port);
      const login = JSON.stringify(ADMIN);
      busy.socket.write(
        `POST /api/Auth/Login HTTP/1.1\r\nHost: flock\r\nContent-Type: application/json\r\nContent-Length: ${login.length}\r\n\r\n${login}`,
      );
      await vi.waitFor(() => expect(proc.stdout()).toMatch(/"url":"\/api\/Auth\/Login".*"msg":"incoming request"/));

      proc.child.kill('SIGTERM');
      const exited = await Promise.race([proc.exited, new Promise<string>((r) => setTimeout(() => r('still running after 10 s'), 10_000))]);
      expect(exited).toBe(0);
      await Promise.all([idle.closed, silent.closed, busy.closed]);
      expect(busy.received()).toMatch(/^HTTP\/1.1 200/);
      expect(busy.received()).toContain('Login successful');
    } finally {
      await stop(proc);
    }
  }, 90_000);

  it('SIGTERM to `npm start` reaches the server it started, which stops and frees its data directory', async () => {
    const dataDir = await seededDataDir(tempDir());
    const port = await freePort();
    const proc = startProcess({ DATA_DIR: dataDir, PORT: String(port) }, ['npm', 'start']);
    const lock = path.join(dataDir, 'flock.pid');
    let serverPid = 0;
    try {
      // npm start builds the web app first when its sources are newer than the build
      await untilListening(proc.child, () => `${proc.stdout()}${proc.stderr()}`, 240_000);
      serverPid = Number(fs.readFileSync(lock, 'utf8').split(/\s/)[0]);
      expect(pidRunning(serverPid)).toBe(true);
      proc.child.kill('SIGTERM');
      await proc.exited;
      await vi.waitFor(() => expect(pidRunning(serverPid)).toBe(false), { timeout: 10_000 });
      expect(fs.existsSync(lock)).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      await stop(proc);
      if (serverPid && pidRunning(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  }, 300_000);
});

embeddedOnly('the data directory lock', () => {
  it('left by a killed server whose pid now names a live, unrelated process, does not block the start', async () => {
    const dataDir = await seededDataDir(tempDir());
    const lock = path.join(dataDir, 'flock.pid');
    const first = startProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    try {
      await untilListening(first.child, () => `${first.stdout()}${first.stderr()}`);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // The lock stays behind; after a restart its pid is reused by another process (here: this one).
    const [, ...rest] = fs.readFileSync(lock, 'utf8').split('\n');
    fs.writeFileSync(lock, [String(process.pid), ...rest].join('\n'));

    const port = await freePort();
    const second = startProcess({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await untilListening(second.child, () => `${second.stdout()}${second.stderr()}`);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(fs.readFileSync(lock, 'utf8').split('\n')[0]).toBe(String(second.child.pid));
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 120_000);
});

embeddedOnly('first-start credentials', () => {
  const PASSWORD_LINE = /Administrator password \(shown until first sign-in\): (\S+)/;
  const DEMO_LINE = /Demo password \(shown until first sign-in\): (\S+)/;
  const signIn = (port: number, username: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/api/Auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    }).then((r) => r.status);

  it('a first start that fails after seeding (port in use): the next start prints the generated passwords, until they are used', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    // generated passwords and the demo church, as on a real first start
    const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: '', SEED_DEMO: '' };
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    const failed = startProcess(env);
    expect(await failed.exited).toBe(1);
    await new Promise<void>((resolve) => blocker.close(() => resolve()));

    const next = startProcess(env);
    let admin = '';
    try {
      await untilListening(next.child, () => `${next.stdout()}${next.stderr()}`);
      admin = PASSWORD_LINE.exec(next.stdout())?.[1] ?? '';
      const demo = DEMO_LINE.exec(next.stdout())?.[1] ?? '';
      expect(admin).not.toBe('');
      expect(demo).not.toBe('');
      expect(await signIn(port, 'member@example.org', demo)).toBe(200);
    } finally {
      expect(await stop(next)).toBe(0);
    }

    // The demo password has been used: only the administrator's is still shown, and it still works.
    const third = startProcess(env);
    try {
      await untilListening(third.child, () => `${third.stdout()}${third.stderr()}`);
      expect(PASSWORD_LINE.exec(third.stdout())?.[1]).toBe(admin);
      expect(third.stdout()).not.toMatch(DEMO_LINE);
      expect(await signIn(port, 'admin@example.org', admin)).toBe(200);
    } finally {
      expect(await stop(third)).toBe(0);
    }

    const fourth = startProcess(env);
    try {
      await untilListening(fourth.child, () => `${fourth.stdout()}${fourth.stderr()}`);
      expect(fourth.stdout()).not.toMatch(PASSWORD_LINE);
    } finally {
      expect(await stop(fourth)).toBe(0);
    }
  }, 240_000);
});

embeddedOnly('a seed cut short', () => {
  it('leaves nothing half done, and the next start seeds in full', async () => {
    const database = await memoryDatabase();
    const { db } = database;
    const opts = { adminEmail: 'admin@example.org', embedded: true, passwordCost: TEST_PASSWORD_COST };
    try {
      // The disk fills up while the demo church is written, after the administrator was made.
      await db.execute(
        sql.raw(`CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`),
      );
      await db.execute(sql.raw('CREATE TRIGGER disk_full BEFORE INSERT ON centers FOR EACH ROW EXECUTE FUNCTION disk_full()'));
      await expect(seedDatabase(db, opts)).rejects.toThrow();
      expect(await db.select({ n: count() }).from(users)).toEqual([{ n: 0 }]);

      await db.execute(sql.raw('DROP TRIGGER disk_full ON centers'));
      const seeded = await seedDatabase(db, opts);
      expect(seeded.admin.created).toBe(true);
      expect(seeded.demo?.created).toBe(true);
      expect(await db.select({ id: users.id }).from(users).where(eq(users.email, 'member@example.org'))).toHaveLength(1);
      expect(seeded.unused.admin?.password).toBe(seeded.admin.generatedPassword);
      expect(seeded.unused.demo?.password).toBe(seeded.demo?.generatedPassword);
    } finally {
      await database.close();
    }
  }, 120_000);
});

embeddedOnly('a start that cannot succeed says why first, and exits with 1', () => {
  async function failedStart(env: Record<string, string>) {
    const proc = startProcess({ DATA_DIR: tempDir(), PORT: String(await freePort()), ...env });
    const code = await proc.exited;
    return { code, stderr: proc.stderr() };
  }

  it('PostgreSQL not listening: Cannot reach PostgreSQL at host:port: connection refused', async () => {
    const port = await freePort();
    const { code, stderr } = await failedStart({ DATABASE_URL: `postgres://flock@127.0.0.1:${port}/flock` });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`^Flock cannot start: Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}: connection refused\\.`, 'm'),
    );
    expect(stderr).not.toContain('Failed query');
  }, 60_000);

  it('DATABASE_URL that is not a URL says so', async () => {
    for (const url of ['not a url', 'mysql://db/flock']) {
      const { code, stderr } = await failedStart({ DATABASE_URL: url });
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Flock cannot start: DATABASE_URL is not a URL of the form postgres:\/\//m);
    }
  }, 60_000);

  it('a full disk in DATA_DIR says so first', async (ctx) => {
    // A real full disk: a 2 MB tmpfs, where the machine lets this test mount one (root).
    const mountPoint = tempDir();
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint]).status !== 0)
      return ctx.skip('no tmpfs can be mounted here');
    try {
      const { code, stderr } = await failedStart({ DATA_DIR: path.join(mountPoint, 'data') });
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Flock cannot start: No space left on device in DATA_DIR \(.*\/data\)/m);
    } finally {
      spawnSync('umount', [mountPoint]);
    }
  }, 60_000);

  it('a port in use is named, with what to set', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const { code, stderr } = await failedStart({ PORT: String(port), DATA_DIR: await seededDataDir(tempDir()) });
      expect(code).toBe(1);
      expect(stderr).toMatch(
        new RegExp(
          `^Flock cannot start: Port ${port} on 127\\.0\\.0\\.1 is already in use: stop what uses it, or set PORT to another port\\.`,
          'm',
        ),
      );
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  }, 60_000);
});
