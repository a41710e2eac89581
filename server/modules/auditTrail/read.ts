import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '@/server/config.js';
import type { Db } from '@/server/db/client.js';
import { auditLogs } from '@/server/db/schema/index.js';
import { redact } from '@/server/http/audit.js';
import { ok, page } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { decodeCursor, type listAuditQuery, listColumns, pageQuery, presentRow, resolveFilters, totalOf, whereOf } from './query.js';

/** The trail as its reviewers page through it and open one entry. */

const NOT_FOUND = 'Audit entry not found';

/**
 * One page of the filtered trail, by page number or after a cursor; nextCursor is present while
 * more rows follow, as in the member lists (server/http/envelope.ts).
 */
export async function auditPage(
  db: Db,
  query: z.output<typeof listAuditQuery>,
  config: Pick<AppConfig, 'auditRetentionDays' | 'auditExactCountLimit'>,
) {
  const filters = await resolveFilters(db, query);
  const where = whereOf(filters);
  const order = query.sortOrder ?? 'desc';
  const limit = query.pageSize ?? 10;
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  // A walk by cursor was told the total with its first page; the pages after it skip the count.
  const [rows, total] = await Promise.all([
    pageQuery(db, where, { order, limit, offset: ((query.pageNumber ?? 1) - 1) * limit, cursor }),
    cursor ? undefined : totalOf(db, filters, { retentionDays: config.auditRetentionDays, exactCountLimit: config.auditExactCountLimit }),
  ]);
  const data = rows.slice(0, limit).map(presentRow);
  const more = rows.length > limit ? { nextCursor: data[data.length - 1].cursor } : {};
  return { ...(total ? { ...page(data, total.totalCount), ...total } : ok(data)), ...more };
}

/** One entry with the record before and after the change, secrets redacted. */
export async function auditEntry(db: Db, id: string) {
  const [row] = await db
    .select({ ...listColumns, before: auditLogs.before, after: auditLogs.after })
    .from(auditLogs)
    .where(eq(auditLogs.id, id));
  if (!row) throw notFound(NOT_FOUND);
  // Rows are redacted when written; rows written before that rule, or by hand, are redacted here too.
  return { ...presentRow(row), before: redact(row.before), after: redact(row.after) };
}
