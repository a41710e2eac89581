import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { departments, roles, userDepartments, userRoles } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest } from '@/server/http/errors.js';
import { departmentNamed } from '@/server/engines/namedRecords.js';

/*
 * Department membership: who is in which department, which one is primary, and the hod role that
 * goes with headship. join, membershipOf and departmentsOf are also what the requests module
 * uses to apply an approved department request.
 */

type Audit = (entry: AuditEntry) => void;

/** The member's row in the department, if they are in it. */
export async function membershipOf(tx: Tx, userId: string, departmentId: string) {
  const [row] = await tx
    .select()
    .from(userDepartments)
    .where(and(eq(userDepartments.userId, userId), eq(userDepartments.departmentId, departmentId)));
  return row;
}

/** Adds the member to the department; it becomes their primary one when they have none. */
export async function join(tx: Tx, userId: string, departmentId: string, primary = false) {
  if (primary) await tx.update(userDepartments).set({ isPrimaryDepartment: false }).where(eq(userDepartments.userId, userId));
  await tx.insert(userDepartments).values({ userId, departmentId, isPrimaryDepartment: primary }).onConflictDoNothing();
  await ensurePrimary(tx, userId);
}

/** A member in any department has exactly one primary: the longest held, when none is marked. */
export async function ensurePrimary(tx: Tx, userId: string) {
  const rows = await tx.select().from(userDepartments).where(eq(userDepartments.userId, userId)).orderBy(asc(userDepartments.joinedAt));
  if (rows.length === 0 || rows.some((r) => r.isPrimaryDepartment)) return;
  await tx
    .update(userDepartments)
    .set({ isPrimaryDepartment: true })
    .where(and(eq(userDepartments.userId, userId), eq(userDepartments.departmentId, rows[0].departmentId)));
}

async function hodRoleId(tx: Tx) {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'hod'));
  return role.id;
}

/**
 * Keeps the hod role with the heads of departments: the new head gets it, and a replaced head
 * loses it once they head no other department. It reaches their permissions on their next call.
 */
export async function handOverHeadship(tx: Tx, audit: Audit, from: string | null, to: string | null) {
  if (from === to) return;
  const roleId = await hodRoleId(tx);
  if (to) {
    const added = await tx.insert(userRoles).values({ userId: to, roleId }).onConflictDoNothing().returning();
    if (added.length) audit({ action: 'grantRole', entity: 'userRole', entityId: to, after: { role: 'hod' } });
  }
  if (!from) return;
  const [{ n }] = await tx.select({ n: count() }).from(departments).where(eq(departments.hodId, from));
  if (n > 0) return;
  const removed = await tx
    .delete(userRoles)
    .where(and(eq(userRoles.userId, from), eq(userRoles.roleId, roleId)))
    .returning();
  if (removed.length) audit({ action: 'revokeRole', entity: 'userRole', entityId: from, before: { role: 'hod' } });
}

/** A member's departments (departmentName, isPrimaryDepartment), the primary one first. */
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
export async function setPrimaryDepartment(tx: Tx, audit: Audit, userId: string, departmentName: string) {
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
  audit({
    action: 'setPrimaryDepartment',
    entity: 'userDepartment',
    entityId: userId,
    before: { primary: before },
    after: { primary: dept.name },
  });
}
