import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startSmtpReceiver } from '@/tests/support/smtp.js';
import { startFlock } from './flockProcess.js';
import { recordToasts } from './pages.js';
import { CHROMIUM } from './globalSetup.js';

export { ADMIN, DEMO_PASSWORD } from './flockProcess.js';

/**
 * The real product for one e2e file: the server started by its own binary on a fresh embedded
 * database with demo data (a copy of the one the global setup seeded: tests/e2e/globalSetup.ts),
 * a real SMTP receiver for its mail, and Debian's Chromium.
 */
/**
 * serviceWorkers: Flock's service worker (docs/decisions/0205) answers the page's API calls
 * itself, and Playwright's page.route and waitForResponse do not see calls a service worker
 * makes: the files that hold or fake answers would wait for nothing. It is blocked unless a
 * file tests it (tests/e2e/offlineAttendance.test.ts).
 */
export async function startE2e({
  serviceWorkers = 'block',
  prepare,
}: {
  serviceWorkers?: 'allow' | 'block';
  /** Writes more data into the copy of the demo's data dir before the server opens it. */
  prepare?: (dataDir: string) => Promise<void>;
} = {}) {
  const smtp = await startSmtpReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-e2e-data-'));
  fs.cpSync(inject('e2eSeededDataDir'), dataDir, { recursive: true });
  await prepare?.(dataDir);
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-e2e-chromium-'));
  // The server and the browser start side by side: each spends most of its start waiting.
  const [server, context] = await Promise.all([startFlock(dataDir, smtp.url), launchChromium(profileDir, serviceWorkers)]);
  context.setDefaultTimeout(15_000);
  await context.addInitScript(recordToasts);
  // A page load fetches the app's code and its first calls: on a machine loaded several times over
  // (CI beside other work) that passed 15 s while no single wait was wrong.
  context.setDefaultNavigationTimeout(45_000);

  return {
    url: server.url,
    smtp,
    context,
    serverOutput: server.output,
    async newPage(): Promise<Page> {
      return context.newPage();
    },
    async close() {
      await context.close();
      await server.stop();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
export type E2e = Awaited<ReturnType<typeof startE2e>>;

/** Debian's Chromium with its own profile, headless, without the calls home a test has no use for. */
function launchChromium(profileDir: string, serviceWorkers: 'allow' | 'block'): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    serviceWorkers,
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
}
