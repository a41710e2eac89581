import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { roles, userRoles, users } from '@/server/db/schema/index.js';
import type { TestServer } from './server.js';

export const USER_PASSWORD = 'User-pass-1';

let counter = 0;

/** An address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${++counter}-${randomUUID().slice(0, 8)}@example.org`;
}

/** A valid SignUpUser body; fields may be overridden. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    surName: 'Obi',
    email: uniqueEmail(),
    mobile1: '08012345678',
    password: USER_PASSWORD,
    ...overrides,
  };
}

/** Registers through SignUpUser and returns the new account (inactive until verified). */
export async function signUp(s: TestServer, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await s.call('POST', '/UserManagement/SignUpUser', { body });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const email = String(body.email).trim().toLowerCase();
  const [user] = await s.database.db.select().from(users).where(eq(users.email, email));
  return { id: user.id, email, password: String(body.password) };
}

/** Validates the account's email with the code from its newest mail. */
export async function verifyEmail(s: TestServer, email: string) {
  const mail = await s.lastMail(email);
  if (!mail?.otp) throw new Error(`no code mailed to ${email}`);
  const res = await s.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp: mail.otp } });
  if (res.status !== 200) throw new Error(`email validation failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Makes the user hold exactly the one platform role named (a member is no longer a first-timer). */
export async function setRole(s: TestServer, userId: string, roleName: string) {
  const db = s.database.db;
  const [role] = await db.select().from(roles).where(eq(roles.name, roleName));
  if (!role) throw new Error(`no role ${roleName}`);
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.insert(userRoles).values({ userId, roleId: role.id });
  await db
    .update(users)
    .set({ isFirstTimer: roleName === 'firsttimers' })
    .where(eq(users.id, userId));
}

/**
 * A signed-up, verified account holding one platform role (default: member), signed in.
 * Goes through the real SignUpUser and ValidateEmailComplete calls.
 */
export async function createUser(s: TestServer, opts: { role?: string; overrides?: Record<string, unknown> } = {}) {
  const user = await signUp(s, opts.overrides);
  await verifyEmail(s, user.email);
  const role = opts.role ?? 'member';
  if (role !== 'firsttimers') await setRole(s, user.id, role);
  const token = await s.login(user.email, user.password);
  return { ...user, role, token };
}
