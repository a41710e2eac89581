import { and, eq } from 'drizzle-orm';
import type { MemberRequestKind } from '@/domain/common/enums.js';
import type { Tx } from '@/server/db/client.js';
import { affinityGroups, centers, churchAffiliations, departments, memberRequests, userDepartments } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { conflict } from '@/server/http/errors.js';
import { cihRoleAfterMove } from '@/server/modules/profile/placement.js';
import { join, membershipOf } from '@/server/modules/departments/membership.js';

/**
 * What an approval changes, inside the decision's transaction: the member's departments,
 * affinity groups, or zone and center. A target deleted since the filing makes the approval a
 * 409 (the request stays pending and may still be rejected).
 */

type Request = typeof memberRequests.$inferSelect;
type Audit = (e: AuditEntry) => void;

function still<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw conflict(`The ${what} this request names no longer exists; reject the request instead`);
  return value;
}

async function joinDepartment(tx: Tx, audit: Audit, r: Request) {
  const departmentId = still(r.targetDepartmentId, 'department');
  // The first department becomes primary (join keeps one primary).
  await join(tx, r.userId, departmentId);
  audit({ action: 'join', entity: 'userDepartment', entityId: r.userId, after: { departmentId } });
}

/** Only the member's row of that department is primary. */
async function makePrimary(tx: Tx, userId: string, departmentId: string) {
  await tx.update(userDepartments).set({ isPrimaryDepartment: false }).where(eq(userDepartments.userId, userId));
  await tx
    .update(userDepartments)
    .set({ isPrimaryDepartment: true })
    .where(and(eq(userDepartments.userId, userId), eq(userDepartments.departmentId, departmentId)));
}

/** Leaves the old department (if still in it) for the new one, which takes over as primary when the old one was. */
async function changeDepartment(tx: Tx, audit: Audit, r: Request) {
  const departmentId = still(r.targetDepartmentId, 'department');
  const old = r.previousDepartmentId ? await membershipOf(tx, r.userId, r.previousDepartmentId) : undefined;
  if (old) {
    const [dept] = await tx.select().from(departments).where(eq(departments.id, old.departmentId));
    // A head is one of their department's members (docs/decisions/0021-head-is-member.md).
    if (dept.hodId === r.userId)
      throw conflict(`The member heads the ${dept.departmentName} department and cannot leave it; appoint another head first`);
    await tx.delete(userDepartments).where(and(eq(userDepartments.userId, r.userId), eq(userDepartments.departmentId, old.departmentId)));
  }
  await join(tx, r.userId, departmentId);
  if (old?.isPrimaryDepartment) await makePrimary(tx, r.userId, departmentId);
  audit({
    action: 'changeDepartment',
    entity: 'userDepartment',
    entityId: r.userId,
    before: old ?? null,
    after: { departmentId, primary: !!old?.isPrimaryDepartment },
  });
}

async function affiliationOf(tx: Tx, userId: string) {
  const [row] = await tx.select().from(churchAffiliations).where(eq(churchAffiliations.userId, userId)).for('update');
  return still(row, "member's church affiliation");
}

async function groupName(tx: Tx, id: string | null) {
  if (!id) return undefined;
  const [group] = await tx.select({ name: affinityGroups.affinityGroupName }).from(affinityGroups).where(eq(affinityGroups.id, id));
  return group?.name;
}

const same = (a: string, b: string | undefined) => !!b && a.toLowerCase() === b.toLowerCase();

/** Joins the target group; on a change the previous group is left. 'none' placeholders go. */
async function setAffinityGroup(tx: Tx, audit: Audit, r: Request) {
  const before = await affiliationOf(tx, r.userId);
  const target = still(await groupName(tx, r.targetAffinityGroupId), 'affinity group');
  const previous = r.kind === 'changeAffinityGroup' ? await groupName(tx, r.previousAffinityGroupId) : undefined;
  const kept = before.affinityGroup.filter((g) => !same(g, 'none') && !same(g, previous) && !same(g, target));
  const [after] = await tx
    .update(churchAffiliations)
    .set({ affinityGroup: [...kept, target], updatedAt: new Date() })
    .where(eq(churchAffiliations.id, before.id))
    .returning();
  audit({ action: 'update', entity: 'churchAffiliation', entityId: after.id, before, after });
}

/** Moves the member to the zone and center; the CIH address is the new center's, and a CIH role stays behind with the old center. */
async function changeZone(tx: Tx, audit: Audit, r: Request) {
  const before = await affiliationOf(tx, r.userId);
  const zoneId = still(r.targetZoneId, 'zone');
  const [center] = r.targetCenterId ? await tx.select().from(centers).where(eq(centers.id, r.targetCenterId)) : [];
  if (center && center.zoneId !== zoneId)
    throw conflict('The center has moved to another zone since the request was filed; reject it and file again');
  const [after] = await tx
    .update(churchAffiliations)
    .set({
      zoneId,
      centerId: center?.id ?? null,
      cihAddress: center?.address ?? null,
      cihRole: cihRoleAfterMove(before, center?.id ?? null),
      updatedAt: new Date(),
    })
    .where(eq(churchAffiliations.id, before.id))
    .returning();
  audit({ action: 'update', entity: 'churchAffiliation', entityId: after.id, before, after });
}

const APPLY: Record<MemberRequestKind, (tx: Tx, audit: Audit, r: Request) => Promise<void>> = {
  joinDepartment,
  changeDepartment,
  joinAffinityGroup: setAffinityGroup,
  changeAffinityGroup: setAffinityGroup,
  changeZone,
};

export const applyRequest = (tx: Tx, audit: Audit, r: Request) => APPLY[r.kind](tx, audit, r);
