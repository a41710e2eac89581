import { departmentsCalls as calls } from '@/domain/departments/calls';
import { crud, list, listQuery, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

type Delisting = { userId: string; departmentName: string; reason?: string };

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const departmentsEndpoints = {
  departments: crud({
    list: calls.getAllDepartmentByTotal,
    getOne: calls.getDepartmentById,
    create: calls.createDepartment,
    update: calls.updateDepartment,
    remove: calls.deleteDepartment,
  }),
  // id: a selection's rows (UserId, docs/decisions/0222).
  departmentMembers: {
    getList: list(calls.getDepartmentMembers, { departmentId: 'id', id: 'UserId' }),
    custom: {
      // 'Select all that match' (docs/decisions/0229): the ids of the department's members its search keeps.
      getMatchingDepartmentMembers: {
        call: calls.getMatchingDepartmentMembers,
        query: (p: { filter: object }) => listQuery({ filter: p.filter }, { departmentId: 'id' }),
      },
    },
  },
  delistedMembers: {
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
  departmentChoices: { getList: list(calls.getAllDepartment) },
} satisfies Record<string, ResourceEndpoints>;
