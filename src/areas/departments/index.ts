import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { P } from '@/domain/roles/permissions';
import { crudRules } from '@/src/authProvider/rules';
import { departmentsCalls as calls } from '@/domain/departments/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { crud, list } from '@/src/dataProvider/endpoints';

type Delisting = { userId: string; departmentName: string; reason?: string };
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
  endpoints: crud({
    list: calls.getAllDepartmentByTotal,
    getOne: calls.getDepartmentById,
    create: calls.createDepartment,
    update: calls.updateDepartment,
    remove: calls.deleteDepartment,
  }),
});

export const departmentMembers = descriptor({
  name: 'departmentMembers',
  access: DEPARTMENT_MEMBERS,
  endpoints: { getList: list(calls.getDepartmentMembers, { departmentId: 'id' }) },
});

export const delistedMembers = descriptor({
  name: 'delistedMembers',
  access: DEPARTMENT_MEMBERS,
  endpoints: {
    getList: list(calls.getDelistedMembers, { departmentId: 'DepartmentId' }),
    custom: {
      delistMember: {
        call: calls.delistMemberFromDepartment,
        query: (p: Delisting) => ({ UserId: p.userId, DepartmentName: p.departmentName, Reason: p.reason }),
      },
      undoDelisting: {
        call: calls.undoDelistMemberFromDepartment,
        query: (p: Delisting) => ({ UserId: p.userId, DepartmentName: p.departmentName }),
      },
    },
  },
});

/** The plain department list of dropdowns, which every signed-in user may read. */
export const departmentChoices = descriptor({ name: 'departmentChoices', endpoints: { getList: list(calls.getAllDepartment) } });
