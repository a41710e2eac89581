import { rolesCalls } from '@/domain/roles/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { changeUserRole, rolesOfKind } from './userRoles.js';

/** A user's platform role, and the platform and CIH roles one may be given (the legacy /Admin/ calls). */
export const userRoleRoutes: AnyRouteDef[] = [
  route({
    call: rolesCalls.changeUserRole,
    tag: 'Admin',
    summary:
      'Give a user one platform role in place of theirs, a custom role too (not firsttimers, not a CIH role); effective on their next call',
    access: { permission: P.updateUserManagement },
    async handler({ query, mutate }) {
      const roles = await mutate((tx, audit) => changeUserRole(tx, audit, query.userId, query.roleId));
      return ok({ userId: query.userId, roles }, 'Role updated');
    },
  }),
  route({
    call: rolesCalls.getPlatformAdminRoles,
    tag: 'Admin',
    summary: 'The platform roles that may be assigned, custom roles included (firsttimers excluded)',
    access: { permission: [P.updateUserManagement, P.viewUserManagement, P.viewRoles] },
    handler: async ({ services }) => ok(await rolesOfKind(services.database.db, 'platform')),
  }),
  route({
    call: rolesCalls.getCIHRoles,
    tag: 'Admin',
    // The profile's affiliation tab names the CIH role of anyone signed in: the names are no secret.
    summary: 'The CIH roles (cihpastor, cihcoordinator)',
    access: { signedIn: true },
    handler: async ({ services }) => ok(await rolesOfKind(services.database.db, 'cih')),
  }),
];
