import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { otps } from '@/server/db/schema/index.js';
import { badRequest } from '@/server/http/errors.js';
import type { Services } from '@/server/services.js';

export type OtpPurpose = 'verify' | 'reset';
const TTL_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 5;
export const INVALID_OTP = 'Invalid or expired OTP';

const subjects: Record<OtpPurpose, string> = {
  verify: 'Verify your email address',
  reset: 'Reset your password',
};

function hashOf(services: Services, email: string, purpose: OtpPurpose, code: string) {
  return services.tokens.keyedHash(`${purpose}:${email}:${code}`);
}

/** Issues a fresh 6-digit code (older ones of the same purpose stop working) and returns the mail to send. */
export async function issueOtp(tx: Tx, services: Services, email: string, purpose: OtpPurpose) {
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
 * Consumes the newest live code of that purpose. A wrong guess counts against it; after five
 * the code is spent. Throws 400 'Invalid or expired OTP' on any failure.
 */
export async function consumeOtp(tx: Tx, services: Services, email: string, purpose: OtpPurpose, code: string) {
  const [row] = await tx
    .select()
    .from(otps)
    .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.usedAt)))
    .orderBy(desc(otps.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS) throw badRequest(INVALID_OTP);
  if (row.codeHash !== hashOf(services, email, purpose, code)) {
    await tx.update(otps).set({ attempts: row.attempts + 1 }).where(eq(otps.id, row.id));
    return false;
  }
  await tx.update(otps).set({ usedAt: new Date() }).where(eq(otps.id, row.id));
  return true;
}
