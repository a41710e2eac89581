import { z } from 'zod';
import { defineCall, responseType } from '@/domain/common/calls.js';
import { idField } from '@/domain/common/fields.js';
import { ONE_GIVER, type Contribution, type GivingMethod } from './schemas.js';

/**
 * Online giving (docs/decisions/0233-paystack-webhook.md): gifts a payment provider's signed
 * notice records, the office matching those whose giver Flock could not tell, and the review of
 * refunds and corrections waiting for a second person.
 */

/** The one Paystack event that is a gift received; every other event is answered and ignored. */
export const PAYSTACK_GIFT_EVENT = 'charge.success';

/** What the provider said of the payer, kept while the gift waits for the office to match it. */
export type Payer = { name: string | null; email: string | null; phone: string | null };

/** An online gift Flock could not match to a person: the office matches it (MatchContribution). */
export type UnmatchedContribution = Contribution & { provider: string | null; payer: Payer | null; recordedAt: string };

/** A refund or correction waiting for approval, with whoever recorded it (who may not approve it). */
export type PendingCorrection = Contribution & { recordedBy: string | null };

const MATCH_WHOM = 'Match the gift to a person or to a family';

/** An unmatched gift's giver: a person, or a family that gave in its name (docs/decisions/0244); one of the two. */
export const matchSchema = z
  .object({ id: idField('Contribution'), giverId: idField('Giver').nullish(), householdId: idField('Family').nullish() })
  .superRefine((m, ctx) => {
    if (m.giverId && m.householdId) ctx.addIssue({ code: 'custom', message: ONE_GIVER, path: ['householdId'] });
    if (!m.giverId && !m.householdId) ctx.addIssue({ code: 'custom', message: MATCH_WHOM, path: ['giverId'] });
  });

/** Text the provider may send as a string, null or not at all: anything else counts as none. */
const looseText = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null));

/**
 * The fields of a Paystack charge.success notice Flock reads. The amount is the currency's
 * smallest unit (kobo for NGN) as a whole number above zero; a float or text amount is refused.
 */
export const paystackChargeSchema = z.object({
  reference: z.string({ error: 'data.reference is required' }).trim().min(1, 'data.reference is required').max(100),
  amount: z
    .number({ error: 'data.amount must be a whole number of kobo' })
    .int('data.amount must be a whole number of kobo')
    .positive('data.amount must be more than zero')
    .max(Number.MAX_SAFE_INTEGER, 'data.amount is too large'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'data.currency must be a three-letter code')
    .nullish()
    .transform((c) => c ?? 'NGN'),
  channel: looseText(40),
  paid_at: looseText(40),
  customer: z
    .object({ email: looseText(200), phone: looseText(40), first_name: looseText(100), last_name: looseText(100) })
    .nullish()
    .catch(null),
  metadata: z.unknown().optional(),
});
export type PaystackCharge = z.infer<typeof paystackChargeSchema>;

/** A card (or a wallet paying by card) is a card gift; a bank, transfer, USSD or QR payment is a transfer. */
export const methodOfChannel = (channel: string | null): GivingMethod =>
  channel && ['card', 'apple_pay'].includes(channel.toLowerCase()) ? 'card' : 'transfer';

/**
 * The fund the giver chose on the giving page (metadata.fund: a name or an id), when given.
 * Paystack sends metadata as an object, as JSON text, or as 0 or '' when there is none.
 */
export function fundHintOf(metadata: unknown): string | null {
  let value = metadata;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const fund = (value as Record<string, unknown>).fund;
  if (typeof fund === 'string' && fund.trim()) return fund.trim().slice(0, 100);
  return null;
}

/** The payer as the notice names them: what the office matches on. */
export function payerOf(charge: PaystackCharge): Payer {
  const c = charge.customer;
  const name = [c?.first_name, c?.last_name].filter(Boolean).join(' ') || null;
  return { name, email: c?.email?.toLowerCase() ?? null, phone: c?.phone ?? null };
}

export const onlineGivingCalls = {
  /** Paystack's notices; signed (x-paystack-signature), not signed in. The body is read as bytes (server/modules/giving/paystack.ts). */
  paystackWebhook: defineCall({ method: 'POST', path: '/Giving/PaystackWebhook' }),
  getUnmatchedContributions: defineCall({
    method: 'GET',
    path: '/Giving/GetUnmatchedContributions',
    response: responseType<UnmatchedContribution[]>(),
  }),
  matchContribution: defineCall({
    method: 'PUT',
    path: '/Giving/MatchContribution',
    body: matchSchema,
    response: responseType<Contribution>(),
  }),
};
