import {
  delistQuery,
  departmentSchema,
  departmentUpdateSchema,
  primaryDepartmentQuery,
  undoDelistingQuery,
} from '@/domain/departments/schemas.js';
import { idQuery } from '@/domain/common/fields.js';
import { defineCall, responseType } from '@/domain/common/calls.js';
import type { MatchingPeople } from '@/domain/people/savedLists.js';

/** Departments, their members and primary department, and delisting. */
export const departmentsCalls = {
  createDepartment: defineCall({ method: 'POST', path: '/Department/CreateDepartment', body: departmentSchema }),
  updateDepartment: defineCall({ method: 'PUT', path: '/Department/UpdateDepartment', body: departmentUpdateSchema }),
  deleteDepartment: defineCall({ method: 'DELETE', path: '/Department/DeleteDepartment', query: idQuery }),
  getAllDepartment: defineCall({ method: 'GET', path: '/Department/GetAllDepartment' }),
  getDepartmentById: defineCall({ method: 'GET', path: '/Department/GetDepartmentById', query: idQuery }),
  getAllDepartmentByTotal: defineCall({ method: 'GET', path: '/Department/GetAllDepartmentByTotal' }),
  getDepartmentMembers: defineCall({ method: 'GET', path: '/Department/GetDepartmentMembers' }),
  getMatchingDepartmentMembers: defineCall({
    method: 'GET',
    path: '/Department/GetMatchingDepartmentMembers',
    response: responseType<MatchingPeople>(),
  }),
  getDepartmentByUserId: defineCall({ method: 'GET', path: '/Department/GetDepartmentByUserId', query: idQuery }),
  setPrimaryDepartment: defineCall({ method: 'PUT', path: '/Department/SetPrimaryDepartment', query: primaryDepartmentQuery }),
  delistMemberFromDepartment: defineCall({ method: 'PUT', path: '/ChurchAffiliation/DelistMemberFromDepartment', query: delistQuery }),
  // The same path as delisting: DELETE undoes it.
  undoDelistMemberFromDepartment: defineCall({
    method: 'DELETE',
    path: '/ChurchAffiliation/DelistMemberFromDepartment',
    query: undoDelistingQuery,
  }),
  getDelistedMembers: defineCall({ method: 'GET', path: '/ChurchAffiliation/GetDelistedMembers' }),
};
