import fs from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config.js';

const UNIT_TESTS = ['domain/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}'];

/**
 * The web's test files that ask for jsdom (`// @vitest-environment jsdom` on their first line):
 * the comment stays the one place that says which files need a DOM.
 */
function jsdomTestFiles(dir = 'src'): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file).split(path.sep).join('/'))
    .filter((file) => fs.readFileSync(file, 'utf8').startsWith('// @vitest-environment jsdom'));
}
const JSDOM_TESTS = jsdomTestFiles();

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    reporters: ['default', './tests/support/summaryReporter.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on these 2-core
    // machines, leaving a core idle while the main process mostly waits. One per core.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: JSDOM_TESTS,
          environment: 'node',
          setupFiles: ['./tests/support/unitSetup.ts'],
          // Plain functions over their inputs: a worker loads Zod, Drizzle and the domain once for
          // all of its files instead of once per file.
          isolate: false,
          // A test that imports every server module or inflates 32 MiB takes well under a second
          // alone and took over 5 s (Vitest's default) beside the e2e suite in CI.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: JSDOM_TESTS,
          environment: 'jsdom',
          setupFiles: ['./tests/support/unitSetup.ts'],
          // One jsdom and one module graph per worker: react-admin and MUI are imported, and a
          // jsdom built, once per worker rather than once per file (they were two thirds of the
          // unit run's time). Each file starts from an empty DOM, storage and URL (unitSetup.ts),
          // and stubbed globals are put back after each test.
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/support/apiGlobalSetup.ts'],
          // Each file starts its own server and database and nothing in them is module state,
          // so a worker runs its files one after another in one module graph: Fastify, Drizzle
          // and PGlite's WebAssembly are loaded and compiled once per worker, not once per file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Files run side by side, one per core: each has its own server on its own copy of the
          // seeded data and its own Chromium profile, so they share nothing (docs/decisions 0196).
          globalSetup: ['./tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
