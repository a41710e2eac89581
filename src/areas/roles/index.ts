import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** Platform roles and what users hold; 'assign' gives users roles. */
export const roles = descriptor({
  name: 'roles',
  path: '/roles-management',
  screen: lazyScreen(() => import('./RoleList'), 'RoleList'),
  access: { view: [P.viewRoles], create: [P.createRoles], edit: [P.updateRoles], delete: [P.deleteRoles], assign: [P.updateRoles] },
  icon: AdminPanelSettingsIcon,
});

export const rolePermissions = descriptor({
  name: 'rolePermissions',
});
export const userRoles = descriptor({ name: 'userRoles' });
export const permissionModules = descriptor({
  name: 'permissionModules',
});
/** The roles offered by the role dialogs (src/common/roles). */
export const assignableRoles = descriptor({ name: 'assignableRoles' });
export const cihRoles = descriptor({ name: 'cihRoles' });
