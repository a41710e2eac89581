// A worker thread's first file: Flock runs its TypeScript through tsx (npm start and the tests
// run the server with `node --import tsx`, Vitest through Vite), but a worker thread gets neither
// Vite nor tsx's hooks from its parent, so this plain module registers tsx in the worker and then
// imports the TypeScript entry named in workerData. exceljs and papaparse are required here first:
// imported for the first time through tsx's hooks, their hundreds of CommonJS files took seconds.
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const require = createRequire(import.meta.url);
for (const name of workerData.preload ?? []) require(name);
await tsImport(workerData.entry, import.meta.url);
