import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    reporters: ['default', './tests/support/summaryReporter.ts'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['./tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
