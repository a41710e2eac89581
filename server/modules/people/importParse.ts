import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_FIELDS, MAX_IMPORT_ROWS, type ImportField, type ImportMapping } from '@/domain/people/memberImport.js';
import { badRequest } from '@/server/http/errors.js';

/** A spreadsheet as rows of text: the header row apart. */
export type Sheet = { headers: string[]; rows: string[][] };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** XLSX files are zip archives; anything else must be text to be read as CSV. */
function sniff(data: Buffer): 'xlsx' | 'csv' {
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (data.includes(0)) throw badRequest('The file is neither CSV text nor an XLSX workbook', { file: ['Choose a CSV or XLSX file'] });
  return 'csv';
}

function split(all: string[][]): Sheet {
  const [headers = [], ...rows] = all.filter((r) => r.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw badRequest('The file has a header row but no people', { file: ['The file has no rows'] });
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`The file has ${rows.length} rows; at most ${MAX_IMPORT_ROWS} are imported at once`);
  return { headers: headers.map((h) => h.trim()), rows: rows.map((r) => r.map((c) => c.trim())) };
}

function parseCsv(data: Buffer): Sheet {
  // papaparse handles quotes and delimiters; the byte-order mark is dropped here.
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return split(result.data);
}

/** A cell as the office typed it; dates as YYYY-MM-DD so they read the same from CSV and XLSX. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value === null || value === undefined) return '';
  return cell.text ?? String(value);
}

async function parseXlsx(data: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The XLSX workbook could not be read', { file: ['Choose a CSV or XLSX file'] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('The workbook has no sheet');
  const all: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c)));
    all.push(cells);
  });
  return split(all);
}

export async function parseSheet(data: Buffer): Promise<Sheet> {
  return sniff(data) === 'xlsx' ? parseXlsx(data) : parseCsv(data);
}

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

/** The column each field most likely sits in, by its header. */
export function suggestMapping(headers: string[]): ImportMapping {
  const squashed = headers.map(squash);
  const mapping = Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const index = squashed.findIndex((h) => SYNONYMS[field].includes(h));
      return [field, index >= 0 ? index : null];
    }),
  ) as ImportMapping;
  // A full name column is not needed beside first and last names.
  if (mapping.firstName != null && mapping.surName != null) mapping.name = null;
  return mapping;
}
