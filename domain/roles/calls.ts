import type { RoleChoice, RoleRecord } from '@/domain/common/records.js';
import {
  assignPermissionsSchema,
  changeUserRoleQuery,
  cihRoleQuery,
  createRoleSchema,
  removeGrantQuery,
  roleIdQuery,
  roleUserQuery,
  updateRoleSchema,
} from '@/domain/roles/schemas.js';
import { userIdQuery } from '@/domain/common/fields.js';
import { defineCall, responseType } from '@/domain/common/calls.js';

/** Platform roles and their permissions, the roles users hold, and CIH roles. */
export const rolesCalls = {
  changeUserRole: defineCall({ method: 'PUT', path: '/Admin/ChangeUserRole', query: changeUserRoleQuery }),
  getPlatformAdminRoles: defineCall({ method: 'GET', path: '/Admin/GetPlatformAdminRoles', response: responseType<RoleChoice[]>() }),
  getCIHRoles: defineCall({ method: 'GET', path: '/Admin/GetCIHRoles', response: responseType<RoleChoice[]>() }),
  getPlatformRoles: defineCall({ method: 'GET', path: '/Roles/GetPlatformRoles', response: responseType<RoleRecord[]>() }),
  getRolePermissions: defineCall({ method: 'GET', path: '/Roles/GetRolePermissions', query: roleIdQuery }),
  getRole: defineCall({ method: 'GET', path: '/Roles/GetRole', query: roleIdQuery, response: responseType<RoleRecord>() }),
  getUserRoles: defineCall({ method: 'GET', path: '/Roles/GetUserRoles', query: userIdQuery }),
  getPlatformModules: defineCall({ method: 'GET', path: '/Roles/GetPlatformModules' }),
  getPlatformPermissions: defineCall({ method: 'GET', path: '/Roles/GetPlatformPermissions' }),
  createRole: defineCall({ method: 'POST', path: '/Roles/CreateRole', body: createRoleSchema }),
  updateRole: defineCall({ method: 'PUT', path: '/Roles/UpdateRole', body: updateRoleSchema }),
  deleteRole: defineCall({ method: 'DELETE', path: '/Roles/DeleteRole', query: roleIdQuery }),
  assignPermissions: defineCall({ method: 'POST', path: '/Roles/AssignPermissions', query: roleUserQuery, body: assignPermissionsSchema }),
  removePermission: defineCall({ method: 'DELETE', path: '/Roles/RemovePermission', query: removeGrantQuery }),
  assignCIHRole: defineCall({ method: 'PUT', path: '/Roles/AssignCIHRole', query: cihRoleQuery }),
};
