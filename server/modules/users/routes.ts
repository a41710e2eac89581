import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailField } from '@/domain/schemas/auth.js';
import { P } from '@/domain/permissions.js';
import { idField } from '@/domain/schemas/structure.js';
import { users } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { changeUserRole, rolesOfKind, userView } from './users.js';

/** Looking another user up: those who see members or manage users. */
const lookupAccess = { permission: [P.viewMembers, P.updateOtherMembers, P.viewUserManagement] };

export async function usersModule(app: FastifyInstance) {
  const tag = 'Users';
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/UserManagement/GetUserbyId',
      tag,
      summary: 'A user by id: names, contact, state, platform roles and CIH role',
      access: { ...lookupAccess, orSelf: 'userId' },
      query: z.object({ userId: idField('UserId') }),
      handler: async ({ query, services }) => ok(await userView(services.database.db, eq(users.id, query.userId))),
    }),
    route({
      method: 'GET',
      url: '/UserManagement/GetUserbyEmail',
      tag,
      summary: 'A user by email',
      access: lookupAccess,
      query: z.object({ userEmail: emailField }),
      handler: async ({ query, services }) => ok(await userView(services.database.db, eq(users.email, query.userEmail))),
    }),
    route({
      method: 'GET',
      url: '/UserManagement/GetUserbyName',
      tag,
      summary: 'A user by user name (any letter case)',
      access: lookupAccess,
      query: z.object({ username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254) }),
      handler: async ({ query, services }) =>
        ok(await userView(services.database.db, sql`lower(${users.userName}) = ${query.username.toLowerCase()}`)),
    }),
    route({
      method: 'PUT',
      url: '/Admin/ChangeUserRole',
      tag: 'Admin',
      summary: "Give a user one platform role in place of theirs (firsttimers is not assignable); at their next login",
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
      summary: 'The platform roles that may be assigned (firsttimers excluded)',
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
  ]);
}
