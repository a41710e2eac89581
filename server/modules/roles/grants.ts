import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@/domain/permissions.js';
import { assignPermissionsSchema, cihRoleField, permissionRef } from '@/domain/schemas/people.js';
import { idField } from '@/domain/schemas/structure.js';
import type { Tx } from '@/server/db/client.js';
import { churchAffiliations, userPermissions, userRoles } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { route } from '@/server/http/route.js';
import { roleNamesOf } from '@/server/db/permissionsOf.js';
import { existingUser, isSelf } from '@/server/http/profileAccess.js';
import { lockedRole, NEXT_LOGIN, permissionIds, permissionsOfRole, roleIdQuery, tag, userRolesView, type Role } from './store.js';

/*
 * A user's grants. AssignPermissions gives a user a platform role and, under it, extra
 * permissions beyond the role's own (user_permissions); RemovePermission takes the role, and
 * its extras with it, or, naming a Permission, only that extra. Tokens carry the permissions
 * granted at login, so every change here reaches the user at their next login.
 */

const roleUserQuery = roleIdQuery.extend({ userId: idField('UserId') });
const removeQuery = roleUserQuery.extend({ permission: permissionRef.optional() });

/** A role a user may be given here: a platform role other than firsttimers (SPEC.md section 1). */
function mustBeAssignable(role: Role) {
  if (role.kind !== 'platform') throw badRequest(`"${role.name}" is a CIH role: give it with AssignCIHRole`);
  if (role.name === 'firsttimers') throw badRequest('The firsttimers role cannot be assigned');
}

async function holdsRole(tx: Tx, userId: string, roleId: string) {
  const [row] = await tx.select().from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
  return !!row;
}

/** Takes the role from the user; the foreign key takes the extra permissions held under it. */
async function removeRole(tx: Tx, caller: Caller, userId: string, role: Role) {
  // Administrators removing their own role could leave the platform without one.
  if (role.name === 'administrator' && isSelf(caller, userId)) throw badRequest('You cannot remove your own administrator role');
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, role.id)));
}

/** Takes one extra permission from the user; one the role itself grants can only go with the role. */
async function removeExtra(tx: Tx, userId: string, role: Role, permission: string) {
  if ((await permissionsOfRole(tx, role.id)).some((p) => p.permission === permission)) {
    throw badRequest(`${permission} comes with the role "${role.name}" itself: change the role, or take the role from the user`);
  }
  const [permissionId] = await permissionIds(tx, [permission]);
  const removed = await tx
    .delete(userPermissions)
    .where(and(eq(userPermissions.userId, userId), eq(userPermissions.roleId, role.id), eq(userPermissions.permissionId, permissionId)))
    .returning();
  if (removed.length === 0) throw notFound(`The user does not hold ${permission} under the role "${role.name}"`);
}

const cihQuery = z.object({
  userId: idField('userId'),
  inspectorId: idField('InspectorId').optional(),
  cihRole: cihRoleField.optional(),
});

/** InspectorId names who assigns: the caller, unless the caller is an administrator acting for an inspector. */
async function mustActAs(tx: Tx, caller: Caller, inspectorId?: string) {
  if (!inspectorId || isSelf(caller, inspectorId)) return;
  if (!(await roleNamesOf(tx, caller.id)).includes('administrator')) throw forbidden('InspectorId must be your own id');
  await existingUser(tx, inspectorId);
}

export const grantRoutes = [
  route({
    method: 'POST',
    url: '/Roles/AssignPermissions',
    tag,
    summary: `Give the user the role (RoleId) and, under it, the extra permissions of the body (a list, or {permissions}). ${NEXT_LOGIN}`,
    access: { permission: P.updateRoles },
    query: roleUserQuery,
    body: assignPermissionsSchema,
    async handler({ query, body, services, mutate }) {
      await mutate(async (tx, audit) => {
        const role = await lockedRole(tx, query.roleId);
        mustBeAssignable(role);
        await existingUser(tx, query.userId);
        const own = new Set((await permissionsOfRole(tx, role.id)).map((p) => p.permission));
        const extras = [...new Set(body.permissions)].filter((p) => !own.has(p));
        const ids = await permissionIds(tx, extras);
        await tx.insert(userRoles).values({ userId: query.userId, roleId: role.id }).onConflictDoNothing();
        if (ids.length) {
          await tx
            .insert(userPermissions)
            .values(ids.map((permissionId) => ({ userId: query.userId, roleId: role.id, permissionId })))
            .onConflictDoNothing();
        }
        audit({ action: 'assign-permissions', entity: 'user', entityId: query.userId, after: { role: role.name, permissions: extras } });
      });
      return ok(await userRolesView(services.database.db, query.userId), `Role and permissions assigned. ${NEXT_LOGIN}`);
    },
  }),
  route({
    method: 'DELETE',
    url: '/Roles/RemovePermission',
    tag,
    summary: `Take the role (RoleId) from the user with the extra permissions held under it; with Permission, take only that extra permission. ${NEXT_LOGIN}`,
    access: { permission: P.updateRoles },
    query: removeQuery,
    async handler({ query, caller, services, mutate }) {
      await mutate(async (tx, audit) => {
        const role = await lockedRole(tx, query.roleId);
        await existingUser(tx, query.userId);
        if (!(await holdsRole(tx, query.userId, role.id))) throw notFound(`The user does not hold the role "${role.name}"`);
        if (query.permission) await removeExtra(tx, query.userId, role, query.permission);
        else await removeRole(tx, caller!, query.userId, role);
        const action = query.permission ? 'remove-permission' : 'remove-role';
        audit({ action, entity: 'user', entityId: query.userId, before: { role: role.name, permission: query.permission } });
      });
      const what = query.permission ? 'Permission removed' : 'Role removed';
      return ok(await userRolesView(services.database.db, query.userId), `${what}. ${NEXT_LOGIN}`);
    },
  }),
  route({
    method: 'PUT',
    url: '/Roles/AssignCIHRole',
    tag,
    summary: `Give a user a CIH role (cihRole: cihpastor or cihcoordinator; empty removes it), by an inspector: InspectorId is the caller unless an administrator. ${NEXT_LOGIN}`,
    // The CIH role is a field of the church affiliation, so the right to change members' affiliations
    // (the inspectorate's) governs it; a view right such as the inspectorate dashboard never authorises a write.
    access: { permission: P.updateChurchAffiliation },
    query: cihQuery,
    async handler({ query, caller, mutate }) {
      const cihRole = query.cihRole ?? null;
      const data = await mutate(async (tx, audit) => {
        await mustActAs(tx, caller!, query.inspectorId);
        await existingUser(tx, query.userId);
        const [before] = await tx.select().from(churchAffiliations).where(eq(churchAffiliations.userId, query.userId)).for('update');
        const [after] = await tx
          .insert(churchAffiliations)
          .values({ userId: query.userId, cihRole })
          .onConflictDoUpdate({ target: churchAffiliations.userId, set: { cihRole, updatedAt: new Date() } })
          .returning();
        const inspectorId = query.inspectorId ?? caller!.id;
        audit({ action: 'assign-cih-role', entity: 'church-affiliation', entityId: after.id, before: before ?? null, after: { ...after, inspectorId } });
        return { userId: after.userId, cihRole: after.cihRole, inspectorId };
      });
      return ok(data, `${cihRole ? `CIH role ${cihRole} assigned` : 'CIH role removed'}. ${NEXT_LOGIN}`);
    },
  }),
];
