import { sql } from 'drizzle-orm';
import { auditLogs } from '@/server/db/schema/index.js';
import type { Db, Tx } from '@/server/db/client.js';
import type { AuditAction, AuditEntity } from '@/domain/auditTrail/vocabulary.js';

export type AuditEntry = {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The actor when the caller is not signed in (sign-up, password reset). */
  actorId?: string | null;
  /** The member the change was about, when subjectOf cannot read it from the entry (an avatar's owner). */
  subjectId?: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Entities whose id is the user's own id. */
const USER_ENTITIES = new Set(['user', 'userRole', 'userDepartment']);

const userIdIn = (value: unknown) =>
  value && typeof value === 'object' && 'userId' in value ? (value as { userId: unknown }).userId : undefined;

/**
 * The member a change was about, so a reviewer reads a member's whole history with one filter:
 * the user for user entities, else the userId of the record (biodata, details, affiliation,
 * department rows, requests). The migration that added the column backfilled it by this rule.
 */
function subjectOf(entry: AuditEntry): string | null {
  const id = entry.subjectId ?? (USER_ENTITIES.has(entry.entity) ? entry.entityId : (userIdIn(entry.after) ?? userIdIn(entry.before)));
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

/** A security event's outcome by its action; every other row records a change that happened. */
function outcomeOf(action: string): 'success' | 'refused' | 'failedLogin' {
  if (action === 'login-failed') return 'failedLogin';
  return ['refused', 'otp-refused', 'rate-limited'].includes(action) ? 'refused' : 'success';
}

const SECRET = /password|hash|token|secret|^otp$|^code$/i;

/** Copies a value with every secret-looking field replaced, so the trail never holds one. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (!value || typeof value !== 'object') return value ?? null;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) && v != null ? '[redacted]' : redact(v)]));
}

export async function recordAudit(tx: Tx, entries: AuditEntry[], ctx: { actorId: string | null; ip: string }) {
  if (entries.length === 0) return;
  await tx.insert(auditLogs).values(
    entries.map((e) => ({
      actorId: e.actorId ?? ctx.actorId,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId ?? null,
      subjectId: subjectOf(e),
      outcome: outcomeOf(e.action),
      before: redact(e.before),
      after: redact(e.after),
      ip: ctx.ip,
    })),
  );
}

/**
 * One entry for each of many records, as ONE set-based insert: a bulk change of thousands of
 * rows would take one query per row, or pass PostgreSQL's 65535 bind parameters in a multi-row
 * insert. Call it inside the change's transaction (mutate's tx).
 */
export async function recordAuditEach(
  tx: Tx,
  entityIds: string[],
  entry: Omit<AuditEntry, 'entityId' | 'actorId'>,
  ctx: { actorId: string | null; ip: string },
) {
  if (entityIds.length === 0) return;
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(redact(value)));
  const userEntity = USER_ENTITIES.has(entry.entity);
  await tx.execute(sql`
    insert into ${auditLogs} (actor_id, action, entity, entity_id, subject_id, outcome, before, after, ip)
    select ${ctx.actorId}::uuid, ${entry.action}, ${entry.entity}, e.id, ${userEntity ? sql`e.id::uuid` : sql`null`},
      ${outcomeOf(entry.action)}, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${ctx.ip}
    from unnest(${sql.param(entityIds)}::text[]) as e(id)`);
}

/**
 * A security event (failed login, refused code, refused call, rate limit): written on its own,
 * outside any transaction, since the call it belongs to failed and rolled back.
 */
export async function recordSecurityEvent(db: Db, entry: AuditEntry, ctx: { actorId: string | null; ip: string }) {
  await db.insert(auditLogs).values({
    actorId: entry.actorId ?? ctx.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    subjectId: subjectOf(entry),
    outcome: outcomeOf(entry.action),
    before: null,
    after: redact(entry.after),
    ip: ctx.ip,
  });
}
