import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { changeUserRole, rolesOfKind } from './userRoles.js';

/** A user's platform role, and the platform and CIH roles one may be given (the legacy /Admin/ calls). */
export const userRoleRoutes: AnyRouteDef[] = [
  route({
    method: 'PUT',
    url: '/Admin/ChangeUserRole',
    tag: 'Admin',
    summary:
      'Give a user one platform role in place of theirs, a custom role too (not firsttimers, not a CIH role); effective on their next call',
    access: { permission: P.updateUserManagement },
    query: z.object({ userId: idField('UserId'), roleId: idField('RoleId') }),
    async handler({ query, mutate }) {
      const roles = await mutate((tx, audit) => changeUserRole(tx, audit, query.userId, query.roleId));
      return ok({ userId: query.userId, roles }, 'Role updated');
    },
  }),
  route({
    method: 'GET',
    url: '/Admin/GetPlatformAdminRoles',
    tag: 'Admin',
    summary: 'The platform roles that may be assigned, custom roles included (firsttimers excluded)',
    access: { permission: [P.updateUserManagement, P.viewUserManagement, P.viewRoles] },
    handler: async ({ services }) => ok(await rolesOfKind(services.database.db, 'platform')),
  }),
  route({
    method: 'GET',
    url: '/Admin/GetCIHRoles',
    tag: 'Admin',
    // The profile's affiliation tab names the CIH role of anyone signed in: the names are no secret.
    summary: 'The CIH roles (cihpastor, cihcoordinator)',
    access: { signedIn: true },
    handler: async ({ services }) => ok(await rolesOfKind(services.database.db, 'cih')),
  }),
];
