import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns of an audit row, shared by the live table and its archive. */
const auditColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  /** The member the change was about (their biodata, details, affiliation, departments, requests, roles), when there is one. */
  subjectId: uuid('subject_id'),
  /** success, refused (a refused call, code or rate limit) or failedLogin. */
  outcome: text('outcome', { enum: ['success', 'refused', 'failedLogin'] })
    .notNull()
    .default('success'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only: a trigger in the migrations refuses UPDATE and DELETE, but for the retention job's
 * DELETE of rows older than the cut-off it declares. Every filter of GetAllAudit has an index
 * ending in (created_at, id), the keyset order, read forwards or backwards for either sort.
 */
export const auditLogs = pgTable('audit_logs', auditColumns(), (t) => [
  index('audit_logs_time_idx').on(t.createdAt, t.id),
  index('audit_logs_actor_idx').on(t.actorId, t.createdAt, t.id),
  index('audit_logs_subject_idx').on(t.subjectId, t.createdAt, t.id),
  index('audit_logs_entity_idx').on(t.entity, t.createdAt, t.id),
  index('audit_logs_entity_id_idx').on(t.entityId, t.createdAt, t.id),
  index('audit_logs_action_idx').on(t.action, t.createdAt, t.id),
  index('audit_logs_outcome_idx').on(t.outcome, t.createdAt, t.id),
  index('audit_logs_ip_idx').on(t.ip, t.createdAt, t.id),
]);

/** Rows the retention job (AUDIT_RETENTION_DAYS) moved out of audit_logs; append-only too. */
export const auditLogsArchive = pgTable(
  'audit_logs_archive',
  { ...auditColumns(), archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow() },
  (t) => [index('audit_logs_archive_time_idx').on(t.createdAt, t.id)],
);
