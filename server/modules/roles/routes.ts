import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, MODULES, P, permissionString } from '@/domain/roles/permissions.js';
import { assignPermissionsSchema, createRoleSchema, updateRoleSchema } from '@/domain/roles/schemas.js';
import { countRows, searchOver } from '@/server/db/queries.js';
import { churchAffiliations, roles, userPermissions, userRoles } from '@/server/db/schema/index.js';
import { ok, page } from '@/server/http/envelope.js';
import { badRequest, conflict, notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf } from '@/server/engines/list.js';
import { existingUser, userIdQuery } from '@/server/engines/profileAccess.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { userRoleRoutes } from './userRoleRoutes.js';
import { cihQuery, holdsRole, mustActAs, mustBeAssignable, removeExtra, removeQuery, removeRole, roleUserQuery } from './grants.js';
import {
  catalogue,
  isSystemRole,
  lockedRole,
  mustBeFreeName,
  AT_ONCE,
  resolvePermissions,
  permissionsOfRole,
  roleDetail,
  roleFields,
  roleIdQuery,
  setRolePermissions,
  tag,
  userRolesView,
} from './store.js';

const ROLE_SORT = {
  name: roles.name,
  createdAt: roles.createdAt,
  userCount: roleFields.userCount,
  permissionCount: roleFields.permissionCount,
};

const roleRoutes = [
  route({
    method: 'GET',
    url: '/Roles/GetPlatformRoles',
    tag,
    summary: 'Platform roles, each with whether it is built in, its user count and permission count: search, sort and paging',
    access: { permission: P.viewRoles },
    query: listQuery({}),
    async handler({ query, services }) {
      const db = services.database.db;
      const where = and(eq(roles.kind, 'platform'), searchOver(query.search, [roles.name, roles.description]));
      const { limit, offset } = pageOf(query);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(roleFields)
          .from(roles)
          .where(where)
          .orderBy(...orderOf(query, ROLE_SORT, [asc(roles.name)]))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(roles).where(where),
      ]);
      return page(rows, n);
    },
  }),
  route({
    method: 'GET',
    url: '/Roles/GetRolePermissions',
    tag,
    summary: "A role's permissions, in the catalogue's order",
    access: { permission: P.viewRoles },
    query: roleIdQuery,
    async handler({ query, services }) {
      return ok((await roleDetail(services.database.db, query.roleId)).permissions);
    },
  }),
  route({
    method: 'GET',
    url: '/Roles/GetRole',
    tag,
    summary: 'One role as GetPlatformRoles lists it, with its permissions: what its editor reloads after a stale save',
    access: { permission: P.viewRoles },
    query: roleIdQuery,
    async handler({ query, services }) {
      return ok(await roleDetail(services.database.db, query.roleId));
    },
  }),
  route({
    method: 'GET',
    url: '/Roles/GetUserRoles',
    tag,
    summary: "A user's platform roles (with the extra permissions held under each), CIH role and effective permissions",
    access: { permission: P.viewRoles, orSelf: 'userId' },
    query: userIdQuery,
    async handler({ query, services }) {
      return ok(await userRolesView(services.database.db, query.userId));
    },
  }),
  route({
    method: 'GET',
    url: '/Roles/GetPlatformModules',
    tag,
    summary: 'The modules of the permission catalogue, each with its access rights',
    access: { permission: P.viewRoles },
    async handler() {
      return ok(
        MODULES.map((m) => ({
          moduleName: m.name,
          accessRights: m.rights,
          permissions: m.rights.map((accessRight) => permissionString({ accessRight, moduleName: m.name })),
        })),
      );
    },
  }),
  route({
    method: 'GET',
    url: '/Roles/GetPlatformPermissions',
    tag,
    summary: 'The permission catalogue: id, accessRight, moduleName and the permission string',
    access: { permission: P.viewRoles },
    async handler({ services }) {
      return ok(await catalogue(services.database.db));
    },
  }),
  route({
    method: 'POST',
    url: '/Roles/CreateRole',
    tag,
    summary:
      'Create a platform role with permissions: strings such as CAN_VIEW_MEMBERS, catalogue ids (GetPlatformPermissions) or {accessRight, moduleName}, mixed',
    access: { permission: P.createRoles },
    body: createRoleSchema,
    async handler({ body, services, mutate }) {
      const id = await mutate(async (tx, audit) => {
        await mustBeFreeName(tx, body.name);
        const given = await resolvePermissions(tx, body.permissions);
        const [role] = await tx.insert(roles).values({ name: body.name, description: body.description, kind: 'platform' }).returning();
        await setRolePermissions(
          tx,
          role.id,
          given.map((p) => p.id),
        );
        audit({ action: 'create', entity: 'role', entityId: role.id, after: { ...role, permissions: given.map((p) => p.permission) } });
        return role.id;
      });
      return ok(await roleDetail(services.database.db, id), 'Successfully Created');
    },
  }),
  route({
    method: 'PUT',
    url: '/Roles/UpdateRole',
    tag,
    summary: `Rename a role and replace its description and (when given) its permissions; built-in roles keep their names. ${AT_ONCE}`,
    access: { permission: P.updateRoles },
    body: updateRoleSchema,
    async handler({ body, services, mutate, request }) {
      await mutate(async (tx, audit) => {
        const before = await lockedRole(tx, body.id);
        mustBeUnchanged(request, before.updatedAt);
        const system = isSystemRole(before.name);
        if (system && body.name.toLowerCase() !== before.name) {
          throw badRequest(`The built-in role "${before.name}" cannot be renamed`, { name: ['Built-in roles keep their names'] });
        }
        if (!system) await mustBeFreeName(tx, body.name, before.id);
        const held = (await permissionsOfRole(tx, before.id)).map((p) => p.permission);
        const given = body.permissions && (await resolvePermissions(tx, body.permissions));
        if (given) {
          const ids = given.map((p) => p.id);
          // Taking a right from administrator could lock every administrator out of this very screen.
          if (before.name === 'administrator' && ids.length < ALL_PERMISSIONS.length) {
            throw badRequest('The administrator role always holds every permission', {
              permissions: ['Administrator holds the whole catalogue'],
            });
          }
          await setRolePermissions(tx, before.id, ids);
        }
        const [after] = await tx
          .update(roles)
          .set({ name: system ? before.name : body.name, description: body.description ?? null, updatedAt: new Date() })
          .where(eq(roles.id, before.id))
          .returning();
        const permissions = given ? given.map((p) => p.permission) : held;
        audit({
          action: 'update',
          entity: 'role',
          entityId: before.id,
          before: { ...before, permissions: held },
          after: { ...after, permissions },
        });
      });
      return ok(await roleDetail(services.database.db, body.id), `Role updated. ${AT_ONCE}`);
    },
  }),
  route({
    method: 'DELETE',
    url: '/Roles/DeleteRole',
    tag,
    summary: 'Delete a role: refused for built-in roles, and while users hold it (409 naming how many)',
    access: { permission: P.deleteRoles },
    query: roleIdQuery,
    async handler({ query, mutate }) {
      await mutate(async (tx, audit) => {
        const role = await lockedRole(tx, query.roleId);
        if (isSystemRole(role.name)) throw badRequest(`The built-in role "${role.name}" cannot be deleted`);
        const holders = await countRows(tx, userRoles, eq(userRoles.roleId, role.id));
        if (holders > 0) {
          const who = holders === 1 ? '1 person' : `${holders} people`;
          throw conflict(`This role is held by ${who}; give them another role first.`);
        }
        const permissions = (await permissionsOfRole(tx, role.id)).map((p) => p.permission);
        await tx.delete(roles).where(eq(roles.id, role.id));
        audit({ action: 'delete', entity: 'role', entityId: role.id, before: { ...role, permissions } });
      });
      return ok(null, 'Successfully Deleted');
    },
  }),
];

const grantRoutes = [
  route({
    method: 'POST',
    url: '/Roles/AssignPermissions',
    tag,
    summary: `Give the user the role (RoleId) and, under it, the extra permissions of the body (a list, or {permissions}). ${AT_ONCE}`,
    access: { permission: P.updateRoles },
    query: roleUserQuery,
    body: assignPermissionsSchema,
    async handler({ query, body, services, mutate }) {
      await mutate(async (tx, audit) => {
        const role = await lockedRole(tx, query.roleId);
        mustBeAssignable(role);
        await existingUser(tx, query.userId);
        const own = new Set((await permissionsOfRole(tx, role.id)).map((p) => p.id));
        const given = (await resolvePermissions(tx, body.permissions)).filter((p) => !own.has(p.id));
        const extras = given.map((p) => p.permission);
        const ids = given.map((p) => p.id);
        await tx.insert(userRoles).values({ userId: query.userId, roleId: role.id }).onConflictDoNothing();
        if (ids.length) {
          await tx
            .insert(userPermissions)
            .values(ids.map((permissionId) => ({ userId: query.userId, roleId: role.id, permissionId })))
            .onConflictDoNothing();
        }
        audit({ action: 'assign-permissions', entity: 'user', entityId: query.userId, after: { role: role.name, permissions: extras } });
      });
      return ok(await userRolesView(services.database.db, query.userId), `Role and permissions assigned. ${AT_ONCE}`);
    },
  }),
  route({
    method: 'DELETE',
    url: '/Roles/RemovePermission',
    tag,
    summary: `Take the role (RoleId) from the user with the extra permissions held under it; with Permission, take only that extra permission. ${AT_ONCE}`,
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
      return ok(await userRolesView(services.database.db, query.userId), `${what}. ${AT_ONCE}`);
    },
  }),
  route({
    method: 'PUT',
    url: '/Roles/AssignCIHRole',
    tag,
    summary: `Give a user a CIH role (cihRole: cihpastor or cihcoordinator; empty removes it), by an inspector: InspectorId is the caller unless an administrator. ${AT_ONCE}`,
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
        audit({
          action: 'assign-cih-role',
          entity: 'church-affiliation',
          entityId: after.id,
          before: before ?? null,
          after: { ...after, inspectorId },
        });
        return { userId: after.userId, cihRole: after.cihRole, inspectorId };
      });
      return ok(data, `${cihRole ? `CIH role ${cihRole} assigned` : 'CIH role removed'}. ${AT_ONCE}`);
    },
  }),
];

export async function rolesModule(app: FastifyInstance) {
  registerRoutes(app, [...roleRoutes, ...grantRoutes, ...userRoleRoutes]);
}
