/**
 * The sheet worker's thread (started by importParse.ts through workerBoot.mjs): reads each file it
 * is sent into rows and answers them, or why the file is refused. One file at a time.
 */
import { parentPort } from 'node:worker_threads';
import { readSheet, SheetRefusal, type Sheet, type SheetLimits } from './sheetRead.js';

export type SheetAnswer = { sheet: Sheet } | { refusal: { message: string; errors?: Record<string, string[]> } } | { failure: string };

const port = parentPort!;
port.on('message', async ({ file, limits }: { file: Uint8Array; limits: SheetLimits }) => {
  let answer: SheetAnswer;
  try {
    answer = { sheet: await readSheet(Buffer.from(file.buffer, file.byteOffset, file.byteLength), limits) };
  } catch (err) {
    answer =
      err instanceof SheetRefusal
        ? { refusal: { message: err.message, errors: err.errors } }
        : { failure: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(answer);
});
