import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { cihRoleQuery, removeGrantQuery, roleUserQuery } from '@/domain/roles/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { roleNamesOf } from '@/server/db/permissionsOf.js';
import { churchAffiliations, userPermissions, userRoles } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { existingUser, isSelf } from '@/server/engines/profileAccess.js';
import { lockedRole, permissionsOfRole, resolvePermissions, type Role } from './store.js';

/*
 * A user's grants. AssignPermissions gives a user a platform role and, under it, extra
 * permissions beyond the role's own (user_permissions); RemovePermission takes the role, and
 * its extras with it, or, naming a Permission, only that extra. Permissions are read on every
 * call, so every change here reaches the user on their next call.
 */

/** A role a user may be given here: a platform role other than firsttimers, which only sign-up gives. */
function mustBeAssignable(role: Role) {
  if (role.kind !== 'platform') throw badRequest(`"${role.name}" is a CIH role: give it with AssignCIHRole`);
  if (role.name === 'firsttimers') throw badRequest('The firsttimers role cannot be assigned');
}

type Audit = (e: AuditEntry) => void;

/** Gives the user the role and, under it, those of the permissions the role does not grant itself. */
export async function assignPermissions(tx: Tx, audit: Audit, q: z.output<typeof roleUserQuery>, refs: string[]) {
  const role = await lockedRole(tx, q.roleId);
  mustBeAssignable(role);
  await existingUser(tx, q.userId);
  const own = new Set((await permissionsOfRole(tx, role.id)).map((p) => p.id));
  const given = (await resolvePermissions(tx, refs)).filter((p) => !own.has(p.id));
  const extras = given.map((p) => p.permission);
  const ids = given.map((p) => p.id);
  await tx.insert(userRoles).values({ userId: q.userId, roleId: role.id }).onConflictDoNothing();
  if (ids.length) {
    await tx
      .insert(userPermissions)
      .values(ids.map((permissionId) => ({ userId: q.userId, roleId: role.id, permissionId })))
      .onConflictDoNothing();
  }
  audit({ action: 'assign-permissions', entity: 'user', entityId: q.userId, after: { role: role.name, permissions: extras } });
}

/** Takes the role from the user, or with a permission named only that extra permission. */
export async function removeGrant(tx: Tx, audit: Audit, caller: Caller, q: z.output<typeof removeGrantQuery>) {
  const role = await lockedRole(tx, q.roleId);
  await existingUser(tx, q.userId);
  if (!(await holdsRole(tx, q.userId, role.id))) throw notFound(`The user does not hold the role "${role.name}"`);
  if (q.permission) await removeExtra(tx, q.userId, role, q.permission);
  else await removeRole(tx, caller, q.userId, role);
  const action = q.permission ? 'remove-permission' : 'remove-role';
  audit({ action, entity: 'user', entityId: q.userId, before: { role: role.name, permission: q.permission } });
}

async function holdsRole(tx: Tx, userId: string, roleId: string) {
  const [row] = await tx
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
  return !!row;
}

/** Takes the role from the user; the foreign key takes the extra permissions held under it. */
async function removeRole(tx: Tx, caller: Caller, userId: string, role: Role) {
  // Administrators removing their own role could leave the platform without one.
  if (role.name === 'administrator' && isSelf(caller, userId)) throw badRequest('You cannot remove your own administrator role');
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, role.id)));
}

/** Takes one extra permission from the user; one the role itself grants can only go with the role. */
async function removeExtra(tx: Tx, userId: string, role: Role, ref: string) {
  const [{ id: permissionId, permission }] = await resolvePermissions(tx, [ref]);
  if ((await permissionsOfRole(tx, role.id)).some((p) => p.id === permissionId)) {
    throw badRequest(`${permission} comes with the role "${role.name}" itself: change the role, or take the role from the user`);
  }
  const removed = await tx
    .delete(userPermissions)
    .where(and(eq(userPermissions.userId, userId), eq(userPermissions.roleId, role.id), eq(userPermissions.permissionId, permissionId)))
    .returning();
  if (removed.length === 0) throw notFound(`The user does not hold ${permission} under the role "${role.name}"`);
}

/** InspectorId names who assigns: the caller, unless the caller is an administrator acting for an inspector. */
async function mustActAs(tx: Tx, caller: Caller, inspectorId?: string) {
  if (!inspectorId || isSelf(caller, inspectorId)) return;
  if (!(await roleNamesOf(tx, caller.id)).includes('administrator')) throw forbidden('InspectorId must be your own id');
  await existingUser(tx, inspectorId);
}

/** Sets the user's CIH role (null removes it) on their church affiliation, made if they have none. */
export async function assignCihRole(tx: Tx, audit: Audit, caller: Caller, q: z.output<typeof cihRoleQuery>) {
  const cihRole = q.cihRole ?? null;
  await mustActAs(tx, caller, q.inspectorId);
  await existingUser(tx, q.userId);
  const [before] = await tx.select().from(churchAffiliations).where(eq(churchAffiliations.userId, q.userId)).for('update');
  const [after] = await tx
    .insert(churchAffiliations)
    .values({ userId: q.userId, cihRole })
    .onConflictDoUpdate({ target: churchAffiliations.userId, set: { cihRole, updatedAt: new Date() } })
    .returning();
  const inspectorId = q.inspectorId ?? caller.id;
  audit({
    action: 'assign-cih-role',
    entity: 'church-affiliation',
    entityId: after.id,
    before: before ?? null,
    after: { ...after, inspectorId },
  });
  return { userId: after.userId, cihRole: after.cihRole, inspectorId };
}
