import { spawn } from 'node:child_process';
import { freePort, untilListening } from '@/tests/support/serverProcess.js';

export const ADMIN = { email: 'admin@example.org', password: 'Admin-e2e-pass-1' };
export const DEMO_PASSWORD = 'Demo-e2e-pass-1';

export type FlockProcess = { url: string; output: () => string; stop: () => Promise<void> };

/**
 * Flock started by its own binary on an embedded database in dataDir: on a new folder it
 * migrates and seeds the demo church with the e2e accounts' passwords, on a seeded one it opens it.
 */
export async function startFlock(dataDir: string, smtpUrl = ''): Promise<FlockProcess> {
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
      SMTP_URL: smtpUrl,
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
  return {
    url,
    output: () => output,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    },
  };
}
