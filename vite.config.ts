import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Third-party code in a few long-lived chunks; each route screen is its own lazy chunk (the descriptors of src/screens.ts). */
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 4 },
  { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis)[\\/]/, priority: 3 },
  { name: 'react-admin', test: /node_modules[\\/](react-admin|ra-[^\\/]+|@tanstack|react-hook-form|@hookform)[\\/]/, priority: 2 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
];

/** '@/' is the repository root: '@/domain/permissions', '@/src/common/...' (tsconfig.json paths). */
export const alias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  // APP_NAME (ARCHITECTURE.md, Configuration) names the product in page titles.
  envPrefix: ['VITE_', 'APP_NAME'],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
