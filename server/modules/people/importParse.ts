import { Worker } from 'node:worker_threads';
import { IMPORT_FIELDS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, type ImportField, type ImportMapping } from '@/domain/people/memberImport.js';
import { ApiError, badRequest } from '@/server/http/errors.js';
import type { Sheet, SheetLimits } from './sheetRead.js';
import type { SheetAnswer } from './sheetWorker.js';

export type { Sheet } from './sheetRead.js';

/**
 * Spreadsheets are read in a worker thread (sheetWorker.ts), one file at a time, so that reading
 * one never holds the event loop (a 20,000-row XLSX held it for seconds, and the server answered
 * nobody): the thread is started at the first upload and ended after a minute without one.
 */
const SHEET_LIMITS = {
  rows: MAX_IMPORT_ROWS,
  columns: MAX_IMPORT_COLUMNS,
  /** The most cells a file may hold: 25,000 rows of 20 columns (20,000 rows of 9 columns hold 180,000). */
  cells: 500_000,
  /**
   * The most an XLSX workbook may unpack to, all its parts together: 20,000 rows of 9 columns
   * unpack to 10 MB, 25,000 rows of 20 columns to 31 MB. A zip bomb (a small file that unpacks to
   * gigabytes) is refused from its directory, or, when the directory lies, once this much is inflated.
   */
  unpackedBytes: 40 * 1024 * 1024,
  /** A file read longer than this is stopped (its thread ended) and answered 503. */
  timeMs: 30_000,
  /** Files waiting for the thread beyond the one being read; more are answered 503 at once. */
  waiting: 4,
  /** The thread's heap: a safety net under the cell and size limits of sheetRead.ts. */
  heapMb: 768,
  idleMs: 60_000,
};

const BOOT = new URL('./workerBoot.mjs', import.meta.url);
const ENTRY = new URL('./sheetWorker.ts', import.meta.url).href;

/** A 503 the client may try again after, seconds later. */
class Busy extends ApiError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(503, message);
  }
}

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

function startWorker(): Worker {
  const started = new Worker(BOOT, {
    workerData: { entry: ENTRY, preload: ['exceljs', 'papaparse'] },
    resourceLimits: { maxOldGenerationSizeMb: SHEET_LIMITS.heapMb },
  });
  // The thread must not keep a stopping server alive; a request waiting on it keeps its socket.
  started.unref();
  started.once('exit', () => {
    if (worker === started) worker = undefined;
  });
  return started;
}

function stopWorker() {
  const stopping = worker;
  worker = undefined;
  void stopping?.terminate();
}

/** Sends one file to the thread and waits for its answer, at most SHEET_LIMITS.timeMs. */
function readInWorker(data: Buffer): Promise<Sheet> {
  clearTimeout(idleTimer);
  const thread = (worker ??= startWorker());
  return new Promise<Sheet>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      idleTimer = setTimeout(stopWorker, SHEET_LIMITS.idleMs).unref();
    };
    const onMessage = (answer: SheetAnswer) => {
      done();
      if ('sheet' in answer) resolve(answer.sheet);
      else if ('refusal' in answer) reject(badRequest(answer.refusal.message, answer.refusal.errors));
      else reject(new Error(`sheet worker: ${answer.failure}`));
    };
    const onError = (err: Error & { code?: string }) => {
      done();
      stopWorker();
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(badRequest('The file is too large to read; split it into smaller files'));
      else reject(err);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`sheet worker exited (${code})`));
    };
    const timer = setTimeout(() => {
      done();
      stopWorker();
      const s = Math.round(SHEET_LIMITS.timeMs / 1000);
      reject(new Busy(`Reading the file took longer than ${s} s and was stopped; try again later, or split it into smaller files`, 60));
    }, SHEET_LIMITS.timeMs);
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    // A copy the thread owns: the upload's buffer may share its memory with others.
    const file = new Uint8Array(data);
    const { rows, columns, cells, unpackedBytes } = SHEET_LIMITS;
    const limits: SheetLimits = { rows, columns, cells, unpackedBytes };
    thread.postMessage({ file, limits }, [file.buffer]);
  });
}

/**
 * The file's header row and rows, read as CSV or XLSX by its bytes in the sheet worker; a 400
 * with the reason for a file refused (not CSV or XLSX, too many rows, columns or cells, unpacking
 * to more than sheetRead.ts allows), a 503 when it takes too long or too many files wait.
 */
export function parseSheet(data: Buffer): Promise<Sheet> {
  if (waiting > SHEET_LIMITS.waiting) {
    return Promise.reject(new Busy('The server is reading other spreadsheets; try again in a minute', 30));
  }
  waiting++;
  const turn = queue.then(() => readInWorker(data));
  queue = turn.catch(() => undefined);
  return turn.finally(() => waiting--);
}

/** The seconds a refusal of parseSheet says to wait before trying again, if any. */
export const retryAfterOf = (err: unknown) => (err instanceof Busy ? err.retryAfterS : undefined);

/** Header words each field is recognised by, compared without case, spaces or punctuation. */
const SYNONYMS: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'membername'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  surName: ['surname', 'lastname', 'last', 'familyname'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobile1', 'mobilenumber', 'telephone', 'tel', 'gsm'],
  email: ['email', 'emailaddress', 'mail'],
  gender: ['gender', 'sex'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'birthday', 'born'],
  address: ['address', 'homeaddress', 'residentialaddress'],
  department: ['department', 'dept', 'unit'],
  zone: ['zone'],
  center: ['center', 'centre', 'cih', 'cihcenter', 'cihcentre'],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The column each field most likely sits in, by its header; the church's own fields (those the
 * importer may write) by their names.
 */
export function suggestMapping(headers: string[], customFields: Array<{ id: string; name: string }> = []): ImportMapping {
  const squashed = headers.map(squash);
  const custom = Object.fromEntries(
    customFields.flatMap((f) => {
      const index = squashed.indexOf(squash(f.name));
      return index >= 0 ? [[f.id, index]] : [];
    }),
  );
  const mapping = Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const index = squashed.findIndex((h) => SYNONYMS[field].includes(h));
      return [field, index >= 0 ? index : null];
    }),
  ) as ImportMapping;
  // A full name column is not needed beside first and last names.
  if (mapping.firstName != null && mapping.surName != null) mapping.name = null;
  return { ...mapping, custom };
}
