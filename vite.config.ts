import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildProgress, loginShell, nativeObjectEntries, precompressPlugin } from './scripts/buildPlugins.js';
import { SLICE_NAMES } from './src/endpointTable/sliceNames.js';

/** '@/' is the repository root: '@/domain/permissions', '@/src/common/...' (tsconfig.json paths). */
export const alias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));
/**
 * The sign-in page's code in one file: the entry, the login page and the toasts (on every page),
 * with what they use (Rolldown adds a captured module's dependencies), instead of some forty
 * chunks. What signing in needs next, the login form's resolver with zod, in a second file
 * fetched at the first key (LoginPage), with the endpoint table's slices (the groups below).
 * The rest is split by route as before (docs/decisions/0203-sign-in-hand-over-and-first-page.md).
 */
const CHUNK_OF: Record<string, string> = Object.fromEntries([
  ...['src/main.tsx', 'src/areas/auth/LoginPage.tsx', 'src/layout/Toasts.tsx'].map((file) => [source(file), 'first']),
  [source('src/areas/auth/loginResolver.ts'), 'sign-in'],
]);
/**
 * Flock installs as an app and opens without signal (docs/decisions/0205): a web manifest, and a
 * service worker (Workbox) that keeps the built files and the API answers last read. It is
 * registered after sign-in (src/offline/serviceWorker.ts), never by the login page.
 */
const pwa = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    name: process.env.APP_NAME || 'Flock',
    short_name: process.env.APP_NAME || 'Flock',
    description: 'Church membership and house-fellowship (CIH) administration',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#3f51b5',
    background_color: '#fafafb',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Every built file but the .br and .gz copies: any screen opens offline after one visit.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: 'index.html',
    // The API, its docs and files by name are the server's, never the app's page.
    navigateFallbackDenylist: [/^\/api(?:\/|$)/i, /\/[^/]+\.[a-z0-9]+$/i],
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // The API's answers as last read, for a screen opened without signal; the network first.
        // Sign-out deletes this cache (src/offline/serviceWorker.ts).
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/(?!docs)/i.test(url.pathname),
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'flock-api',
          expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [
    react(),
    nativeObjectEntries(),
    loginShell(),
    pwa,
    precompressPlugin(),
    // npm start's first build says how far it is (scripts/start.mjs).
    ...(process.env.FLOCK_BUILD_PROGRESS ? [buildProgress((line) => console.log(line))] : []),
  ],
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
    // The sign-in page in a handful of files (CHUNK_OF above), then the endpoint table's slices.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: (id) => CHUNK_OF[id] ?? null, priority: SLICE_NAMES.length + 1 },
            // The endpoint table's slices (src/endpointTable/sliceNames.ts), a file each with what it
            // uses and no earlier file holds: in their order, so that a module the slices share goes
            // with the first slice, evaluated with zod, and a later slice's file needs only files
            // already evaluated. Each file is then evaluated in a task of its own; split by Rolldown
            // alone, the slices were some forty small files, fetched in turn as each named the next
            // (docs/decisions/0255).
            ...SLICE_NAMES.map((slice, index) => ({
              name: `table-${slice}`,
              test: (id: string) => id === source(`src/endpointTable/${slice}.ts`),
              priority: SLICE_NAMES.length - index,
            })),
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
