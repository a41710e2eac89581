import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { P } from '@/domain/roles/permissions';
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
    getList: list('/Roles/GetPlatformRoles'),
    getOne: keyed('/Roles/GetRole', 'RoleId'),
    create: create('/Roles/CreateRole'),
    update: update('/Roles/UpdateRole'),
    delete: remove('/Roles/DeleteRole', 'RoleId'),
    custom: {
      assignPermissions: {
        method: 'POST',
        path: '/Roles/AssignPermissions',
        query: (p: RoleGrant) => ({ RoleId: p.roleId, UserId: p.userId }),
        body: (p: RoleGrant) => ({ permissions: p.permissions ?? [] }),
      },
      removePermission: {
        method: 'DELETE',
        path: '/Roles/RemovePermission',
        query: (p: RoleGrant & { permission?: string }) => ({ RoleId: p.roleId, UserId: p.userId, Permission: p.permission }),
      },
      // An empty cihRole is dropped from the query, which the server reads as "remove the CIH role".
      assignCihRole: {
        method: 'PUT',
        path: '/Roles/AssignCIHRole',
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
  endpoints: { getOne: keyed('/Roles/GetRolePermissions', 'RoleId', 'permissions') },
});
export const userRoles = descriptor({ name: 'userRoles', endpoints: { getOne: keyed('/Roles/GetUserRoles', 'UserId') } });
export const permissionModules = descriptor({
  name: 'permissionModules',
  endpoints: { getList: whole('/Roles/GetPlatformModules', 'moduleName') },
});
/** The roles offered by the role dialogs (src/common/roles). */
export const assignableRoles = descriptor({ name: 'assignableRoles', endpoints: { getList: whole('/Admin/GetPlatformAdminRoles') } });
export const cihRoles = descriptor({ name: 'cihRoles', endpoints: { getList: whole('/Admin/GetCIHRoles') } });
