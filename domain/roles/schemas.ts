import { z } from 'zod';
import { idField, listBody } from '@/domain/common/fields.js';
import { permissionString } from '@/domain/roles/permissions.js';
import { CIH_ROLES } from '@/domain/roles/roles.js';

/** The forms of roles and their permissions; the server validates with these and the web forms reuse them. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A permission named by its string (CAN_VIEW_MEMBERS, any letter case), by its catalogue id (as
 * GetPlatformPermissions lists them; kept in lower case) or as the login answer gives it
 * ({accessRight, moduleName}). The server resolves ids and strings alike.
 */
const permissionRef = z
  .union(
    [
      z.string().trim().min(1).max(100),
      z.object({ accessRight: z.string().trim().min(1).max(40), moduleName: z.string().trim().min(1).max(60) }),
    ],
    { error: 'A permission is a string such as CAN_VIEW_MEMBERS or {accessRight, moduleName}' },
  )
  .transform((p) => (typeof p !== 'string' ? permissionString(p) : UUID.test(p) ? p.toLowerCase() : p.toUpperCase()));

const permissionList = z.array(permissionRef, { error: 'Permissions must be a list' }).max(500, 'At most 500 permissions');

const roleNameField = z
  .string({ error: 'Role name is required' })
  .trim()
  .min(2, 'Role name must be 2 to 50 characters')
  .max(50, 'Role name must be 2 to 50 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'Role name may hold only letters, digits, spaces, dashes and underscores');

export const createRoleSchema = z.object({
  name: roleNameField,
  description: z.string().trim().max(300, 'At most 300 characters').optional(),
  permissions: permissionList.default([]),
});
export type CreateRoleInput = z.input<typeof createRoleSchema>;

/** UpdateRole: the name and description are replaced; permissions, when given, replace the role's set. */
export const updateRoleSchema = z.object({
  id: idField('Id'),
  name: roleNameField,
  description: z.string().trim().max(300, 'At most 300 characters').optional(),
  permissions: permissionList.optional(),
});
export type UpdateRoleInput = z.input<typeof updateRoleSchema>;

/** AssignPermissions: `[permission, ...]` or `{permissions: [...]}`; an empty list only gives the role. */
export const assignPermissionsSchema = listBody('permissions', permissionList);

/** AssignCIHRole's cihRole, in any letter case (stored lower case); empty removes it. */
export const cihRoleField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(CIH_ROLES, { error: `cihRole must be one of: ${CIH_ROLES.join(', ')} (empty removes it)` }));

// The queries of the role calls

/** GetRole, GetRolePermissions and DeleteRole: the role. */
export const roleIdQuery = z.object({ roleId: idField('RoleId') });

/** AssignPermissions: the role given and the user given it. */
export const roleUserQuery = roleIdQuery.extend({ userId: idField('UserId') });

/** RemovePermission: the role taken, or with Permission only that extra permission. */
export const removeGrantQuery = roleUserQuery.extend({ permission: permissionRef.optional() });

/** AssignCIHRole: the user, the inspector who assigns (the caller unless an administrator), and the role (none removes it). */
export const cihRoleQuery = z.object({
  userId: idField('userId'),
  inspectorId: idField('InspectorId').optional(),
  cihRole: cihRoleField.optional(),
});

/** ChangeUserRole: the user and the platform role they get in place of theirs. */
export const changeUserRoleQuery = z.object({ userId: idField('UserId'), roleId: idField('RoleId') });
