import { auditLogs } from '../db/schema/index.js';
import type { Tx } from '../db/client.js';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The actor when the caller is not signed in (sign-up, password reset). */
  actorId?: string | null;
};

const SECRET = /password|hash|token|secret|^otp$|^code$/i;

/** Copies a value with every secret-looking field replaced, so the trail never holds one. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (!value || typeof value !== 'object') return value ?? null;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET.test(k) && v != null ? '[redacted]' : redact(v)]),
  );
}

export async function recordAudit(tx: Tx, entries: AuditEntry[], ctx: { actorId: string | null; ip: string }) {
  if (entries.length === 0) return;
  await tx.insert(auditLogs).values(
    entries.map((e) => ({
      actorId: e.actorId ?? ctx.actorId,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId ?? null,
      before: redact(e.before),
      after: redact(e.after),
      ip: ctx.ip,
    })),
  );
}
