import { z, type ZodType } from 'zod';
import { permissionString } from '@/domain/permissions.js';
import { CIH_ROLES } from '@/domain/roles.js';
import { emailField } from './auth.js';
import { idField } from './structure.js';

/**
 * People administration's forms: creating an administrator, a role with its
 * permissions, the ids of a bulk conversion, the permissions given to a user. The server
 * validates with these and the web forms reuse them.
 */

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/**
 * A body that is a list, sent bare (`[...]`) or wrapped (`{"ids": [...]}`, the key in any
 * letter case as every input name is): both become `{ [key]: list }`.
 */
function listBody<K extends string, T extends ZodType>(key: K, list: T) {
  return z.preprocess(
    (input) => {
      if (Array.isArray(input)) return { [key]: input };
      if (!input || typeof input !== 'object') return input;
      const found = Object.keys(input).find((k) => k.toLowerCase() === key.toLowerCase());
      return found ? { [key]: (input as Record<string, unknown>)[found] } : input;
    },
    z.object({ [key]: list } as { [P in K]: T }),
  );
}

// Users

/** CreateAdmin: the new user gets this platform role (by name), administrator unless said otherwise. */
export const createAdminSchema = z.object({
  firstName: requiredText('First name is required'),
  surName: requiredText('Last name is required'),
  email: emailField,
  mobile1: requiredText('Mobile 1 is required', 30),
  role: z.string({ error: 'Role must be a role name' }).trim().min(1, 'Role is required').max(50).default('administrator'),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** The most first-timers one bulk conversion takes: what a 1 MB request body holds with room to spare. */
export const MAX_BULK_CONVERT = 25_000;

/** BulkConvertFirstTimersToMembers: `[id, ...]` or `{ids: [...]}`. */
export const bulkConvertSchema = listBody(
  'ids',
  z
    .array(idField('Id'), { error: 'Ids must be a list of user ids' })
    .min(1, 'Select at least one first-timer')
    .max(MAX_BULK_CONVERT, `At most ${MAX_BULK_CONVERT} first-timers at once`),
);

// Roles

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A permission named by its string (CAN_VIEW_MEMBERS, any letter case), by its catalogue id (as
 * GetPlatformPermissions lists them; kept in lower case) or as the login answer gives it
 * ({accessRight, moduleName}). The server resolves ids and strings alike.
 */
export const permissionRef = z
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
