import type { FastifyInstance } from 'fastify';
import { authCalls } from '@/domain/auth/calls.js';
import { ok } from '@/server/http/envelope.js';
import { ApiError, badRequest } from '@/server/http/errors.js';
import { registerRoutes, route } from '@/server/http/route.js';
import {
  changePassword,
  createSignedUp,
  findByEmail,
  logOut,
  resetPassword,
  setLanguage,
  signUpRaceLost,
  userById,
  userNameDroppedNote,
  verifyEmail,
} from './accounts.js';
import { alreadyRegisteredMail, createCodeLimits, mailCode, refuseCode, sendAll } from './codes.js';
import { refuseCommonPassword } from './commonPasswords.js';
import { createPasswordCheck, loginResult } from './login.js';
import { issueOtp } from './otp.js';
import { hashPassword, verifyPassword } from './passwords.js';

const NOT_ACTIVATED = 'Your profile has not been activated. Please verify your email address.';
const DISABLED = 'Your account has been disabled. Please contact an administrator.';

export async function authModule(app: FastifyInstance) {
  const tag = 'Auth';
  const passwords = createPasswordCheck(app.services.attempts);
  const codes = createCodeLimits(app.services.attempts);
  registerRoutes(app, [
    // Under /UserManagement/, but one of Auth's public calls: it creates the account.
    route({
      call: authCalls.signUpUser,
      tag,
      summary: 'Register: a new account is a first-timer, inactive until its email is validated',
      access: { public: true },
      rateLimited: true,
      async handler({ body, services, mutate, request }) {
        refuseCommonPassword(body.password, 'password');
        const passwordHash = await services.hashGate.run(request.ip, await passwords.priorityOf(request.ip), () =>
          hashPassword(body.password, services.config.passwordCost),
        );
        const mail = await mutate(async (tx, audit) => {
          const existing = await findByEmail(tx, body.email);
          if (existing) return alreadyRegisteredMail(tx, services, audit, existing, { ip: request.ip, limits: codes });
          const { user, droppedUserName } = await createSignedUp(tx, audit, body, passwordHash);
          const mail = await issueOtp(tx, services, user.email, 'verify', user.language);
          return mail && droppedUserName ? { ...mail, text: `${mail.text}\n\n${userNameDroppedNote(droppedUserName)}` } : mail;
        }).catch(signUpRaceLost);
        await sendAll(services, [mail]);
        return ok({ email: body.email }, 'Registration successful. Enter the code sent to your email to activate your profile.');
      },
    }),
    route({
      call: authCalls.validateEmailInitiate,
      tag,
      summary: 'Mail a code that validates the email of an inactive profile',
      access: { public: true },
      rateLimited: true,
      handler: (ctx) => mailCode(ctx, codes, (user) => (user.emailVerified ? null : 'verify')),
    }),
    route({
      call: authCalls.validateEmailComplete,
      tag,
      summary: 'Activate a profile with the code mailed to it',
      access: { public: true },
      rateLimited: true,
      async handler({ body, services, mutate, request }) {
        const valid = await mutate(async (tx, audit) => {
          const user = await findByEmail(tx, body.email);
          if (!user || !(await codes.guess(tx, services, request.ip, body.email, 'verify', body.otp, true))) return false;
          await verifyEmail(tx, audit, user);
          return true;
        });
        if (!valid) await refuseCode(services, request, body.email, 'verify');
        return ok(null, 'Your profile has been activated. You can now log in.');
      },
    }),
    route({
      call: authCalls.requestOtp,
      tag,
      summary: 'Mail a fresh code for email validation or password reset',
      access: { public: true },
      rateLimited: true,
      handler: (ctx) => mailCode(ctx, codes, (user) => (ctx.body.purpose === 'verify' && user.emailVerified ? null : ctx.body.purpose)),
    }),
    route({
      call: authCalls.login,
      tag,
      summary: 'Sign in with email or user name and password',
      access: { public: true },
      rateLimited: true,
      async handler({ body, services, mutate, request }) {
        const user = await passwords.holder(services, request.ip, body.username, body.password);
        if (!user.emailVerified) throw new ApiError(403, NOT_ACTIVATED);
        if (user.disabled) throw new ApiError(403, DISABLED);
        await passwords.succeeded(request.ip, user.id, body.username);
        await mutate(async (_tx, audit) => audit({ action: 'login', entity: 'user', entityId: user.id, actorId: user.id }));
        return ok(await loginResult(services, user), 'Login successful');
      },
    }),
    route({
      call: authCalls.getUserLoginMethod,
      tag,
      summary: 'How an account signs in (always password; the answer does not reveal whether it exists)',
      access: { public: true },
      rateLimited: true,
      async handler() {
        return ok({ loginMethod: 'password' });
      },
    }),
    route({
      call: authCalls.changePasswordInitiate,
      tag,
      summary: 'Start a password reset: mail a code (same answer whether or not the email exists)',
      access: { public: true },
      rateLimited: true,
      handler: (ctx) => mailCode(ctx, codes, () => 'reset'),
    }),
    route({
      call: authCalls.changePasswordComplete,
      tag,
      summary: 'Finish a password reset with the mailed code; every existing token is revoked',
      access: { public: true },
      rateLimited: true,
      async handler({ body, services, mutate, request }) {
        refuseCommonPassword(body.newPassword, 'newPassword');
        const { ip } = request;
        // The code is checked before the new password is hashed, so wrong codes cost no hash.
        const owner = await mutate(async (tx) => {
          const user = await findByEmail(tx, body.email);
          return user && (await codes.guess(tx, services, ip, body.email, 'reset', body.otp, false)) ? user : null;
        });
        if (!owner) return refuseCode(services, request, body.email, 'reset');
        const passwordHash = await services.hashGate.run(ip, await passwords.priorityOf(ip, owner.id), () =>
          hashPassword(body.newPassword, services.config.passwordCost),
        );
        const valid = await mutate(async (tx, audit) => {
          const user = await findByEmail(tx, body.email);
          if (!user || !(await codes.guess(tx, services, ip, body.email, 'reset', body.otp, true))) return false;
          await resetPassword(tx, audit, user, passwordHash);
          return true;
        });
        if (!valid) await refuseCode(services, request, body.email, 'reset');
        // The code reached the owner's mailbox: this address is theirs, as after a sign-in.
        await passwords.succeeded(ip, owner.id);
        return ok(null, 'Your password has been changed. You can now log in.');
      },
    }),
    route({
      call: authCalls.changePasswordCompleteInside,
      tag,
      summary: 'Change the signed-in user password; other tokens are revoked and a fresh one is returned',
      access: { signedIn: true },
      rateLimited: true,
      async handler({ body, caller, services, mutate, request }) {
        const user = await userById(services.database.db, caller!.id);
        const priority = await passwords.priorityOf(request.ip, user.id);
        if (!(await services.hashGate.run(request.ip, priority, () => verifyPassword(body.currentPassword, user.passwordHash)))) {
          throw badRequest('The current password is not correct', { currentPassword: ['The current password is not correct'] });
        }
        refuseCommonPassword(body.newPassword, 'newPassword');
        const passwordHash = await services.hashGate.run(request.ip, priority, () =>
          hashPassword(body.newPassword, services.config.passwordCost),
        );
        const updated = await mutate((tx, audit) => changePassword(tx, audit, user, passwordHash));
        const { token } = await loginResult(services, updated);
        return ok({ token }, 'Password changed');
      },
    }),
    route({
      call: authCalls.logout,
      tag,
      summary: 'Sign out: revokes every token of the caller',
      access: { signedIn: true },
      async handler({ caller, mutate }) {
        await mutate((tx, audit) => logOut(tx, audit, caller!.id));
        return ok(null, 'Logged out');
      },
    }),
    route({
      call: authCalls.updateLanguage,
      tag,
      summary: "Set the signed-in person's language: their screens, and what is sent or made for them",
      access: { signedIn: true },
      async handler({ body, caller, mutate }) {
        await mutate((tx, audit) => setLanguage(tx, audit, caller!.id, body.language));
        return ok({ language: body.language }, 'Language saved');
      },
    }),
  ]);
}
