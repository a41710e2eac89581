import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { bulkConvertSchema, createAdminSchema, MAX_BULK_CONVERT } from '@/domain/people/schemas.js';
import { idField } from '@/domain/common/fields.js';
import { memberDirectory } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, conflict, forbidden, isUniqueViolation } from '@/server/http/errors.js';
import { flag, isConverted, isFirstTimer, isListed, memberFilters, memberPage, seesHidden, visibleTo } from '@/server/engines/memberList.js';
import { isSelf, lockedUser, userIdQuery } from '@/server/engines/profileAccess.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { createAccount, EMAIL_TAKEN, setDisabled, USER_FIELDS, USER_SORTS, userListQuery, welcomeMail } from './accounts.js';
import { convert, converted } from './conversion.js';
import { changeUserRole, rolesOfKind } from './userRoles.js';

/** People administration, every /Admin/ call: users, first-timers' conversion and platform roles. */
export async function adminModule(app: FastifyInstance) {
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/Admin/GetAllUsers',
      tag: 'Users',
      summary:
        'Every user not archived, as member summaries with roles and account state: search, the member filters, Role, Status (enabled|disabled), Kind (firsttimer|member), sorts and paging. Kind=firsttimer is the first-timer list, open to CAN_VIEW_FIRSTTIMERS',
      access: { permission: [P.viewUserManagement, P.viewFirstTimers] },
      query: userListQuery,
      handler({ query, caller, services }) {
        if (!caller!.permissions.has(P.viewUserManagement) && query.kind !== 'firsttimer') {
          throw forbidden('You may list first-timers only (Kind=firsttimer)');
        }
        const db = services.database.db;
        const { status, kind, ...filters } = query;
        const where = () => [
          isListed,
          ...memberFilters(db, filters),
          status && flag(memberDirectory.disabled, status === 'disabled'),
          kind && (kind === 'firsttimer' ? isFirstTimer : isConverted),
          visibleTo(caller!),
        ];
        return memberPage(db, query, { scope: `users ${seesHidden(caller!)}`, where, extra: () => USER_FIELDS, sorts: USER_SORTS });
      },
    }),
    route({
      method: 'DELETE',
      url: '/Admin/DisableUser',
      tag: 'Users',
      summary: 'Disable a user: they cannot log in and every token they hold stops working at once (not oneself)',
      access: { permission: P.updateUserManagement },
      query: userIdQuery,
      async handler({ query, caller, mutate }) {
        if (isSelf(caller, query.userId)) throw badRequest('You cannot disable your own account');
        return ok(await mutate((tx, audit) => setDisabled(tx, audit, query.userId, true)), 'User disabled');
      },
    }),
    route({
      method: 'DELETE',
      url: '/Admin/EnableUser',
      tag: 'Users',
      summary: 'Enable a disabled user: they can log in again',
      access: { permission: P.updateUserManagement },
      query: userIdQuery,
      async handler({ query, mutate }) {
        return ok(await mutate((tx, audit) => setDisabled(tx, audit, query.userId, false)), 'User enabled');
      },
    }),
    route({
      method: 'POST',
      url: '/Admin/CreateAdmin',
      tag: 'Users',
      summary:
        'Create an administrator, or a user in another platform role (role, default administrator): verified, no password; they are mailed a reset code and a link to set one',
      access: { permission: P.createUserManagement },
      body: createAdminSchema,
      async handler({ body, services, request, mutate }) {
        const { role: roleName, ...person } = body;
        const { user, role, code } = await mutate((tx, audit) => createAccount(tx, audit, services, person, roleName)).catch((err) => {
          if (isUniqueViolation(err, 'users_email_key')) throw conflict(EMAIL_TAKEN);
          throw err;
        });
        const link = `${request.protocol}://${request.host}/reset-password/${encodeURIComponent(user.email)}`;
        // A new account has no codes yet, so its first one is always issued.
        if (code) await services.mailer.send(welcomeMail(code, services.config.appName, role.name, link));
        return ok(
          { id: user.id, email: user.email, firstName: user.firstName, surName: user.surName, roles: [role.name] },
          `User created with the role ${role.name}. A link to set their password has been mailed to ${user.email}.`,
        );
      },
    }),
    route({
      method: 'PUT',
      url: '/Admin/ConvertFirstTimersToMembers',
      tag: 'First-timers',
      summary: 'Convert one first-timer to a member: the member role replaces firsttimers, effective on their next call',
      access: { permission: P.approveFirstTimers },
      query: z.object({ id: idField('Id') }),
      async handler({ query, caller, request, mutate }) {
        await mutate(async (tx) => {
          const user = await lockedUser(tx, query.id);
          if (!user.isFirstTimer) throw badRequest(`${user.email} is not a first-timer`);
          await convert(tx, [user.id], { actorId: caller!.id, ip: request.ip });
        });
        return ok({ converted: 1 }, converted(1));
      },
    }),
    route({
      method: 'PUT',
      url: '/Admin/BulkConvertFirstTimersToMembers',
      tag: 'First-timers',
      summary:
        'Convert many first-timers (body: [ids] or {ids}) in one transaction, all or nothing: unknown ids or ids that are not first-timers answer 400 naming them, and nothing changes',
      access: { permission: P.approveFirstTimers },
      body: bulkConvertSchema,
      // MAX_BULK_CONVERT ids of 36 characters, quoted and comma-separated, with room to spare.
      bodyLimit: MAX_BULK_CONVERT * 40 + 1024,
      async handler({ body, caller, request, mutate }) {
        const n = await mutate((tx) => convert(tx, body.ids, { actorId: caller!.id, ip: request.ip }));
        return ok({ converted: n }, converted(n));
      },
    }),
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
  ]);
}
