import { Readable } from 'node:stream';
import { and, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { auditLogs } from '@/server/db/schema/index.js';
import { redact } from '@/server/http/audit.js';
import { afterCursor, listColumns, orderOf, type Cursor } from './query.js';

/** Rows read per query: the export holds one batch in memory, however long the range. */
const BATCH = 2000;

const HEADER = [
  'createdAt',
  'actorName',
  'actorEmail',
  'action',
  'entity',
  'entityId',
  'entityName',
  'subjectId',
  'subjectName',
  'outcome',
  'ip',
  'before',
  'after',
];

/**
 * One CSV cell: quoted when it must be, and a text a spreadsheet would run as a formula
 * (=, +, -, @, tab, return at its start) is prefixed with an apostrophe.
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function* lines(db: Db, where: SQL | undefined, order: 'asc' | 'desc') {
  yield `time,${HEADER.slice(1).join(',')}\r\n`;
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await db
      .select({ ...listColumns, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(and(where, cursor ? afterCursor(cursor, order) : undefined))
      .orderBy(...orderOf(order))
      .limit(BATCH);
    if (rows.length === 0) return;
    // Rows written before redaction existed, or by hand, are redacted on the way out as well.
    const text = rows.map((r) =>
      HEADER.map((h) => cell(h === 'before' || h === 'after' ? redact(r[h]) : r[h as keyof typeof r])).join(','),
    );
    yield `${text.join('\r\n')}\r\n`;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { time: last.cursorTime, id: last.id };
  }
}

/** The filtered range as CSV, read batch by batch by keyset as the client takes it (back-pressure). */
export function exportStream(db: Db, where: SQL | undefined, order: 'asc' | 'desc'): Readable {
  return Readable.from(lines(db, where, order));
}
