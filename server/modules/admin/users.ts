import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@/domain/permissions.js';
import { createAdminSchema } from '@/domain/schemas/people.js';
import { qualified, sameText } from '@/server/db/queries.js';
import type { Tx } from '@/server/db/client.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { biodata, roles, userRoles, users } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, conflict, forbidden, isUniqueViolation } from '@/server/http/errors.js';
import { route } from '@/server/http/route.js';
import type { Mail } from '@/server/mail.js';
import { memberFilters, memberPage, memberQuerySchema, notArchived } from '@/server/http/memberList.js';
import { issueOtp } from '@/server/modules/auth/otp.js';
import { isSelf, lockedUser, userIdQuery } from '@/server/http/profileAccess.js';

const tag = 'Users';
const EMAIL_TAKEN = 'This email is already registered';

/** GetAllUsers: the member list's filters, plus the account's state and whether a first-timer. */
export const userListQuery = memberQuerySchema.extend({
  status: z.enum(['enabled', 'disabled'], { error: "Status must be 'enabled' or 'disabled'" }).optional(),
  kind: z.enum(['firsttimer', 'member'], { error: "Kind must be 'firsttimer' or 'member'" }).optional(),
});

/** What a user row adds to the member summary. */
const USER_FIELDS = {
  roles: sql<string[]>`(select coalesce(array_agg(${qualified(roles.name)} order by ${qualified(roles.name)}), '{}')
    from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)} where ${qualified(userRoles.userId)} = ${qualified(users.id)})`,
  isFirstTimer: users.isFirstTimer,
  disabled: users.disabled,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  convertedAt: users.convertedAt,
};
const USER_SORTS = { email: users.email, createdAt: users.createdAt, convertedAt: users.convertedAt, status: users.disabled };

/** The platform role (any letter case) a user may be given: not a CIH role, not firsttimers. */
async function assignableRole(tx: Tx, name: string) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(sameText(roles.name, name), eq(roles.kind, 'platform'), ne(roles.name, 'firsttimers')));
  if (!role) throw badRequest(`No assignable platform role is named "${name}"`, { role: ['Choose a platform role other than firsttimers'] });
  return role;
}

/** Disables or enables the account, audited; disabling revokes every token, enabling brings none back. */
async function setDisabled(tx: Tx, audit: (entry: AuditEntry) => void, userId: string, disabled: boolean) {
  const before = await lockedUser(tx, userId);
  const revoke = disabled ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {};
  const [after] = await tx
    .update(users)
    .set({ disabled, ...revoke, updatedAt: new Date() })
    .where(eq(users.id, before.id))
    .returning();
  audit({ action: disabled ? 'disable' : 'enable', entity: 'user', entityId: before.id, before, after });
  return { id: after.id, email: after.email, disabled: after.disabled };
}

/** The reset code, wrapped in a welcome that says where to set the password. */
function welcomeMail(code: Mail, appName: string, roleName: string, link: string): Mail {
  return {
    to: code.to,
    subject: `${appName}: your new account`,
    text: [
      `An administrator has created a ${appName} account for you, with the role ${roleName}. It has no password yet.`,
      code.text,
      `Set your password at ${link} with that code. If the code has expired, ask for a new one on the same page (Forgot password).`,
    ].join('\n\n'),
  };
}

export const userRoutes = [
  route({
    method: 'GET',
    url: '/Admin/GetAllUsers',
    tag,
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
      const where = [
        notArchived,
        ...memberFilters(db, filters),
        status && eq(users.disabled, status === 'disabled'),
        kind && eq(users.isFirstTimer, kind === 'firsttimer'),
      ];
      return memberPage(db, query, where, USER_FIELDS, USER_SORTS);
    },
  }),
  route({
    method: 'DELETE',
    url: '/Admin/DisableUser',
    tag,
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
    tag,
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
    tag,
    summary:
      'Create an administrator, or a user in another platform role (role, default administrator): verified, no password; they are mailed a reset code and a link to set one',
    access: { permission: P.createUserManagement },
    body: createAdminSchema,
    async handler({ body, services, request, mutate }) {
      const { role: roleName, ...person } = body;
      const { user, role, code } = await mutate(async (tx, audit) => {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
        if (taken) throw conflict(EMAIL_TAKEN);
        const role = await assignableRole(tx, roleName);
        // An administrator vouches for the address, so it needs no validation.
        const [user] = await tx.insert(users).values({ ...person, emailVerified: true, isFirstTimer: false }).returning();
        await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
        await tx.insert(biodata).values({ userId: user.id, ...person });
        audit({ action: 'create-user', entity: 'user', entityId: user.id, after: { ...user, role: role.name } });
        return { user, role, code: await issueOtp(tx, services, user.email, 'reset') };
      }).catch((err) => {
        if (isUniqueViolation(err, 'users_email_key')) throw conflict(EMAIL_TAKEN);
        throw err;
      });
      const link = `${request.protocol}://${request.host}/reset-password/${encodeURIComponent(user.email)}`;
      await services.mailer.send(welcomeMail(code, services.config.appName, role.name, link));
      return ok(
        { id: user.id, email: user.email, firstName: user.firstName, surName: user.surName, roles: [role.name] },
        `User created with the role ${role.name}. A link to set their password has been mailed to ${user.email}.`,
      );
    },
  }),
];
