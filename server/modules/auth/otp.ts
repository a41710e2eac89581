import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { isLanguageCode, type LanguageCode } from '@/domain/common/languages.js';
import type { Tx } from '@/server/db/client.js';
import { otps } from '@/server/db/schema/index.js';
import type { Services } from '@/server/services.js';

export type OtpPurpose = 'verify' | 'reset';
const TTL_MS = 10 * 60 * 1000;
/** Wrong guesses one code takes: then it is dead, and its owner asks for a fresh one (0198). */
const MAX_GUESSES_PER_CODE = 5;
/** Codes issued per account and purpose in an hour, from all addresses together: the mail a stranger can cause. */
const MAX_CODES_PER_HOUR = 20;
const HOUR_MS = 3600_000;
export const INVALID_OTP = 'Invalid or expired OTP';

/**
 * The code mail in each language Flock speaks, framed in the recipient's (docs/decisions/0226-languages.md);
 * the type asks for every language of the list.
 */
const CODE_MAILS: Record<
  LanguageCode,
  { subject: Record<OtpPurpose, string>; text: (app: string, purpose: OtpPurpose, code: string) => string }
> = {
  en: {
    subject: { verify: 'Verify your email address', reset: 'Reset your password' },
    text: (app, purpose, code) =>
      `Your ${app} code to ${purpose === 'verify' ? 'verify your email address' : 'reset your password'} is ${code}. It expires in 10 minutes and works once. If you did not ask for it, ignore this mail.`,
  },
  fr: {
    subject: { verify: 'Vérifiez votre adresse e-mail', reset: 'Réinitialisez votre mot de passe' },
    text: (app, purpose, code) =>
      `Votre code ${app} pour ${purpose === 'verify' ? 'vérifier votre adresse e-mail' : 'réinitialiser votre mot de passe'} est ${code}. Il est valable 10 minutes, une seule fois. Si vous ne l’avez pas demandé, ignorez ce message.`,
  },
};

function hashOf(services: Services, email: string, purpose: OtpPurpose, code: string) {
  return services.tokens.keyedHash(`${purpose}:${email}:${code}`);
}

/** The codes of an account and purpose issued in the last hour. */
async function lastHour(tx: Tx, email: string, purpose: OtpPurpose) {
  const [row] = await tx
    .select({ codes: sql<number>`count(*)::int` })
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose), gt(otps.createdAt, new Date(Date.now() - HOUR_MS))));
  return row;
}

/**
 * Issues a fresh 6-digit code (older ones of the same purpose stop working) and returns the mail
 * to send; null when this hour's codes are spent, so the live code stays valid. How many one
 * address may ask for is codes.ts's (createCodeLimits).
 */
export async function issueOtp(tx: Tx, services: Services, email: string, purpose: OtpPurpose, language = 'en') {
  if ((await lastHour(tx, email, purpose)).codes >= MAX_CODES_PER_HOUR) return null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx
    .update(otps)
    .set({ usedAt: new Date() })
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.usedAt)));
  await tx.insert(otps).values({
    email,
    purpose,
    codeHash: hashOf(services, email, purpose, code),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  const app = services.config.appName;
  const words = CODE_MAILS[isLanguageCode(language) ? language : 'en'];
  return { to: email, subject: `${app}: ${words.subject[purpose]}`, text: words.text(app, purpose, code) };
}

/**
 * Checks a code against the newest live code of that purpose, and spends it when `consume` is
 * set. A wrong guess counts against that code only: after five it is dead, and a fresh one
 * (asked for again) works. 'right', 'wrong' (a guess that missed) or 'none' (no live code).
 */
export async function checkOtp(
  tx: Tx,
  services: Services,
  email: string,
  purpose: OtpPurpose,
  code: string,
  consume: boolean,
): Promise<'right' | 'wrong' | 'none'> {
  const [row] = await tx
    .select()
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.usedAt)))
    .orderBy(desc(otps.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_GUESSES_PER_CODE) return 'none';
  if (row.codeHash !== hashOf(services, email, purpose, code)) {
    await tx
      .update(otps)
      .set({ attempts: row.attempts + 1 })
      .where(eq(otps.id, row.id));
    return 'wrong';
  }
  if (consume) await tx.update(otps).set({ usedAt: new Date() }).where(eq(otps.id, row.id));
  return 'right';
}
