import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import { idField, requiredText } from '@/domain/common/fields.js';

/**
 * Giving (docs/decisions/0227-giving.md): funds, contributions split across funds, and the batches
 * counters enter and a second person approves. Money is an integer count of the currency's
 * smallest unit (kobo for NGN), never a float: a float or a string amount is refused.
 */

export const GIVING_METHODS = ['cash', 'transfer', 'card', 'POS', 'cheque'] as const;
export type GivingMethod = (typeof GIVING_METHODS)[number];

/** A new gift, a refund of part or all of an old one, and the reversal a correction writes. */
export const CONTRIBUTION_KINDS = ['gift', 'refund', 'reversal'] as const;
export type ContributionKind = (typeof CONTRIBUTION_KINDS)[number];

/** open: counters add entries; posted: balanced and locked, waiting for approval; approved: counted as given. */
export const BATCH_STATES = ['open', 'posted', 'approved'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

const DEFAULT_CURRENCY = 'NGN';

/** The funds every church starts with (the office adds more and retires them). */
export const SEEDED_FUNDS = ['Tithe', 'Offering', 'Building', 'Missions', 'Welfare'] as const;

/** Kobo: a whole number above zero that JavaScript holds exactly. */
export const amountField = (label = 'Amount') =>
  z
    .number({ error: `${label} must be a whole number of kobo, not text` })
    .int(`${label} must be a whole number of kobo`)
    .positive(`${label} must be more than zero`)
    .max(Number.MAX_SAFE_INTEGER, `${label} is too large`);

const currencyField = z
  .string({ error: 'Currency must be text' })
  .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as NGN')
  .default(DEFAULT_CURRENCY);

const referenceField = z.string({ error: 'Reference must be text' }).trim().max(100, 'Reference must be at most 100 characters').nullish();

export const splitSchema = z.object({ fundId: idField('Fund'), amount: amountField('Split amount') });
export type SplitInput = z.infer<typeof splitSchema>;

/** Splits must add up to the amount: said here for the form, checked again by the server. */
export const splitsAddUp = (amount: number, splits: readonly { amount: number }[]) =>
  splits.reduce((sum, s) => sum + s.amount, 0) === amount;

const SPLITS_MESSAGE = 'The splits must add up to the amount';

const contributionShape = {
  /** The person who gave, or else the family in whose name (docs/decisions/0244); neither: anonymous. */
  giverId: idField('Giver').nullish(),
  householdId: idField('Family').nullish(),
  date: calendarDate('Date'),
  amount: amountField(),
  currency: currencyField,
  method: z.enum(GIVING_METHODS, { error: `Method must be one of ${GIVING_METHODS.join(', ')}` }),
  reference: referenceField,
  splits: z.array(splitSchema, { error: 'Splits must be a list' }).min(1, 'Give at least one fund').max(20, 'At most 20 funds'),
};

const addsUp = (c: { amount: number; splits: SplitInput[] }) => splitsAddUp(c.amount, c.splits);

export const ONE_GIVER = 'A gift is given by a person or by a family, not both';
const oneGiver = (c: { giverId?: string | null; householdId?: string | null }) => !(c.giverId && c.householdId);

/** An entry of a batch: the giver (a person, a family or none: anonymous), date, amount, method, reference and funds. */
export const contributionInputSchema = z
  .object(contributionShape)
  .refine(oneGiver, { message: ONE_GIVER, path: ['householdId'] })
  .refine(addsUp, { message: SPLITS_MESSAGE, path: ['splits'] });
export type ContributionInput = z.infer<typeof contributionInputSchema>;

export const addEntrySchema = z
  .object({ batchId: idField('Batch'), ...contributionShape })
  .refine(oneGiver, { message: ONE_GIVER, path: ['householdId'] })
  .refine(addsUp, { message: SPLITS_MESSAGE, path: ['splits'] });

export const changeEntrySchema = z
  .object({ id: idField(), ...contributionShape })
  .refine(oneGiver, { message: ONE_GIVER, path: ['householdId'] })
  .refine(addsUp, { message: SPLITS_MESSAGE, path: ['splits'] });

/** A refund of part or all of a posted gift: a new entry pointing at it, split across its funds. */
export const refundSchema = z
  .object({
    contributionId: idField('Contribution'),
    date: calendarDate('Date'),
    amount: amountField(),
    reason: requiredText('Reason', 300),
    splits: z.array(splitSchema).min(1, 'Give at least one fund').max(20, 'At most 20 funds'),
  })
  .refine(addsUp, { message: SPLITS_MESSAGE, path: ['splits'] });

/** A correction of a posted gift: its reversal (the gift's giver) and the right entry (whoever gave it), both pointing at it. */
export const correctionSchema = z
  .object({ contributionId: idField('Contribution'), reason: requiredText('Reason', 300), ...contributionShape })
  .refine(oneGiver, { message: ONE_GIVER, path: ['householdId'] })
  .refine(addsUp, { message: SPLITS_MESSAGE, path: ['splits'] });

export const batchCreateSchema = z.object({
  name: requiredText('Batch name'),
  date: calendarDate('Date'),
  countedTotal: amountField('Counted total'),
  currency: currencyField,
});

export const fundCreateSchema = z.object({ name: requiredText('Fund name', 60) });

export type Fund = { id: string; name: string; retiredAt: string | null };

export type Split = { fundId: string; fundName: string; amount: number };

export type Contribution = {
  id: string;
  batchId: string | null;
  giverId: string | null;
  /** The family that gave in its name (then giverId is null). */
  householdId: string | null;
  /** The person's name, or the family's. */
  giverName: string | null;
  date: string;
  amount: number;
  currency: string;
  method: GivingMethod;
  reference: string | null;
  kind: ContributionKind;
  /** The posted entry a refund, reversal or correction points at. */
  correctsId: string | null;
  reason: string | null;
  /** A refund or correction that waits for someone other than its recorder to approve it: it does not count yet. */
  awaitingApproval: boolean;
  splits: Split[];
};

export type Batch = {
  id: string;
  name: string;
  date: string;
  currency: string;
  countedTotal: number;
  /** The sum of the entries so far. */
  enteredTotal: number;
  entries: number;
  state: BatchState;
  createdBy: string | null;
  postedBy: string | null;
  approvedBy: string | null;
};

export type BatchWithEntries = Batch & { contributions: Contribution[] };

/** The difference a counter still has to enter (negative: entered more than counted). */
export const batchDifference = (countedTotal: number, entries: readonly { amount: number }[]) =>
  countedTotal - entries.reduce((sum, e) => sum + e.amount, 0);

/** Naira with kobo as the congregation reads them. */
export const formatKobo = (kobo: number, currency = DEFAULT_CURRENCY, locale = 'en-NG') =>
  // narrowSymbol: the naira's own sign in every locale ('₦1,500.50', '1 500,50 ₦'), not its code
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(kobo / 100);

/**
 * What a counter types as naira (with or without kobo, commas allowed) in kobo, exactly: by the
 * digits, never through a float. Null when it is not an amount of naira and kobo above zero.
 */
export function nairaToKobo(typed: string): number | null {
  const match = /^\s*(?:₦\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!match) return null;
  const kobo = Number(match[1].replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return kobo > 0 && Number.isSafeInteger(kobo) ? kobo : null;
}
