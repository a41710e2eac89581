import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/**
 * Reading an uploaded spreadsheet into rows of text, within limits. This runs in the sheet worker
 * (sheetWorker.ts), never on the server's event loop, and imports nothing of the server or the
 * domain (the thread starts without loading zod): its limits come with each file, and what it
 * refuses it throws as a SheetRefusal, which the worker hands back as a message.
 */

/** A spreadsheet as rows of text: the header row apart. */
export type Sheet = { headers: string[]; rows: string[][] };

/** What one file may hold (importParse.ts says how much, and why). */
export type SheetLimits = { rows: number; columns: number; cells: number; unpackedBytes: number };

/** More parts than a workbook of people ever has (ExcelJS's own hold 10 to 20). */
const MAX_ZIP_ENTRIES = 1000;

/** A file refused for what it holds: the client's fault, answered 400 with this message. */
export class SheetRefusal extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

const CHOOSE = { file: ['Choose a CSV or XLSX file'] };
const unreadable = () => new SheetRefusal('The XLSX workbook could not be read', CHOOSE);
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const count = (n: number) => n.toLocaleString('en');

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** XLSX files are zip archives; anything else must be text to be read as CSV. */
function sniff(data: Buffer): 'xlsx' | 'csv' {
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (data.includes(0)) throw new SheetRefusal('The file is neither CSV text nor an XLSX workbook', CHOOSE);
  return 'csv';
}

/** Refuses a sheet with more rows, columns or cells than an import takes. */
function checkSize(limits: SheetLimits, rows: number, columns: number, cells: number) {
  if (rows > limits.rows) throw new SheetRefusal(`The file has ${count(rows)} rows; at most ${count(limits.rows)} are imported at once`);
  if (columns > limits.columns) throw new SheetRefusal(`The file has ${count(columns)} columns; at most ${count(limits.columns)} are read`);
  if (cells > limits.cells) throw new SheetRefusal(`The file has ${count(cells)} cells; at most ${count(limits.cells)} are read at once`);
}

function split(all: string[][], limits: SheetLimits): Sheet {
  const [headers = [], ...rows] = all.filter((r) => r.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw new SheetRefusal('The file has a header row but no people', { file: ['The file has no rows'] });
  const columns = rows.reduce((max, r) => Math.max(max, r.length), headers.length);
  checkSize(
    limits,
    rows.length,
    columns,
    rows.reduce((sum, r) => sum + r.length, headers.length),
  );
  return { headers: headers.map((h) => h.trim()), rows: rows.map((r) => r.map((c) => c.trim())) };
}

function parseCsv(data: Buffer, limits: SheetLimits): Sheet {
  // papaparse handles quotes and delimiters; the byte-order mark is dropped here. The file is at
  // most 5 MB, which bounds the work; its rows, columns and cells are checked after.
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return split(result.data, limits);
}

type ZipEntry = { name: string; method: number; packed: number; size: number; offset: number };

/** The value of a zip64 extended-information field (header 0x0001) that replaces a 32-bit one set to all ones. */
function zip64Values(data: Buffer, start: number, end: number): bigint[] {
  for (let p = start; p + 4 <= end;) {
    const id = data.readUInt16LE(p);
    const length = data.readUInt16LE(p + 2);
    if (id === 0x0001) {
      const values: bigint[] = [];
      for (let q = p + 4; q + 8 <= Math.min(p + 4 + length, end); q += 8) values.push(data.readBigUInt64LE(q));
      return values;
    }
    p += 4 + length;
  }
  return [];
}

/**
 * The entries of a zip archive, read from its central directory (the sizes as the archive states
 * them: the inflation below does not trust them).
 */
function zipEntries(data: Buffer): ZipEntry[] {
  // The end-of-directory record: 22 bytes, then a comment of at most 65,535.
  if (data.length < 22) throw unreadable();
  const eocd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), data.length - 22);
  if (eocd < 0 || eocd < data.length - 22 - 0xffff) throw unreadable();
  let total = data.readUInt16LE(eocd + 10);
  let p = data.readUInt32LE(eocd + 16);
  // A zip64 archive keeps the real count and offset in its own record, found through a locator
  // just before the end record.
  if ((total === 0xffff || p === 0xffffffff) && eocd >= 20 && data.readUInt32LE(eocd - 20) === 0x07064b50) {
    const record = Number(data.readBigUInt64LE(eocd - 12));
    if (record + 56 > data.length || data.readUInt32LE(record) !== 0x06064b50) throw unreadable();
    total = Number(data.readBigUInt64LE(record + 32));
    p = Number(data.readBigUInt64LE(record + 48));
  }
  if (total > MAX_ZIP_ENTRIES)
    throw new SheetRefusal(`The workbook has ${count(total)} parts; a spreadsheet of people has far fewer`, CHOOSE);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < total; i++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const end = p + 46 + nameLength + extraLength + data.readUInt16LE(p + 32);
    if (end > data.length) throw unreadable();
    const entry = {
      name: data.toString('utf8', p + 46, p + 46 + nameLength),
      method: data.readUInt16LE(p + 10),
      packed: data.readUInt32LE(p + 20),
      size: data.readUInt32LE(p + 24),
      offset: data.readUInt32LE(p + 42),
    };
    // Fields set to all ones are in the zip64 field, in this order, those only.
    const wide = zip64Values(data, p + 46 + nameLength, p + 46 + nameLength + extraLength);
    for (const key of ['size', 'packed', 'offset'] as const) {
      if (entry[key] === 0xffffffff) {
        const value = wide.shift();
        if (value === undefined) throw unreadable();
        entry[key] = Number(value);
      }
    }
    entries.push(entry);
    p = end;
  }
  return entries;
}

/** The parts ExcelJS reads as worksheets (its own test). */
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;
const CELL_TAGS = ['<c ', '<c>', '<c/'].map((tag) => Buffer.from(tag));

/** How many cells a worksheet's XML holds (its <c> elements, values or not). */
function cellsIn(xml: Buffer): number {
  let n = 0;
  for (const tag of CELL_TAGS) for (let at = xml.indexOf(tag); at >= 0; at = xml.indexOf(tag, at + 3)) n++;
  return n;
}

/**
 * Checks an XLSX archive before ExcelJS unpacks it (ExcelJS inflates every part whole, whatever
 * its size): the sizes its directory states, then each part inflated by zlib with the room left
 * as its ceiling, so a part that unpacks to more than it says stops there; and the worksheets'
 * cells counted. Answers nothing; throws a SheetRefusal.
 */
function checkArchive(data: Buffer, limits: SheetLimits) {
  const entries = zipEntries(data);
  const tooLarge = () =>
    new SheetRefusal(`The workbook unpacks to more than ${mb(limits.unpackedBytes)}; at most ${mb(limits.unpackedBytes)} are read`, CHOOSE);
  if (entries.reduce((sum, e) => sum + e.size, 0) > limits.unpackedBytes) throw tooLarge();
  let room = limits.unpackedBytes;
  let cells = 0;
  for (const entry of entries) {
    if (entry.offset + 30 > data.length || data.readUInt32LE(entry.offset) !== 0x04034b50) throw unreadable();
    const start = entry.offset + 30 + data.readUInt16LE(entry.offset + 26) + data.readUInt16LE(entry.offset + 28);
    const packed = data.subarray(start, start + entry.packed);
    let unpacked: Buffer;
    if (entry.method === 0) unpacked = packed;
    else if (entry.method === 8) {
      try {
        unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(room, 1) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw unreadable();
      }
    } else throw unreadable();
    room -= unpacked.length;
    if (room < 0) throw tooLarge();
    if (WORKSHEET.test(entry.name)) cells += cellsIn(unpacked);
  }
  if (cells > limits.cells)
    throw new SheetRefusal(`The workbook has ${count(cells)} cells; at most ${count(limits.cells)} are read at once`);
}

/** A cell as the office typed it; dates as YYYY-MM-DD so they read the same from CSV and XLSX. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value === null || value === undefined) return '';
  return cell.text ?? String(value);
}

async function parseXlsx(data: Buffer, limits: SheetLimits): Promise<Sheet> {
  checkArchive(data, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetRefusal('The workbook has no sheet');
  // Each row's cells with values, by column; then every row as wide as the widest. (Asking the
  // sheet its columnCount walks every row: asked once per row, 20,000 rows took 135 s.)
  const sparse: Array<Array<string | undefined>> = [];
  let width = 0;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Array<string | undefined> = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    width = Math.max(width, cells.length);
    sparse.push(cells);
  });
  checkSize(limits, sparse.length - 1, width, sparse.length * width);
  return split(
    sparse.map((cells) => Array.from({ length: width }, (_, i) => cells[i] ?? '')),
    limits,
  );
}

/** The file's header row and rows, read as CSV or XLSX by its bytes; throws a SheetRefusal. */
export async function readSheet(data: Buffer, limits: SheetLimits): Promise<Sheet> {
  return sniff(data) === 'xlsx' ? parseXlsx(data, limits) : parseCsv(data, limits);
}
