import { P } from '@/domain/roles/permissions.js';
import type { Tx } from '@/server/db/client.js';
import { sameText } from '@/server/db/queries.js';
import { departments } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { notFoundOf } from '@/server/engines/crud.js';
import { forbidden } from '@/server/http/errors.js';

/*
 * Heads of department. Department-member routes serve CAN_VIEW_DEPARTMENT / CAN_UPDATE_DEPARTMENT
 * holders on every department, and a department's own head on theirs. A head holds the hod
 * role, whose right is CAN_APPROVE_REQUESTS (deciding their department's requests), so the
 * declared rule is "the department permission or CAN_APPROVE_REQUESTS": it refuses members
 * outright and tells the OpenAPI reader who may call; the handler then narrows
 * CAN_APPROVE_REQUESTS to the department the caller heads.
 */
export const permissionOrHead = (permission: string) => ({ permission: [permission, P.approveRequests] });

export type Department = typeof departments.$inferSelect;

/** Throws 403 unless the caller holds the permission or heads the department. */
export function mustManage(caller: Caller | null, dept: Pick<Department, 'hodId'>, permission: string) {
  if (caller && (caller.permissions.has(permission) || dept.hodId === caller.id)) return;
  throw forbidden('Only the head of this department may do this');
}

/** The department of that name (any letter case) that the caller may manage with the permission. */
export async function managedDepartment(tx: Tx, caller: Caller | null, name: string, permission: string): Promise<Department> {
  const [dept] = await tx.select().from(departments).where(sameText(departments.departmentName, name));
  if (!dept) throw notFoundOf('department');
  mustManage(caller, dept, permission);
  return dept;
}
