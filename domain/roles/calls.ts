import { defineCall, responseType } from '@/domain/common/calls.js';
import type { RoleChoice, RoleRecord } from '@/domain/common/records.js';
import { assignPermissionsSchema, createRoleSchema, updateRoleSchema } from '@/domain/roles/schemas.js';

/** Platform roles and their permissions, the roles users hold, and CIH roles. */
export const rolesCalls = {
  changeUserRole: defineCall({ method: 'PUT', path: '/Admin/ChangeUserRole' }),
  getPlatformAdminRoles: defineCall({ method: 'GET', path: '/Admin/GetPlatformAdminRoles', response: responseType<RoleChoice[]>() }),
  getCIHRoles: defineCall({ method: 'GET', path: '/Admin/GetCIHRoles', response: responseType<RoleChoice[]>() }),
  getPlatformRoles: defineCall({ method: 'GET', path: '/Roles/GetPlatformRoles', response: responseType<RoleRecord[]>() }),
  getRolePermissions: defineCall({ method: 'GET', path: '/Roles/GetRolePermissions' }),
  getRole: defineCall({ method: 'GET', path: '/Roles/GetRole', response: responseType<RoleRecord>() }),
  getUserRoles: defineCall({ method: 'GET', path: '/Roles/GetUserRoles' }),
  getPlatformModules: defineCall({ method: 'GET', path: '/Roles/GetPlatformModules' }),
  getPlatformPermissions: defineCall({ method: 'GET', path: '/Roles/GetPlatformPermissions' }),
  createRole: defineCall({ method: 'POST', path: '/Roles/CreateRole', body: createRoleSchema }),
  updateRole: defineCall({ method: 'PUT', path: '/Roles/UpdateRole', body: updateRoleSchema }),
  deleteRole: defineCall({ method: 'DELETE', path: '/Roles/DeleteRole' }),
  assignPermissions: defineCall({ method: 'POST', path: '/Roles/AssignPermissions', body: assignPermissionsSchema }),
  removePermission: defineCall({ method: 'DELETE', path: '/Roles/RemovePermission' }),
  assignCIHRole: defineCall({ method: 'PUT', path: '/Roles/AssignCIHRole' }),
};
