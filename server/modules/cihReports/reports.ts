import { eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { assertFiles, authorEdits, storedRow, type ReportKind } from './kinds.js';
import { centerOf, scopeOf } from './scope.js';

/** Filing, changing and deleting a record of a report kind, within the caller's reach. */

type Audit = (e: AuditEntry) => void;
type Input = Record<string, unknown> & { centerId: string };

/** Files a record for a center; answers its id. */
export async function createReport(tx: Tx, audit: Audit, caller: Caller, kind: ReportKind, input: Input) {
  const scope = await scopeOf(tx, caller);
  await centerOf(tx, input.centerId);
  assertFiles(kind, scope, input.centerId);
  await kind.check?.(tx, input);
  const [row] = (await tx
    .insert(kind.table)
    .values({ ...input, ...kind.stamp(input, scope, null) } as never)
    .returning()) as Array<{ id: string }>;
  audit({ action: 'create', entity: kind.entity, entityId: row.id, after: row });
  return row.id;
}

/**
 * Writes every field of the form: without CAN_UPDATE_CIH_REPORTS only its author, while the
 * kind allows. unchanged checks the stored updatedAt against the form's (a stale save is a 409).
 */
export async function updateReport(
  tx: Tx,
  audit: Audit,
  caller: Caller,
  kind: ReportKind,
  id: string,
  input: Input,
  unchanged: (stored: Date) => void,
) {
  const scope = await scopeOf(tx, caller);
  const before = await storedRow(tx, kind, id);
  assertFiles(kind, scope, before.centerId);
  assertFiles(kind, scope, input.centerId);
  authorEdits(kind, scope, caller.permissions, before);
  await kind.check?.(tx, input);
  unchanged(before.updatedAt as Date);
  const names = Object.keys(kind.calls.update.body.shape).filter((k) => k !== 'id');
  const values = {
    ...Object.fromEntries(names.map((k) => [k, input[k] ?? null])),
    ...kind.stamp(input, scope, before),
    updatedAt: new Date(),
  };
  const [after] = await tx
    .update(kind.table)
    .set(values as never)
    .where(eq(kind.table.id, id))
    .returning();
  audit({ action: 'update', entity: kind.entity, entityId: id, before, after });
}

export async function deleteReport(tx: Tx, audit: Audit, caller: Caller, kind: ReportKind, id: string) {
  const scope = await scopeOf(tx, caller);
  const before = await storedRow(tx, kind, id);
  assertFiles(kind, scope, before.centerId);
  await tx.delete(kind.table).where(eq(kind.table.id, id));
  audit({ action: 'delete', entity: kind.entity, entityId: id, before });
}
