import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { otps } from '@/server/db/schema/index.js';
import type { Services } from '@/server/services.js';

export type OtpPurpose = 'verify' | 'reset';
const TTL_MS = 10 * 60 * 1000;
/** Wrong guesses allowed per account and purpose in an hour, whichever code they were aimed at. */
const MAX_GUESSES_PER_HOUR = 5;
/** Codes issued per account and purpose in an hour: past that a stranger cannot cancel the live one by asking again. */
const MAX_CODES_PER_HOUR = 5;
const HOUR_MS = 3600_000;
export const INVALID_OTP = 'Invalid or expired OTP';

const subjects: Record<OtpPurpose, string> = {
  verify: 'Verify your email address',
  reset: 'Reset your password',
};

function hashOf(services: Services, email: string, purpose: OtpPurpose, code: string) {
  return services.tokens.keyedHash(`${purpose}:${email}:${code}`);
}

/** The codes of an account and purpose issued in the last hour, and the wrong guesses made at them. */
async function lastHour(tx: Tx, email: string, purpose: OtpPurpose) {
  const [row] = await tx
    .select({ codes: sql<number>`count(*)::int`, guesses: sql<number>`coalesce(sum(${otps.attempts}), 0)::int` })
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose), gt(otps.createdAt, new Date(Date.now() - HOUR_MS))));
  return row;
}

/**
 * Issues a fresh 6-digit code (older ones of the same purpose stop working) and returns the mail
 * to send; null when this hour's codes are spent, so the live code stays valid.
 */
export async function issueOtp(tx: Tx, services: Services, email: string, purpose: OtpPurpose) {
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
  const action = purpose === 'verify' ? 'verify your email address' : 'reset your password';
  return {
    to: email,
    subject: `${app}: ${subjects[purpose]}`,
    text: `Your ${app} code to ${action} is ${code}. It expires in 10 minutes and works once. If you did not ask for it, ignore this mail.`,
  };
}

/**
 * Consumes the newest live code of that purpose. A wrong guess counts against the account: after
 * five in an hour no code works until the hour has passed. False on any failure.
 */
export async function consumeOtp(tx: Tx, services: Services, email: string, purpose: OtpPurpose, code: string) {
  const [row] = await tx
    .select()
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.usedAt)))
    .orderBy(desc(otps.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt.getTime() < Date.now()) return false;
  if ((await lastHour(tx, email, purpose)).guesses >= MAX_GUESSES_PER_HOUR) return false;
  if (row.codeHash !== hashOf(services, email, purpose, code)) {
    await tx
      .update(otps)
      .set({ attempts: row.attempts + 1 })
      .where(eq(otps.id, row.id));
    return false;
  }
  await tx.update(otps).set({ usedAt: new Date() }).where(eq(otps.id, row.id));
  return true;
}
