import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { loginShell, nativeObjectEntries, precompressPlugin } from './scripts/buildPlugins.js';

/** '@/' is the repository root: '@/domain/permissions', '@/src/common/...' (tsconfig.json paths). */
export const alias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

export default defineConfig({
  plugins: [react(), nativeObjectEntries(), loginShell(), precompressPlugin()],
  resolve: { alias },
  // APP_NAME (README.md: Configuration) names the product in page titles.
  envPrefix: ['VITE_', 'APP_NAME'],
  build: {
    outDir: 'dist',
    // The build check (tests/e2e/bundleSize.test.ts) reads which chunks the login page needs.
    manifest: true,
    emptyOutDir: true,
    // index.html preloads the first page's chunks; a lazy chunk's own imports load as the browser
    // reads it. Vite's helper would add a <link rel=modulepreload> per dependency on each lazy
    // import (68 on the overview), and those insertions were a sixth of the overview's blocking
    // time on a throttled phone (docs/decisions/0173-lazy-chunks-without-preload.md).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
