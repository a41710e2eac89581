import { peopleCalls } from '@/domain/people/calls.js';
import { MAX_MATCHING } from '@/domain/people/savedLists.js';
import { P } from '@/domain/roles/permissions.js';
import { matchingPeople } from '@/server/engines/matching.js';
import { isSelf } from '@/server/engines/profileAccess.js';
import type { Caller } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, conflict, forbidden, isUniqueViolation } from '@/server/http/errors.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { createAccount, EMAIL_TAKEN, setDisabled, userListConditions, userListQuery, userPage, welcomeMail } from './accounts.js';
import { userByEmail, userById, userByName } from './userView.js';

/** The user list is the users manager's; a first-timers' reader lists first-timers only (Kind=firsttimer). */
function mustReadKind(caller: Caller, kind: string | undefined) {
  if (!caller.permissions.has(P.viewUserManagement) && kind !== 'firsttimer') {
    throw forbidden('You may list first-timers only (Kind=firsttimer)');
  }
}

/** Looking another user up: those who see members or manage users. */
const lookupAccess = { permission: [P.viewMembers, P.updateOtherMembers, P.viewUserManagement] };

const tag = 'Users';

/** Users management: looking a user up, the user list (first-timers' too), disabling, and creating administrators. */
export const userRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getUserbyId,
    tag,
    summary: 'A user by id: names, contact, state, platform roles and CIH role',
    access: { ...lookupAccess, orSelf: 'userId' },
    handler: async ({ query, services }) => ok(await userById(services.database.db, query.userId)),
  }),
  route({
    call: peopleCalls.getUserbyEmail,
    tag,
    summary: 'A user by email',
    access: lookupAccess,
    handler: async ({ query, services }) => ok(await userByEmail(services.database.db, query.userEmail)),
  }),
  route({
    call: peopleCalls.getUserbyName,
    tag,
    summary: 'A user by user name (any letter case)',
    access: lookupAccess,
    handler: async ({ query, services }) => ok(await userByName(services.database.db, query.username)),
  }),
  route({
    call: peopleCalls.getAllUsers,
    tag,
    summary:
      'Every user not archived, as member summaries with roles and account state: search, the member filters, Role, Status (enabled|disabled), Kind (firsttimer|member), sorts and paging. Kind=firsttimer is the first-timer list, open to CAN_VIEW_FIRSTTIMERS',
    access: { permission: [P.viewUserManagement, P.viewFirstTimers] },
    query: userListQuery,
    handler({ query, caller, services }) {
      mustReadKind(caller!, query.kind);
      return userPage(services.database.db, caller!, query);
    },
  }),
  route({
    call: peopleCalls.getMatchingUsers,
    tag,
    summary: `(added) The ids of every user GetAllUsers's search and filters keep (without paging), for an action on 'all that match' of the users or the first-timers list: the same rights and listing rule, at most ${MAX_MATCHING}, a 400 naming the count beyond`,
    access: { permission: [P.viewUserManagement, P.viewFirstTimers] },
    query: userListQuery,
    async handler({ query, caller, services }) {
      mustReadKind(caller!, query.kind);
      const db = services.database.db;
      return ok(await matchingPeople(db, userListConditions(db, caller!, query), query.search));
    },
  }),
  route({
    call: peopleCalls.disableUser,
    tag,
    summary: 'Disable a user: they cannot log in and every token they hold stops working at once (not oneself)',
    access: { permission: P.updateUserManagement },
    async handler({ query, caller, mutate }) {
      if (isSelf(caller, query.userId)) throw badRequest('You cannot disable your own account');
      return ok(await mutate((tx, audit) => setDisabled(tx, audit, query.userId, true)), 'User disabled');
    },
  }),
  route({
    call: peopleCalls.enableUser,
    tag,
    summary: 'Enable a disabled user: they can log in again',
    access: { permission: P.updateUserManagement },
    async handler({ query, mutate }) {
      return ok(await mutate((tx, audit) => setDisabled(tx, audit, query.userId, false)), 'User enabled');
    },
  }),
  route({
    call: peopleCalls.createAdmin,
    tag,
    summary:
      'Create an administrator, or a user in another platform role (role, default administrator): verified, no password; they are mailed a reset code and a link to set one',
    access: { permission: P.createUserManagement },
    async handler({ body, services, request, mutate }) {
      const { role: roleName, ...person } = body;
      const { user, role, code } = await mutate((tx, audit) => createAccount(tx, audit, services, person, roleName)).catch((err) => {
        if (isUniqueViolation(err, 'users_email_key')) throw conflict(EMAIL_TAKEN);
        throw err;
      });
      // PUBLIC_URL when set; else the address this request came to (docs/decisions/0237).
      const site = services.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const link = `${site}/reset-password/${encodeURIComponent(user.email)}`;
      // A new account has no codes yet, so its first one is always issued, in the person's language.
      if (code) await services.mailer.send(welcomeMail(code, services.config.appName, role.name, link, user.language));
      return ok(
        { id: user.id, email: user.email, firstName: user.firstName, surName: user.surName, roles: [role.name] },
        `User created with the role ${role.name}. A link to set their password has been mailed to ${user.email}.`,
      );
    },
  }),
];
