import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { wordsIn, type Localized } from '@/domain/common/languages.js';
import type { createAdminSchema } from '@/domain/people/schemas.js';
import { selectionField } from '@/domain/people/tags.js';
import type { Db, Tx } from '@/server/db/client.js';
import { qualified, sameText } from '@/server/db/queries.js';
import { biodata, memberDirectory, memberRoleNames, roles, userRoles, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict } from '@/server/http/errors.js';
import type { Caller } from '@/server/http/access.js';
import {
  flag,
  isConverted,
  isFirstTimer,
  isListed,
  memberFilters,
  memberPage,
  memberQuerySchema,
  visibleTo,
} from '@/server/engines/memberList.js';
import { seesUnlisted } from '@/server/engines/listing.js';
import { lockedUser } from '@/server/engines/profileAccess.js';
import { selectedPeople } from './tags.js';
import type { Mail } from '@/server/mail.js';
import { issueOtp } from '@/server/modules/auth/otp.js';
import type { Services } from '@/server/services.js';

/** Accounts as administrators manage them: the user list, disabling and enabling, creating one. */

export const EMAIL_TAKEN = 'This email is already registered';

/** GetAllUsers: the member list's filters, plus the account's state and whether a first-timer. */
export const userListQuery = memberQuerySchema.extend({
  status: z.enum(['enabled', 'disabled'], { error: "Status must be 'enabled' or 'disabled'" }).optional(),
  kind: z.enum(['firsttimer', 'member'], { error: "Kind must be 'firsttimer' or 'member'" }).optional(),
  // A selection's rows (Id, one or more: docs/decisions/0222), still within the list's own conditions.
  id: selectionField,
});

/** What a user row adds to the member summary. */
const USER_FIELDS = {
  roles: sql<string[]>`coalesce(${memberRoleNames.names}, '{}')`,
  isFirstTimer: memberDirectory.isFirstTimer,
  disabled: memberDirectory.disabled,
  emailVerified: sql<boolean>`(select ${qualified(users.emailVerified)} from ${users} where ${qualified(users.id)} = ${qualified(memberDirectory.userId)})`,
  createdAt: memberDirectory.createdAt,
  convertedAt: memberDirectory.convertedAt,
};
const USER_SORTS = {
  email: memberDirectory.email,
  createdAt: memberDirectory.createdAt,
  convertedAt: memberDirectory.convertedAt,
  status: memberDirectory.disabled,
};

type UserListQuery = z.output<typeof userListQuery>;

/**
 * The user list's conditions (the search apart), for its pages and for 'all that match': users
 * not archived, the member list's filters, the account's state and kind, the listing rule.
 */
export function userListConditions(db: Db, caller: Caller, query: UserListQuery) {
  const { status, kind, id, ...filters } = query;
  return () => [
    isListed,
    selectedPeople(id),
    ...memberFilters(db, filters),
    status && flag(memberDirectory.disabled, status === 'disabled'),
    kind && (kind === 'firsttimer' ? isFirstTimer : isConverted),
    visibleTo(caller),
  ];
}

/** One page of the user list: its conditions, the user sorts. */
export function userPage(db: Db, caller: Caller, query: UserListQuery) {
  const where = userListConditions(db, caller, query);
  return memberPage(db, query, { scope: `users ${seesUnlisted(caller)}`, where, extra: () => USER_FIELDS, sorts: USER_SORTS });
}

/** The platform role (any letter case) a user may be given: not a CIH role, not firsttimers. */
async function assignableRole(tx: Tx, name: string) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(sameText(roles.name, name), eq(roles.kind, 'platform'), ne(roles.name, 'firsttimers')));
  if (!role)
    throw badRequest(`No assignable platform role is named "${name}"`, { role: ['Choose a platform role other than firsttimers'] });
  return role;
}

/** Disables or enables the account, audited; disabling revokes every token, enabling brings none back. */
export async function setDisabled(tx: Tx, audit: (entry: AuditEntry) => void, userId: string, disabled: boolean) {
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

/** The welcome's words in each language of the list; the type asks for every one (docs/decisions/0237). */
const WELCOME: Localized<{
  subject: (app: string) => string;
  created: (app: string, role: string) => string;
  set: (link: string) => string;
}> = {
  en: {
    subject: (app) => `${app}: your new account`,
    created: (app, role) => `An administrator has created a ${app} account for you, with the role ${role}. It has no password yet.`,
    set: (link) =>
      `Set your password at ${link} with that code. If the code has expired, ask for a new one on the same page (Forgot password).`,
  },
  fr: {
    subject: (app) => `${app} : votre nouveau compte`,
    created: (app, role) => `Un administrateur vous a créé un compte ${app}, avec le rôle ${role}. Il n’a pas encore de mot de passe.`,
    set: (link) =>
      `Choisissez votre mot de passe sur ${link} avec ce code. S’il a expiré, demandez-en un nouveau sur la même page (Mot de passe oublié ?).`,
  },
};

/** The reset code (already in the person's language), wrapped in a welcome in that language that says where to set the password. */
export function welcomeMail(code: Mail, appName: string, roleName: string, link: string, language: unknown): Mail {
  const words = wordsIn(WELCOME, language);
  return {
    to: code.to,
    subject: words.subject(appName),
    text: [words.created(appName, roleName), code.text, words.set(link)].join('\n\n'),
  };
}

type NewAccount = Omit<z.output<typeof createAdminSchema>, 'role'>;

/** A verified account without a password in the role, with its biodata, and the reset code its welcome carries. */
export async function createAccount(tx: Tx, audit: (entry: AuditEntry) => void, services: Services, person: NewAccount, roleName: string) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, person.email));
  if (taken) throw conflict(EMAIL_TAKEN);
  const role = await assignableRole(tx, roleName);
  // An administrator vouches for the address, so it needs no validation.
  const [user] = await tx
    .insert(users)
    .values({ ...person, emailVerified: true, isFirstTimer: false })
    .returning();
  await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const { language: _language, ...biodataFields } = person;
  await tx.insert(biodata).values({ userId: user.id, ...biodataFields });
  audit({ action: 'create-user', entity: 'user', entityId: user.id, after: { ...user, role: role.name } });
  return { user, role, code: await issueOtp(tx, services, user.email, 'reset', user.language) };
}
