import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { byUser, create, list, PEOPLE_FILTERS } from '@/src/dataProvider/endpoints';

type RoleGrant = { userId: string; roleId: string };

/** Users management; 'cihRole' is AssignCIHRole's right. */
export const users = descriptor({
  name: 'users',
  path: '/users-management',
  screen: lazyScreen(() => import('./UserList'), 'UserList'),
  access: {
    view: [P.viewUserManagement],
    create: [P.createUserManagement],
    edit: [P.updateUserManagement],
    cihRole: [P.updateChurchAffiliation],
  },
  icon: ManageAccountsIcon,
  endpoints: {
    getList: list('/Admin/GetAllUsers', { ...PEOPLE_FILTERS, role: 'Role', status: 'Status', kind: 'Kind' }),
    create: create('/Admin/CreateAdmin'),
    custom: {
      disableUser: byUser('DELETE', '/Admin/DisableUser'),
      enableUser: byUser('DELETE', '/Admin/EnableUser'),
      changeUserRole: { method: 'PUT', path: '/Admin/ChangeUserRole', query: (p: RoleGrant) => ({ UserId: p.userId, RoleId: p.roleId }) },
    },
  },
});
