import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import { auditLogs } from '@/server/db/schema/index.js';
import { redact } from '@/server/http/audit.js';
import { ok, page } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { exportStream } from './export.js';
import {
  decodeCursor,
  exportQuery,
  listAuditQuery,
  listColumns,
  pageQuery,
  presentRow,
  totalOf,
  resolveFilters,
  whereOf,
  type AuditFilters,
} from './query.js';
import { scheduleAuditRetention } from './retention.js';

/*
 * The audit trail for its reviewers (CAN_VIEW_AUDIT_REPORT). Reading pages and entries is not
 * itself written to the trail (it would double it with every look); an export, which takes the
 * data away, is.
 */

const access = { permission: P.viewAudit };
const NOT_FOUND = 'Audit entry not found';

/** The filters an export was asked for, as its own audit row keeps them. */
const filtersOf = (q: AuditFilters) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));

export async function auditTrailModule(app: FastifyInstance) {
  const tag = 'Audit';
  scheduleAuditRetention(app);
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/AuditTrail/GetAllAudit',
      tag,
      summary:
        'The audit trail, newest first (SortOrder=asc: oldest first), filtered by ActorId, Actor (name or email), Action, EntityType, EntityId, SubjectId or Subject (the member it was about: id, or name or email), Outcome (success, refused, failedLogin), Ip, From and To; PageNumber/PageSize, or Cursor (a row’s or the answer’s nextCursor) for the rows after it. totalCount is exact up to 100,000; beyond that totalCountIsEstimate is true. A Cursor page carries no totalCount (the first page told it).',
      access,
      query: listAuditQuery,
      async handler({ query, services }) {
        const db = services.database.db;
        const filters = await resolveFilters(db, query);
        const where = whereOf(filters);
        const order = query.sortOrder ?? 'desc';
        const limit = query.pageSize ?? 10;
        const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
        // A walk by cursor was told the total with its first page; the pages after it skip the count.
        const [rows, total] = await Promise.all([
          pageQuery(db, where, { order, limit, offset: ((query.pageNumber ?? 1) - 1) * limit, cursor }),
          cursor ? undefined : totalOf(db, filters, services.config.auditRetentionDays),
        ]);
        const data = rows.slice(0, limit).map(presentRow);
        // nextCursor is present while more rows follow, as in the member lists (server/http/envelope.ts).
        const more = rows.length > limit ? { nextCursor: data[data.length - 1].cursor } : {};
        return { ...(total ? { ...page(data, total.totalCount), ...total } : ok(data)), ...more };
      },
    }),
    route({
      method: 'GET',
      url: '/AuditTrail/GetAuditById',
      tag,
      summary: 'One audit entry with the record before and after the change (secrets redacted)',
      access,
      query: z.object({ id: idField() }),
      async handler({ query, services }) {
        const [row] = await services.database.db
          .select({ ...listColumns, before: auditLogs.before, after: auditLogs.after })
          .from(auditLogs)
          .where(eq(auditLogs.id, query.id));
        if (!row) throw notFound(NOT_FOUND);
        // Rows are redacted when written; rows written before that rule, or by hand, are redacted here too.
        return ok({ ...presentRow(row), before: redact(row.before), after: redact(row.after) });
      },
    }),
    route({
      method: 'GET',
      url: '/AuditTrail/ExportAudit',
      tag,
      summary: 'The filtered trail (GetAllAudit’s filters and order) as CSV, streamed; the export itself is audited',
      access,
      query: exportQuery,
      async handler({ query, services, reply, mutate }) {
        await mutate(async (_tx, audit) => audit({ action: 'export', entity: 'auditLog', after: { filters: filtersOf(query) } }));
        const stamp = new Date().toISOString().slice(0, 10);
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
          .send(exportStream(services.database.db, whereOf(await resolveFilters(services.database.db, query)), query.sortOrder ?? 'desc'));
      },
    }),
  ]);
}
