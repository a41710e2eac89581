import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFlock } from './flockProcess.js';

export const CHROMIUM = '/usr/bin/chromium';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data dir the server migrated and seeded with the demo church; each e2e file starts on a copy. */
    e2eSeededDataDir: string;
  }
}

/**
 * The e2e suite is required: with no Chromium or no built web app it fails, it never skips.
 * The server seeds the demo church once here, and each file's server opens a copy of that data
 * dir: a first start (initdb, every migration, the demo seed and its password hashes) took three
 * times as long as opening a seeded folder, in each of the 14 files that start a server.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with 'apt-get install -y chromium' (Debian's package).`);
  }
  if (!fs.existsSync(path.resolve('dist', 'index.html'))) {
    throw new Error("The web app is not built: run 'npm run test:e2e', which builds it first.");
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-e2e-seeded-'));
  const dataDir = path.join(root, 'data');
  const server = await startFlock(dataDir);
  await server.stop();
  project.provide('e2eSeededDataDir', dataDir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
