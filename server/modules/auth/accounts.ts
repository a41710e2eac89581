import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { signUpSchema } from '@/domain/auth/schemas.js';
import type { LanguageCode } from '@/domain/common/languages.js';
import type { Db, Tx } from '@/server/db/client.js';
import { biodata, churchAffiliations, roles, userRoles, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { conflict, isUniqueViolation } from '@/server/http/errors.js';
import { recordConsents } from '@/server/modules/profile/consent.js';

/** The account rows the sign-in, sign-up and password calls read and write. */

export type User = typeof users.$inferSelect;
type Audit = (entry: AuditEntry) => void;

const USER_NAME_TAKEN = 'This user name is already taken';

export async function findByEmail(db: Db | Tx, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The account a sign-in names: its email, or its user name in any case (name already trimmed and lower case). */
export async function findBySignInName(db: Db, name: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, name), sql`lower(${users.userName}) = ${name}`));
  return user;
}

export async function userById(db: Db, id: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function affiliationOf(db: Db, userId: string) {
  const [affiliation] = await db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, userId));
  return affiliation;
}

async function userNameTaken(tx: Tx, userName: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = ${userName.toLowerCase()}`);
  return !!taken;
}

/**
 * A signed-up account: a first-timer with the firsttimers role, their biodata begun, their
 * consents recorded. A user name someone else holds is left off rather than refused, so that
 * the answer tells a stranger nothing about which names exist; the mail to the address says so
 * (droppedUserName), and its owner signs in by email and picks another name in their profile.
 */
export async function createSignedUp(tx: Tx, audit: Audit, body: z.output<typeof signUpSchema>, passwordHash: string) {
  const droppedUserName = body.userName && (await userNameTaken(tx, body.userName)) ? body.userName : null;
  const { password: _password, consents: choices, ...profile } = body;
  const [user] = await tx
    .insert(users)
    .values({ ...profile, userName: droppedUserName ? null : profile.userName, passwordHash, isFirstTimer: true })
    .returning();
  const [role] = await tx.select().from(roles).where(eq(roles.name, 'firsttimers'));
  if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const { title, firstName, middleName, surName, email, mobile1, gender } = body;
  await tx.insert(biodata).values({ userId: user.id, title, firstName, middleName, surName, email, mobile1, gender });
  audit({ action: 'create', entity: 'user', entityId: user.id, after: user, actorId: user.id });
  if (choices) await recordConsents(tx, user.id, choices);
  return { user, droppedUserName };
}

/** The line a sign-up's mail adds when the user name asked for was someone else's. */
export const userNameDroppedNote = (userName: string) =>
  `The user name "${userName}" belongs to someone else, so your account has none yet: sign in with your email address, and choose another user name in your profile.`;

/**
 * A sign-up that lost the race for a unique index: the same email gets the answer any sign-up
 * gets (null: no mail, the account's owner got one); the same user name, taken by another
 * sign-up in the same instant, a 409 (only the two racing can see it).
 */
export function signUpRaceLost(err: unknown): null {
  if (isUniqueViolation(err, 'users_email_key')) return null;
  if (isUniqueViolation(err, 'users_user_name_key')) throw conflict(USER_NAME_TAKEN);
  throw err;
}

export async function verifyEmail(tx: Tx, audit: Audit, user: User) {
  const [after] = await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  audit({ action: 'validate-email', entity: 'user', entityId: user.id, actorId: user.id, before: user, after });
}

/** A new token version: every token the account holds stops working. */
const nextTokenVersion = () => sql`${users.tokenVersion} + 1`;

/** A reset by mailed code: the code reached the mailbox, so the address is proven as well. */
export async function resetPassword(tx: Tx, audit: Audit, user: User, passwordHash: string) {
  const [after] = await tx
    .update(users)
    .set({ passwordHash, emailVerified: true, tokenVersion: nextTokenVersion(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  audit({ action: 'reset-password', entity: 'user', entityId: user.id, actorId: user.id, before: user, after });
}

/**
 * A right password on an older hash (scrypt, or argon2id at another cost), hashed again at
 * today's cost. Not a change of password: tokens stay valid, and nothing is written when the
 * hash changed meanwhile (a reset or change won).
 */
export async function upgradePasswordHash(db: Db, userId: string, before: string, after: string) {
  await db
    .update(users)
    .set({ passwordHash: after })
    .where(and(eq(users.id, userId), eq(users.passwordHash, before)));
}

export async function changePassword(tx: Tx, audit: Audit, user: User, passwordHash: string) {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: nextTokenVersion(), updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  audit({ action: 'change-password', entity: 'user', entityId: user.id, before: user, after: row });
  return row;
}

/** The person's language, kept on their account (docs/decisions/0226-languages.md). */
export async function setLanguage(tx: Tx, audit: Audit, userId: string, language: LanguageCode) {
  const [before] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
  await tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
  audit({ action: 'update', entity: 'user', entityId: userId, subjectId: userId, before, after: { language } });
}

export async function logOut(tx: Tx, audit: Audit, userId: string) {
  await tx.update(users).set({ tokenVersion: nextTokenVersion() }).where(eq(users.id, userId));
  audit({ action: 'logout', entity: 'user', entityId: userId });
}
