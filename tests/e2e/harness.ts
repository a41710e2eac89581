import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startSmtpReceiver } from '@/tests/support/smtp.js';
import { freePort, untilListening } from '@/tests/support/serverProcess.js';
import { CHROMIUM } from './globalSetup.js';

export const ADMIN = { email: 'admin@example.org', password: 'Admin-e2e-pass-1' };
export const DEMO_PASSWORD = 'Demo-e2e-pass-1';

/**
 * The real product for one e2e file: the server started by its own binary on a fresh embedded
 * database with demo data, a real SMTP receiver for its mail, and Debian's Chromium.
 */
export async function startE2e() {
  const smtp = await startSmtpReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-e2e-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  await untilListening(server, () => output);
  if (!(await fetch(`${url}/api/health`)).ok) throw new Error(`the server is not healthy:\n${output}`);

  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-e2e-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(15_000);

  return {
    url,
    smtp,
    context,
    serverOutput: () => output,
    async newPage(): Promise<Page> {
      return context.newPage();
    },
    async close() {
      await context.close();
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
export type E2e = Awaited<ReturnType<typeof startE2e>>;
