import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { departments, userDepartments } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest } from '@/server/http/errors.js';
import { departmentNamed } from '@/server/http/namedRecords.js';

/** A member's departments (SPEC.md section 3, User department), the primary one first. */
export function departmentsOf(db: Db | Tx, userId: string) {
  return db
    .select({
      departmentId: departments.id,
      departmentName: departments.departmentName,
      isPrimaryDepartment: userDepartments.isPrimaryDepartment,
      joinedAt: userDepartments.joinedAt,
    })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(eq(userDepartments.userId, userId))
    .orderBy(desc(userDepartments.isPrimaryDepartment), asc(departments.departmentName));
}

/** Makes one of the member's departments their primary one; the others stop being primary. */
export async function setPrimaryDepartment(tx: Tx, audit: (e: AuditEntry) => void, userId: string, departmentName: string) {
  const dept = await departmentNamed(tx, departmentName, 'departmentName');
  const held = await departmentsOf(tx, userId);
  if (!held.some((d) => d.departmentId === dept.id)) {
    const message = `The member is not in the ${dept.name} department`;
    throw badRequest(message, { departmentName: [message] });
  }
  await tx.update(userDepartments).set({ isPrimaryDepartment: false }).where(eq(userDepartments.userId, userId));
  await tx
    .update(userDepartments)
    .set({ isPrimaryDepartment: true })
    .where(and(eq(userDepartments.userId, userId), eq(userDepartments.departmentId, dept.id)));
  const before = held.find((d) => d.isPrimaryDepartment)?.departmentName ?? null;
  audit({ action: 'setPrimaryDepartment', entity: 'userDepartment', entityId: userId, before: { primary: before }, after: { primary: dept.name } });
}
