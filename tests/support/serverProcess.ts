import { describe, inject } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Resolves once a server started by its own binary says it is listening (server/main.ts prints
 * 'is running at' after listen), without polling; fails when it exits first or stays silent.
 */
export function untilListening(child: ChildProcess, output: () => string, timeoutMs = 240_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const onData = () => {
      if (/is running at http/.test(output())) done();
    };
    const onExit = (code: number | null) => done(new Error(`the server exited early (${code}):\n${output()}`));
    const timer = setTimeout(() => done(new Error(`the server did not start within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    child.stdout!.on('data', onData);
    child.on('exit', onExit);
    onData();
  });
}

/** Ports in this range that fetch refuses to call ('bad port', the Fetch standard's port blocking): CI drew one. */
const FETCH_BLOCKED = new Set([10080]);

/**
 * A port nothing listens on right now, below the kernel's ephemeral range: a port from listen(0)
 * lies in that range, where any outgoing connection (to PostgreSQL, SMTP) may take it before the
 * server started later binds it.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    if (!FETCH_BLOCKED.has(port) && (await bindable(port))) return port;
  }
}

function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * For the blocks that test the embedded database itself, or start servers on embedded databases
 * of their own (DATA_DIR), never touching TEST_DATABASE_URL: the api run against PostgreSQL would
 * repeat them unchanged, so they run in the embedded run (`npm test`) only.
 */
export const embeddedOnly = describe.skipIf(!!process.env.TEST_DATABASE_URL);

/** The administrator every server from startProcess has, unless its env says otherwise. */
export const PROCESS_ADMIN = { email: 'admin@example.org', password: 'Process-admin-1' };

let seeded: Promise<string> | undefined;

/**
 * Fills dir with a copy of a data dir migrated and seeded as a first start of startProcess's
 * server would leave it (its administrator, no demo church), for the tests of a server that is
 * not starting for the first time: a first start runs initdb and every migration, which took
 * longer than the rest of the start. Made once per test worker, from the run's migrated
 * template (tests/support/apiGlobalSetup.ts), and removed when the worker exits.
 */
export async function seededDataDir(dir: string): Promise<string> {
  seeded ??= seedTemplate();
  fs.cpSync(await seeded, dir, { recursive: true });
  return dir;
}

async function seedTemplate(): Promise<string> {
  const { openDatabase } = await import('@/server/db/client.js');
  const { seedDatabase } = await import('@/server/seed/index.js');
  const { OWASP_ARGON2ID } = await import('@/server/modules/auth/passwords.js');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-seeded-'));
  process.once('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  const dataDir = path.join(root, 'data');
  const template = inject('pgliteTemplate');
  const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
  const database = await openDatabase({ dataDir, loadDataDir });
  try {
    await seedDatabase(database.db, {
      adminEmail: PROCESS_ADMIN.email,
      adminPassword: PROCESS_ADMIN.password,
      seedDemo: false,
      embedded: true,
      passwordCost: OWASP_ARGON2ID,
    });
  } finally {
    await database.close();
  }
  return dataDir;
}

export type Proc = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> };

/**
 * Starts the real server by its own binary, as `npm start` would (not through npx: killing npx
 * leaves its child holding the port); command replaces the node arguments, e.g. to start it
 * through scripts/start.mjs or npm.
 */
export function startProcess(
  env: Record<string, string>,
  command: [string, ...string[]] = [process.execPath, '--import', 'tsx', 'server/main.ts'],
): Proc {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.SMTP_URL;
  const child = spawn(command[0], command.slice(1), {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...clean, HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ADMIN_PASSWORD: PROCESS_ADMIN.password, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

export async function stop(proc: Proc) {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return code;
}
