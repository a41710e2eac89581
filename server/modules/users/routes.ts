import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailField } from '@/domain/auth/schemas.js';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import { users } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { userView } from './userView.js';

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
  ]);
}
