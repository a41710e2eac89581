import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { P } from '@/domain/roles/permissions';
import { crudRules } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
/** A department's members: the department's rights, or a head's (CAN_APPROVE_REQUESTS) on the one they head. */
const DEPARTMENT_MEMBERS = { view: [P.viewDepartment, P.approveRequests], delist: [P.updateDepartment, P.approveRequests] };

/** The departments, and a department's page with its members. */
export const departments = descriptor({
  name: 'departments',
  path: '/departments',
  screen: lazyScreen(() => import('./DepartmentList'), 'DepartmentList'),
  asResource: true,
  routes: [
    {
      path: '/departments/view/:name/:id/:hodid',
      title: 'departmentView',
      screen: lazyScreen(() => import('./DepartmentShow'), 'DepartmentShow'),
    },
  ],
  access: crudRules([P.viewDepartment], P.createDepartment, P.updateDepartment, P.deleteDepartment),
  icon: AccountTreeIcon,
});

export const departmentMembers = descriptor({
  name: 'departmentMembers',
  access: DEPARTMENT_MEMBERS,
});

export const delistedMembers = descriptor({
  name: 'delistedMembers',
  access: DEPARTMENT_MEMBERS,
});

/** The plain department list of dropdowns, which every signed-in user may read. */
export const departmentChoices = descriptor({ name: 'departmentChoices' });
