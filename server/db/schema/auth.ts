import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One-time passwords: stored hashed, single use, short-lived. */
export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_email_purpose_idx').on(t.email, t.purpose)],
);

/** Mail that was not sent over SMTP (no SMTP_URL) is kept here. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set on mails queued for the worker (server/outbox.ts), which drains only those; sign-up codes
     * go straight to SMTP and are kept here only without SMTP_URL, as a log.
     */
    category: text('category'),
    messageId: uuid('message_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: a worker that dies mid-send leaves it, and the mail is tried again after it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last retry. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.category} is not null and ${t.sentAt} is null and ${t.failedAt} is null`),
    index('outbox_message_idx').on(t.messageId),
  ],
);

/** Server settings kept in the database, such as the generated JWT secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * One row, rewritten by the health check: proof that the database takes writes (a full disk or
 * a read-only database fails it), not only that it answers.
 */
export const heartbeat = pgTable('heartbeat', {
  id: integer('id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
});

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
