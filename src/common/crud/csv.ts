/** One CSV column: the record field and its heading. */
export type CsvColumn = { source: string; label: string };

/** Spreadsheets run a cell that starts with one of these as a formula; an apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The records as CSV (RFC 4180): a heading line, then one line per record in the columns' order. */
export function toCsv(records: ReadonlyArray<Record<string, unknown>>, columns: readonly CsvColumn[]): string {
  const lines = [columns.map((c) => cell(c.label)), ...records.map((record) => columns.map((c) => cell(record[c.source])))];
  return lines.map((line) => line.join(',')).join('\r\n');
}
