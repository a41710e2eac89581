import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { P } from '@/domain/roles/permissions';
import { crudRules } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { crud, list } from '@/src/dataProvider/endpoints';

const DELIST = '/ChurchAffiliation/DelistMemberFromDepartment';
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
    list: '/Department/GetAllDepartmentByTotal',
    getOne: '/Department/GetDepartmentById',
    create: '/Department/CreateDepartment',
    update: '/Department/UpdateDepartment',
    remove: '/Department/DeleteDepartment',
  }),
});

export const departmentMembers = descriptor({
  name: 'departmentMembers',
  access: DEPARTMENT_MEMBERS,
  endpoints: { getList: list('/Department/GetDepartmentMembers', { departmentId: 'id' }) },
});

export const delistedMembers = descriptor({
  name: 'delistedMembers',
  access: DEPARTMENT_MEMBERS,
  endpoints: {
    getList: list('/ChurchAffiliation/GetDelistedMembers', { departmentId: 'DepartmentId' }),
    custom: {
      delistMember: {
        method: 'PUT',
        path: DELIST,
        query: (p: Delisting) => ({ UserId: p.userId, DepartmentName: p.departmentName, Reason: p.reason }),
      },
      undoDelisting: { method: 'DELETE', path: DELIST, query: (p: Delisting) => ({ UserId: p.userId, DepartmentName: p.departmentName }) },
    },
  },
});

/** The plain department list of dropdowns, which every signed-in user may read. */
export const departmentChoices = descriptor({ name: 'departmentChoices', endpoints: { getList: list('/Department/GetAllDepartment') } });
