import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { P } from '@/domain/roles/permissions';
import { rolesCalls as calls } from '@/domain/roles/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { create, keyed, list, remove, update, whole } from '@/src/dataProvider/endpoints';

type RoleGrant = { userId: string; roleId: string; permissions?: string[] };

/** Platform roles and what users hold; 'assign' gives users roles. */
export const roles = descriptor({
  name: 'roles',
  path: '/roles-management',
  screen: lazyScreen(() => import('./RoleList'), 'RoleList'),
  access: { view: [P.viewRoles], create: [P.createRoles], edit: [P.updateRoles], delete: [P.deleteRoles], assign: [P.updateRoles] },
  icon: AdminPanelSettingsIcon,
  endpoints: {
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
});

export const rolePermissions = descriptor({
  name: 'rolePermissions',
  endpoints: { getOne: keyed(calls.getRolePermissions, 'RoleId', 'permissions') },
});
export const userRoles = descriptor({ name: 'userRoles', endpoints: { getOne: keyed(calls.getUserRoles, 'UserId') } });
export const permissionModules = descriptor({
  name: 'permissionModules',
  endpoints: { getList: whole(calls.getPlatformModules, 'moduleName') },
});
/** The roles offered by the role dialogs (src/common/roles). */
export const assignableRoles = descriptor({ name: 'assignableRoles', endpoints: { getList: whole(calls.getPlatformAdminRoles) } });
export const cihRoles = descriptor({ name: 'cihRoles', endpoints: { getList: whole(calls.getCIHRoles) } });
