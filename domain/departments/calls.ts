import { defineCall } from '@/domain/common/calls.js';
import { departmentSchema, departmentUpdateSchema } from '@/domain/departments/schemas.js';

/** Departments, their members and primary department, and delisting. */
export const departmentsCalls = {
  createDepartment: defineCall({ method: 'POST', path: '/Department/CreateDepartment', body: departmentSchema }),
  updateDepartment: defineCall({ method: 'PUT', path: '/Department/UpdateDepartment', body: departmentUpdateSchema }),
  deleteDepartment: defineCall({ method: 'DELETE', path: '/Department/DeleteDepartment' }),
  getAllDepartment: defineCall({ method: 'GET', path: '/Department/GetAllDepartment' }),
  getDepartmentById: defineCall({ method: 'GET', path: '/Department/GetDepartmentById' }),
  getAllDepartmentByTotal: defineCall({ method: 'GET', path: '/Department/GetAllDepartmentByTotal' }),
  getDepartmentMembers: defineCall({ method: 'GET', path: '/Department/GetDepartmentMembers' }),
  getDepartmentByUserId: defineCall({ method: 'GET', path: '/Department/GetDepartmentByUserId' }),
  setPrimaryDepartment: defineCall({ method: 'PUT', path: '/Department/SetPrimaryDepartment' }),
  delistMemberFromDepartment: defineCall({ method: 'PUT', path: '/ChurchAffiliation/DelistMemberFromDepartment' }),
  // The same path as delisting: DELETE undoes it.
  undoDelistMemberFromDepartment: defineCall({ method: 'DELETE', path: '/ChurchAffiliation/DelistMemberFromDepartment' }),
  getDelistedMembers: defineCall({ method: 'GET', path: '/ChurchAffiliation/GetDelistedMembers' }),
};
