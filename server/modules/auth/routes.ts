import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, or, sql } from 'drizzle-orm';
import {
  changePasswordCompleteSchema,
  changePasswordInsideSchema,
  emailSchema,
  loginSchema,
  requestOtpSchema,
  signUpSchema,
  usernameSchema,
  validateEmailCompleteSchema,
} from '@/domain/auth/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { permissionsOf, roleNamesOf } from '@/server/db/permissionsOf.js';
import { biodata, churchAffiliations, roles, userRoles, users } from '@/server/db/schema/index.js';
import { recordSecurityEvent, type AuditEntry } from '@/server/http/audit.js';
import { ok } from '@/server/http/envelope.js';
import { ApiError, badRequest, conflict, isUniqueViolation } from '@/server/http/errors.js';
import { registerRoutes, route, type RouteContext } from '@/server/http/route.js';
import type { Mail } from '@/server/mail.js';
import { recordConsents } from '@/server/modules/profile/consent.js';
import type { Services } from '@/server/services.js';
import { createAttemptCounter, LOGIN_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './attempts.js';
import { refuseCommonPassword } from './commonPasswords.js';
import { consumeOtp, INVALID_OTP, issueOtp, type OtpPurpose } from './otp.js';
import { hashPassword, verifyPassword } from './passwords.js';

const NOT_ACTIVATED = 'Your profile has not been activated. Please verify your email address.';
const SAME_ANSWER = 'If the address belongs to an account, a code has been sent to it.';
const BAD_LOGIN = 'Invalid username or password';
const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please wait 15 minutes, or reset your password.';
const USER_NAME_TAKEN = 'This user name is already taken';

type User = typeof users.$inferSelect;

async function findByEmail(db: Db | Tx, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Sends mail after the transaction that produced it has committed. */
async function sendAll(services: Services, mails: Array<Mail | null>) {
  for (const mail of mails) if (mail) await services.mailer.send(mail);
}

/** Issues a code to an existing account and records that it did (never the code itself). */
function issueAudited(tx: Tx, services: Services, audit: (entry: AuditEntry) => void, user: User, purpose: OtpPurpose) {
  audit({ action: 'issue-otp', entity: 'user', entityId: user.id, actorId: user.id, after: { purpose } });
  return issueOtp(tx, services, user.email, purpose);
}

/**
 * The code-mailing calls: a code for the purpose the account calls for (none for an unknown
 * address), mailed after commit, and the same answer either way so no call reveals an account.
 */
async function mailCode(ctx: RouteContext<{ email: string }, unknown>, purposeFor: (user: User) => OtpPurpose | null) {
  const { body, services, mutate } = ctx;
  const mail = await mutate(async (tx, audit) => {
    const user = await findByEmail(tx, body.email);
    const purpose = user && purposeFor(user);
    return user && purpose ? issueAudited(tx, services, audit, user, purpose) : null;
  });
  await sendAll(services, [mail]);
  return ok(null, SAME_ANSWER);
}

/**
 * Sign-up with an address that has an account answers as any sign-up does (so nobody learns
 * which addresses have one); the owner is told by mail instead, with a fresh code if the
 * account was never activated. The password typed is not used.
 */
async function alreadyRegisteredMail(tx: Tx, services: Services, audit: (entry: AuditEntry) => void, user: User): Promise<Mail> {
  const app = services.config.appName;
  const code = user.emailVerified ? null : await issueAudited(tx, services, audit, user, 'verify');
  audit({ action: 'sign-up-existing', entity: 'user', entityId: user.id, actorId: null });
  const next = code
    ? `${code.text}\n\nYour existing password stays as it was.`
    : 'Sign in with your password, or use "Forgot password" to set a new one.';
  return {
    to: user.email,
    subject: `${app}: someone tried to register with your address`,
    text: `Someone, perhaps you, tried to register at ${app} with this email address, which already has an account.\n\n${next}\n\nIf it was not you, you can ignore this mail.`,
  };
}

/** A wrong, expired or spent code: the trail keeps the try (never the code), the caller gets 400. */
async function refuseCode(services: Services, request: FastifyRequest, email: string, purpose: OtpPurpose): Promise<never> {
  await recordSecurityEvent(
    services.database.db,
    { action: 'otp-refused', entity: 'user', after: { email, purpose } },
    { actorId: null, ip: request.ip },
  );
  throw badRequest(INVALID_OTP);
}

/** The login answer of API.md: token, permissions, user, churchAffiliation. */
async function loginResult(services: Services, user: User) {
  const db = services.database.db;
  const [perms, roleNames, [affiliation]] = await Promise.all([
    permissionsOf(db, user.id),
    roleNamesOf(db, user.id),
    db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, user.id)),
  ]);
  // The web app reads the permissions from this answer; the server reads them per call, not from the token.
  const token = await services.tokens.sign({ sub: user.id, email: user.email, ver: user.tokenVersion });
  return {
    token,
    permissions: perms.map(({ accessRight, moduleName }) => ({ accessRight, moduleName })),
    user: {
      id: user.id,
      email: user.email,
      userName: user.userName,
      title: user.title,
      firstName: user.firstName,
      middleName: user.middleName,
      surName: user.surName,
      fullName: [user.firstName, user.middleName, user.surName].filter(Boolean).join(' '),
      gender: user.gender,
      mobile1: user.mobile1,
      isFirstTimer: user.isFirstTimer,
      roles: roleNames,
      cihRole: affiliation?.cihRole ?? null,
    },
    churchAffiliation: {
      cihRole: affiliation?.cihRole ?? null,
      affinityGroup: affiliation?.affinityGroup ?? [],
      zoneId: affiliation?.zoneId ?? null,
      centerId: affiliation?.centerId ?? null,
    },
  };
}

export async function authModule(app: FastifyInstance) {
  const tag = 'Auth';
  let dummyHash: Promise<string> | undefined;
  const loginFailures = createAttemptCounter(LOGIN_WINDOW_MS);
  registerRoutes(app, [
    // Under /UserManagement/ in API.md, but API.md lists it with Auth's public calls: it creates the account.
    route({
      method: 'POST',
      url: '/UserManagement/SignUpUser',
      tag,
      summary: 'Register: a new account is a first-timer, inactive until its email is validated',
      access: { public: true },
      rateLimited: true,
      body: signUpSchema,
      async handler({ body, services, mutate }) {
        refuseCommonPassword(body.password, 'password');
        const passwordHash = await hashPassword(body.password, services.config.scryptLog2N);
        const mail = await mutate(async (tx, audit) => {
          const existing = await findByEmail(tx, body.email);
          if (existing) return alreadyRegisteredMail(tx, services, audit, existing);
          if (body.userName) {
            const [taken] = await tx
              .select({ id: users.id })
              .from(users)
              .where(sql`lower(${users.userName}) = ${body.userName.toLowerCase()}`);
            if (taken) throw conflict(USER_NAME_TAKEN);
          }
          const { password: _password, consents: choices, ...profile } = body;
          const [user] = await tx
            .insert(users)
            .values({ ...profile, passwordHash, isFirstTimer: true })
            .returning();
          const [role] = await tx.select().from(roles).where(eq(roles.name, 'firsttimers'));
          if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
          await tx.insert(biodata).values({
            userId: user.id,
            title: body.title,
            firstName: body.firstName,
            middleName: body.middleName,
            surName: body.surName,
            email: body.email,
            mobile1: body.mobile1,
            gender: body.gender,
          });
          audit({ action: 'create', entity: 'user', entityId: user.id, after: user, actorId: user.id });
          if (choices) await recordConsents(tx, user.id, choices);
          return issueOtp(tx, services, user.email, 'verify');
        }).catch((err) => {
          // A concurrent sign-up with the same email won the race for the unique index: it is told
          // nothing more than any sign-up, and the account's owner got the mail.
          if (isUniqueViolation(err, 'users_email_key')) return null;
          if (isUniqueViolation(err, 'users_user_name_key')) throw conflict(USER_NAME_TAKEN);
          throw err;
        });
        await sendAll(services, [mail]);
        return ok({ email: body.email }, 'Registration successful. Enter the code sent to your email to activate your profile.');
      },
    }),
    route({
      method: 'POST',
      url: '/Auth/ValidateEmailInitiate',
      tag,
      summary: 'Mail a code that validates the email of an inactive profile',
      access: { public: true },
      rateLimited: true,
      body: emailSchema,
      handler: (ctx) => mailCode(ctx, (user) => (user.emailVerified ? null : 'verify')),
    }),
    route({
      method: 'POST',
      url: '/Auth/ValidateEmailComplete',
      tag,
      summary: 'Activate a profile with the code mailed to it',
      access: { public: true },
      rateLimited: true,
      body: validateEmailCompleteSchema,
      async handler({ body, services, mutate, request }) {
        const valid = await mutate(async (tx, audit) => {
          const user = await findByEmail(tx, body.email);
          if (!user || !(await consumeOtp(tx, services, body.email, 'verify', body.otp))) return false;
          const [after] = await tx
            .update(users)
            .set({ emailVerified: true, updatedAt: new Date() })
            .where(eq(users.id, user.id))
            .returning();
          audit({ action: 'validate-email', entity: 'user', entityId: user.id, actorId: user.id, before: user, after });
          return true;
        });
        if (!valid) await refuseCode(services, request, body.email, 'verify');
        return ok(null, 'Your profile has been activated. You can now log in.');
      },
    }),
    route({
      method: 'POST',
      url: '/Auth/RequestOtp',
      tag,
      summary: 'Mail a fresh code for email validation or password reset',
      access: { public: true },
      rateLimited: true,
      body: requestOtpSchema,
      handler: (ctx) => mailCode(ctx, (user) => (ctx.body.purpose === 'verify' && user.emailVerified ? null : ctx.body.purpose)),
    }),
    route({
      method: 'POST',
      url: '/Auth/Login',
      tag,
      summary: 'Sign in with email or user name and password',
      access: { public: true },
      rateLimited: true,
      body: loginSchema,
      async handler({ body, services, mutate, request }) {
        const name = body.username.trim().toLowerCase();
        const keys = [`account:${name}`, `address:${request.ip}`];
        if (loginFailures.count(keys[0]) >= MAX_FAILURES_PER_ACCOUNT || loginFailures.count(keys[1]) >= MAX_FAILURES_PER_ADDRESS) {
          await recordSecurityEvent(
            services.database.db,
            { action: 'rate-limited', entity: 'user', after: { username: name } },
            { actorId: null, ip: request.ip },
          );
          throw new ApiError(429, TOO_MANY_FAILURES);
        }
        const [user] = await services.database.db
          .select()
          .from(users)
          .where(or(eq(users.email, name), sql`lower(${users.userName}) = ${name}`));
        // An unknown name, or an account with no password yet, costs the same scrypt work as a known
        // one, so timing does not tell them apart.
        dummyHash ??= hashPassword(randomBytes(16).toString('hex'), services.config.scryptLog2N);
        const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
        if (!user || !user.passwordHash || !valid) {
          keys.forEach(loginFailures.fail);
          await recordSecurityEvent(
            services.database.db,
            { action: 'login-failed', entity: 'user', entityId: user?.id ?? null, after: { username: name } },
            { actorId: null, ip: request.ip },
          );
          throw badRequest(BAD_LOGIN);
        }
        if (!user.emailVerified) throw new ApiError(403, NOT_ACTIVATED);
        if (user.disabled) throw new ApiError(403, 'Your account has been disabled. Please contact an administrator.');
        loginFailures.clear(keys[0]);
        await mutate(async (_tx, audit) => audit({ action: 'login', entity: 'user', entityId: user.id, actorId: user.id }));
        return ok(await loginResult(services, user), 'Login successful');
      },
    }),
    route({
      method: 'POST',
      url: '/Auth/GetUserLoginMethod',
      tag,
      summary: 'How an account signs in (always password; the answer does not reveal whether it exists)',
      access: { public: true },
      rateLimited: true,
      body: usernameSchema,
      async handler() {
        return ok({ loginMethod: 'password' });
      },
    }),
    route({
      method: 'POST',
      url: '/Auth/ChangePasswordInitiate',
      tag,
      summary: 'Start a password reset: mail a code (same answer whether or not the email exists)',
      access: { public: true },
      rateLimited: true,
      body: emailSchema,
      handler: (ctx) => mailCode(ctx, () => 'reset'),
    }),
    route({
      method: 'POST',
      url: '/Auth/ChangePasswordComplete',
      tag,
      summary: 'Finish a password reset with the mailed code; every existing token is revoked',
      access: { public: true },
      rateLimited: true,
      body: changePasswordCompleteSchema,
      async handler({ body, services, mutate, request }) {
        refuseCommonPassword(body.newPassword, 'newPassword');
        const passwordHash = await hashPassword(body.newPassword, services.config.scryptLog2N);
        const valid = await mutate(async (tx, audit) => {
          const user = await findByEmail(tx, body.email);
          if (!user || !(await consumeOtp(tx, services, body.email, 'reset', body.otp))) return false;
          // The code reached the mailbox, so the address is proven as well.
          const [after] = await tx
            .update(users)
            .set({ passwordHash, emailVerified: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
            .where(eq(users.id, user.id))
            .returning();
          audit({ action: 'reset-password', entity: 'user', entityId: user.id, actorId: user.id, before: user, after });
          return true;
        });
        if (!valid) await refuseCode(services, request, body.email, 'reset');
        return ok(null, 'Your password has been changed. You can now log in.');
      },
    }),
    route({
      method: 'POST',
      url: '/Auth/ChangePasswordCompleteInside',
      tag,
      summary: 'Change the signed-in user password; other tokens are revoked and a fresh one is returned',
      access: { signedIn: true },
      rateLimited: true,
      body: changePasswordInsideSchema,
      async handler({ body, caller, services, mutate }) {
        const [user] = await services.database.db.select().from(users).where(eq(users.id, caller!.id));
        if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
          throw badRequest('The current password is not correct', { currentPassword: ['The current password is not correct'] });
        }
        refuseCommonPassword(body.newPassword, 'newPassword');
        const passwordHash = await hashPassword(body.newPassword, services.config.scryptLog2N);
        const updated = await mutate(async (tx, audit) => {
          const [row] = await tx
            .update(users)
            .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
            .where(eq(users.id, user.id))
            .returning();
          audit({ action: 'change-password', entity: 'user', entityId: user.id, before: user, after: row });
          return row;
        });
        const { token } = await loginResult(services, updated);
        return ok({ token }, 'Password changed');
      },
    }),
    route({
      method: 'POST',
      url: '/Auth/Logout',
      tag,
      summary: 'Sign out: revokes every token of the caller',
      access: { signedIn: true },
      async handler({ caller, mutate }) {
        await mutate(async (tx, audit) => {
          await tx
            .update(users)
            .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
            .where(eq(users.id, caller!.id));
          audit({ action: 'logout', entity: 'user', entityId: caller!.id });
        });
        return ok(null, 'Logged out');
      },
    }),
  ]);
}
