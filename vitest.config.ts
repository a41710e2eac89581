import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config.js';

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
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['./tests/support/unitSetup.ts'],
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
          fileParallelism: false,
          globalSetup: ['./tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
