import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { loginShell, nativeObjectEntries, precompressPlugin } from './scripts/buildPlugins';

/** '@/' is the repository root: '@/domain/permissions', '@/src/common/...' (tsconfig.json paths). */
export const alias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

export default defineConfig({
  plugins: [react(), nativeObjectEntries(), loginShell(), precompressPlugin()],
  resolve: { alias },
  // APP_NAME (ARCHITECTURE.md, Configuration) names the product in page titles.
  envPrefix: ['VITE_', 'APP_NAME'],
  build: {
    outDir: 'dist',
    // The build check (tests/e2e/bundleSize.test.ts) reads which chunks the login page needs.
    manifest: true,
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
