import { describe } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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

/**
 * A port nothing listens on right now, below the kernel's ephemeral range: a port from listen(0)
 * lies in that range, where any outgoing connection (to PostgreSQL, SMTP) may take it before the
 * server started later binds it.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    if (await bindable(port)) return port;
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
    env: { ...clean, HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Process-admin-1', ...env },
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
