import type { FastifyInstance } from 'fastify';
import { MODULES, P, permissionString } from '@/domain/roles/permissions.js';
import { rolesCalls } from '@/domain/roles/calls.js';
import { ok, page } from '@/server/http/envelope.js';
import { listQuery } from '@/server/engines/list.js';

import { registerRoutes, route } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { userRoleRoutes } from './userRoleRoutes.js';
import { assignCihRole, assignPermissions, removeGrant } from './grants.js';
import { createRole, deleteRole, updateRole } from './roleChanges.js';
import { AT_ONCE, catalogue, roleDetail, rolePage, tag, userRolesView } from './store.js';

const roleRoutes = [
  route({
    call: rolesCalls.getPlatformRoles,
    tag,
    summary: 'Platform roles, each with whether it is built in, its user count and permission count: search, sort and paging',
    access: { permission: P.viewRoles },
    query: listQuery({}),
    async handler({ query, services }) {
      const { rows, total } = await rolePage(services.database.db, query);
      return page(rows, total);
    },
  }),
  route({
    call: rolesCalls.getRolePermissions,
    tag,
    summary: "A role's permissions, in the catalogue's order",
    access: { permission: P.viewRoles },
    async handler({ query, services }) {
      return ok((await roleDetail(services.database.db, query.roleId)).permissions);
    },
  }),
  route({
    call: rolesCalls.getRole,
    tag,
    summary: 'One role as GetPlatformRoles lists it, with its permissions: what its editor reloads after a stale save',
    access: { permission: P.viewRoles },
    async handler({ query, services }) {
      return ok(await roleDetail(services.database.db, query.roleId));
    },
  }),
  route({
    call: rolesCalls.getUserRoles,
    tag,
    summary: "A user's platform roles (with the extra permissions held under each), CIH role and effective permissions",
    access: { permission: P.viewRoles, orSelf: 'userId' },
    async handler({ query, services }) {
      return ok(await userRolesView(services.database.db, query.userId));
    },
  }),
  route({
    call: rolesCalls.getPlatformModules,
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
    call: rolesCalls.getPlatformPermissions,
    tag,
    summary: 'The permission catalogue: id, accessRight, moduleName and the permission string',
    access: { permission: P.viewRoles },
    async handler({ services }) {
      return ok(await catalogue(services.database.db));
    },
  }),
  route({
    call: rolesCalls.createRole,
    tag,
    summary:
      'Create a platform role with permissions: strings such as CAN_VIEW_MEMBERS, catalogue ids (GetPlatformPermissions) or {accessRight, moduleName}, mixed',
    access: { permission: P.createRoles },
    async handler({ body, services, mutate }) {
      const id = await mutate((tx, audit) => createRole(tx, audit, body));
      return ok(await roleDetail(services.database.db, id), 'Successfully Created');
    },
  }),
  route({
    call: rolesCalls.updateRole,
    tag,
    summary: `Rename a role and replace its description and (when given) its permissions; built-in roles keep their names. ${AT_ONCE}`,
    access: { permission: P.updateRoles },
    async handler({ body, services, mutate, request }) {
      await mutate((tx, audit) => updateRole(tx, audit, body, (stored) => mustBeUnchanged(request, stored)));
      return ok(await roleDetail(services.database.db, body.id), `Role updated. ${AT_ONCE}`);
    },
  }),
  route({
    call: rolesCalls.deleteRole,
    tag,
    summary: 'Delete a role: refused for built-in roles, and while users hold it (409 naming how many)',
    access: { permission: P.deleteRoles },
    async handler({ query, mutate }) {
      await mutate((tx, audit) => deleteRole(tx, audit, query.roleId));
      return ok(null, 'Successfully Deleted');
    },
  }),
];

const grantRoutes = [
  route({
    call: rolesCalls.assignPermissions,
    tag,
    summary: `Give the user the role (RoleId) and, under it, the extra permissions of the body (a list, or {permissions}). ${AT_ONCE}`,
    access: { permission: P.updateRoles },
    async handler({ query, body, services, mutate }) {
      await mutate((tx, audit) => assignPermissions(tx, audit, query, body.permissions));
      return ok(await userRolesView(services.database.db, query.userId), `Role and permissions assigned. ${AT_ONCE}`);
    },
  }),
  route({
    call: rolesCalls.removePermission,
    tag,
    summary: `Take the role (RoleId) from the user with the extra permissions held under it; with Permission, take only that extra permission. ${AT_ONCE}`,
    access: { permission: P.updateRoles },
    async handler({ query, caller, services, mutate }) {
      await mutate((tx, audit) => removeGrant(tx, audit, caller!, query));
      const what = query.permission ? 'Permission removed' : 'Role removed';
      return ok(await userRolesView(services.database.db, query.userId), `${what}. ${AT_ONCE}`);
    },
  }),
  route({
    call: rolesCalls.assignCIHRole,
    tag,
    summary: `Give a user a CIH role (cihRole: cihpastor or cihcoordinator; empty removes it), by an inspector: InspectorId is the caller unless an administrator. ${AT_ONCE}`,
    // The CIH role is a field of the church affiliation, so the right to change members' affiliations
    // (the inspectorate's) governs it; a view right such as the inspectorate dashboard never authorises a write.
    access: { permission: P.updateChurchAffiliation },
    async handler({ query, caller, mutate }) {
      const data = await mutate((tx, audit) => assignCihRole(tx, audit, caller!, query));
      const cihRole = query.cihRole ?? null;
      return ok(data, `${cihRole ? `CIH role ${cihRole} assigned` : 'CIH role removed'}. ${AT_ONCE}`);
    },
  }),
];

export async function rolesModule(app: FastifyInstance) {
  registerRoutes(app, [...roleRoutes, ...grantRoutes, ...userRoleRoutes]);
}
