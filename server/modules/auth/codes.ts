import type { FastifyRequest } from 'fastify';
import { isLanguageCode, type LanguageCode } from '@/domain/common/languages.js';
import type { Tx } from '@/server/db/client.js';
import { recordSecurityEvent, type AuditEntry } from '@/server/http/audit.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest } from '@/server/http/errors.js';
import type { RouteContext } from '@/server/http/route.js';
import type { Mail } from '@/server/mail.js';
import type { Services } from '@/server/services.js';
import { findByEmail, type User } from './accounts.js';
import { createAttemptCounter, type AttemptStore } from './attempts.js';
import { checkOtp, INVALID_OTP, issueOtp, type OtpPurpose } from './otp.js';

/** The mailed codes of sign-up, email validation and password reset, as the calls send and refuse them. */

const SAME_ANSWER = 'If the address belongs to an account, a code has been sent to it.';

const HOUR_MS = 3600_000;
/** Codes one address may have mailed to one account for one purpose in an hour; past that, the live code stays. */
const MAX_CODES_PER_ADDRESS = 5;
/** Wrong codes one address may try at one account and purpose in an hour; past that, its tries are not checked. */
const MAX_WRONG_PER_ADDRESS = 10;

/**
 * What each address may do with the mailed codes of each account, per app (0198): a stranger
 * who asks again and again stops getting fresh codes sent (so they cannot keep cancelling the
 * owner's), and one who guesses wrong again and again is refused, while the owner, from their
 * own address, still asks for a code and uses it. Kept in the store, as the sign-in counts are.
 */
export function createCodeLimits(store: AttemptStore) {
  const asked = createAttemptCounter(store, 'codes-asked', HOUR_MS);
  const wrong = createAttemptCounter(store, 'codes-wrong', HOUR_MS);
  const key = (ip: string, email: string, purpose: OtpPurpose) => `${ip}|${purpose}|${email}`;
  return {
    /** Counts a request for a code; false once this address has asked for its share this hour. */
    async ask(tx: Tx, ip: string, email: string, purpose: OtpPurpose): Promise<boolean> {
      const k = key(ip, email, purpose);
      if ((await asked.in(tx).times(k))[k].length >= MAX_CODES_PER_ADDRESS) return false;
      await asked.in(tx).record(k);
      return true;
    },
    /**
     * Checks (and with `consume`, spends) a code tried from this address: true when right. A
     * wrong one counts against the code and the address; an address past its wrong tries is
     * refused without the code being looked at, so it cannot spend the owner's code either.
     */
    async guess(tx: Tx, services: Services, ip: string, email: string, purpose: OtpPurpose, code: string, consume: boolean) {
      const k = key(ip, email, purpose);
      if ((await wrong.in(tx).times(k))[k].length >= MAX_WRONG_PER_ADDRESS) return false;
      const outcome = await checkOtp(tx, services, email, purpose, code, consume);
      if (outcome === 'wrong') await wrong.in(tx).record(k);
      return outcome === 'right';
    },
  };
}
export type CodeLimits = ReturnType<typeof createCodeLimits>;

/** Sends mail after the transaction that produced it has committed. */
export async function sendAll(services: Services, mails: Array<Mail | null>) {
  for (const mail of mails) if (mail) await services.mailer.send(mail);
}

/**
 * Issues a code to an existing account and records that it did (never the code itself); none
 * when this address has asked for its share of codes for the account.
 */
async function issueAudited(
  tx: Tx,
  services: Services,
  audit: (entry: AuditEntry) => void,
  user: User,
  purpose: OtpPurpose,
  from: { ip: string; limits: CodeLimits },
) {
  if (!(await from.limits.ask(tx, from.ip, user.email, purpose))) return null;
  audit({ action: 'issue-otp', entity: 'user', entityId: user.id, actorId: user.id, after: { purpose } });
  return issueOtp(tx, services, user.email, purpose, user.language);
}

/**
 * The code-mailing calls: a code for the purpose the account calls for (none for an unknown
 * address), mailed after commit, and the same answer either way so no call reveals an account.
 */
export async function mailCode(
  ctx: RouteContext<{ email: string }, unknown>,
  limits: CodeLimits,
  purposeFor: (user: User) => OtpPurpose | null,
) {
  const { body, services, mutate, request } = ctx;
  const mail = await mutate(async (tx, audit) => {
    const user = await findByEmail(tx, body.email);
    const purpose = user && purposeFor(user);
    return user && purpose ? issueAudited(tx, services, audit, user, purpose, { ip: request.ip, limits }) : null;
  });
  await sendAll(services, [mail]);
  return ok(null, SAME_ANSWER);
}

/**
 * Sign-up with an address that has an account answers as any sign-up does (so nobody learns
 * which addresses have one); the owner is told by mail instead, with a fresh code if the
 * account was never activated. The password typed is not used.
 */
export async function alreadyRegisteredMail(
  tx: Tx,
  services: Services,
  audit: (entry: AuditEntry) => void,
  user: User,
  from: { ip: string; limits: CodeLimits },
): Promise<Mail> {
  const app = services.config.appName;
  const code = user.emailVerified ? null : await issueAudited(tx, services, audit, user, 'verify', from);
  audit({ action: 'sign-up-existing', entity: 'user', entityId: user.id, actorId: null });
  const words = ALREADY_REGISTERED[isLanguageCode(user.language) ? user.language : 'en'];
  return {
    to: user.email,
    subject: `${app}: ${words.subject}`,
    text: `${words.intro(app)}\n\n${code ? `${code.text}\n\n${words.password_kept}` : words.sign_in}\n\n${words.ignore}`,
  };
}

/** The mail to an address that signs up again, in its owner's language (docs/decisions/0226-languages.md). */
const ALREADY_REGISTERED: Record<
  LanguageCode,
  Record<'subject' | 'password_kept' | 'sign_in' | 'ignore', string> & { intro: (app: string) => string }
> = {
  en: {
    subject: 'someone tried to register with your address',
    intro: (app) => `Someone, perhaps you, tried to register at ${app} with this email address, which already has an account.`,
    password_kept: 'Your existing password stays as it was.',
    sign_in: 'Sign in with your password, or use "Forgot password" to set a new one.',
    ignore: 'If it was not you, you can ignore this mail.',
  },
  fr: {
    subject: 'quelqu’un a tenté de s’inscrire avec votre adresse',
    intro: (app) => `Quelqu’un, peut-être vous, a tenté de s’inscrire sur ${app} avec cette adresse e-mail, qui a déjà un compte.`,
    password_kept: 'Votre mot de passe actuel reste inchangé.',
    sign_in: 'Connectez-vous avec votre mot de passe, ou utilisez « Mot de passe oublié ? » pour en choisir un nouveau.',
    ignore: 'Si ce n’était pas vous, vous pouvez ignorer ce message.',
  },
};

/** A wrong, expired or spent code: the trail keeps the try (never the code), the caller gets 400. */
export async function refuseCode(services: Services, request: FastifyRequest, email: string, purpose: OtpPurpose): Promise<never> {
  await recordSecurityEvent(
    services.database.db,
    { action: 'otp-refused', entity: 'user', after: { email, purpose } },
    { actorId: null, ip: request.ip },
  );
  throw badRequest(INVALID_OTP);
}
