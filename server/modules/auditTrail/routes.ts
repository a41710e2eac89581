import type { FastifyInstance } from 'fastify';
import { P } from '@/domain/roles/permissions.js';
import { auditTrailCalls } from '@/domain/auditTrail/calls.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { exportStream } from './export.js';
import { exportQuery, listAuditQuery, resolveFilters, whereOf, type AuditFilters } from './query.js';
import { auditEntry, auditPage } from './read.js';
import { scheduleAuditRetention } from './retention.js';

/*
 * The audit trail for its reviewers (CAN_VIEW_AUDIT_REPORT). Reading pages and entries is not
 * itself written to the trail (it would double it with every look); an export, which takes the
 * data away, is.
 */

const access = { permission: P.viewAudit };

/** The filters an export was asked for, as its own audit row keeps them. */
const filtersOf = (q: AuditFilters) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));

export async function auditTrailModule(app: FastifyInstance) {
  const tag = 'Audit';
  scheduleAuditRetention(app);
  registerRoutes(app, [
    route({
      call: auditTrailCalls.getAllAudit,
      tag,
      summary:
        'The audit trail, newest first (SortOrder=asc: oldest first), filtered by ActorId, Actor (name or email), Action, EntityType, EntityId, SubjectId or Subject (the member it was about: id, or name or email), Outcome (success, refused, failedLogin), Ip, From and To; PageNumber/PageSize, or Cursor (a row’s or the answer’s nextCursor) for the rows after it. totalCount is exact up to 100,000; beyond that totalCountIsEstimate is true. A Cursor page carries no totalCount (the first page told it).',
      access,
      query: listAuditQuery,
      handler: ({ query, services }) => auditPage(services.database.db, query, services.config),
    }),
    route({
      call: auditTrailCalls.getAuditById,
      tag,
      summary: 'One audit entry with the record before and after the change (secrets redacted)',
      access,
      handler: async ({ query, services }) => ok(await auditEntry(services.database.db, query.id)),
    }),
    route({
      call: auditTrailCalls.exportAudit,
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
