import { rolesCalls as calls } from '@/domain/roles/calls';
import { create, keyed, list, remove, update, whole, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

type RoleGrant = { userId: string; roleId: string; permissions?: string[] };

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const rolesEndpoints = {
  roles: {
    getList: list(calls.getPlatformRoles),
    getOne: keyed(calls.getRole, 'RoleId'),
    create: create(calls.createRole),
    update: update(calls.updateRole),
    delete: remove(calls.deleteRole, 'RoleId'),
    custom: {
      assignPermissions: {
        call: calls.assignPermissions,
        query: (p: RoleGrant) => ({ RoleId: p.roleId, UserId: p.userId }),
        body: (p: RoleGrant) => ({ permissions: p.permissions ?? [] }),
      },
      removePermission: {
        call: calls.removePermission,
        query: (p: RoleGrant & { permission?: string }) => ({ RoleId: p.roleId, UserId: p.userId, Permission: p.permission }),
      },
      // An empty cihRole is dropped from the query, which the server reads as "remove the CIH role".
      assignCihRole: {
        call: calls.assignCIHRole,
        query: (p: { userId: string; inspectorId: string; cihRole?: string }) => ({
          userId: p.userId,
          InspectorId: p.inspectorId,
          cihRole: p.cihRole,
        }),
      },
    },
  },
  rolePermissions: { getOne: keyed(calls.getRolePermissions, 'RoleId', 'permissions') },
  userRoles: { getOne: keyed(calls.getUserRoles, 'UserId') },
  permissionModules: { getList: whole(calls.getPlatformModules, 'moduleName') },
  assignableRoles: { getList: whole(calls.getPlatformAdminRoles) },
  cihRoles: { getList: whole(calls.getCIHRoles) },
} satisfies Record<string, ResourceEndpoints>;
