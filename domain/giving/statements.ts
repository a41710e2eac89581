import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import { optionalId } from '@/domain/common/fields.js';
import type { ContributionKind, GivingMethod } from './schemas.js';

/**
 * Giving statements (docs/decisions/0235-giving-statements.md): each giver's contributions that
 * count in a period, with totals per fund; for one giver or for every giver of the period.
 */

/**
 * The period (both days counted) and, optionally, the one giver: a person (GiverId) or a family
 * (HouseholdId, docs/decisions/0244); none: every giver of the period.
 */
export const statementQuery = z
  .object({ from: calendarDate('From'), to: calendarDate('To'), giverId: optionalId('GiverId'), householdId: optionalId('HouseholdId') })
  .refine((q) => q.from <= q.to, { message: 'From must not be after To', path: ['to'] });
export type StatementQuery = z.infer<typeof statementQuery>;

/** The download's query: the period and giver, and whether the screen wants progress as it goes. */
export const statementDownloadQuery = z
  .object({
    from: calendarDate('From'),
    to: calendarDate('To'),
    giverId: optionalId('GiverId'),
    householdId: optionalId('HouseholdId'),
    format: z.enum(['pdf', 'progress'], { error: 'Format must be pdf or progress' }).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'From must not be after To', path: ['to'] });

/** One split of one contribution, as a statement line: refunds and reversals count against. */
export type StatementLine = {
  contributionId: string;
  date: string;
  kind: ContributionKind;
  method: GivingMethod;
  reference: string | null;
  fundName: string;
  currency: string;
  /** Kobo; negative for a refund or a reversal. */
  amount: number;
};

type FundTotal = { fundName: string; currency: string; amount: number };

export type Statement = {
  /** The person, or else (null) the family that gave in its name. */
  giverId: string | null;
  householdId: string | null;
  /** The person's name, or the family's. */
  giverName: string;
  /** The giver's stored language (a family's: its first head's): the statement is written in it. */
  language: string | null;
  lines: StatementLine[];
  /** Per fund and currency, by fund name. */
  totals: FundTotal[];
  /** Per currency. */
  grandTotals: Array<{ currency: string; amount: number }>;
};

/** What mailing the statements did: givers in the period, mails queued, givers whose choices say no mail. */
export type StatementMailOutcome = { givers: number; mailed: number; withoutConsent: number };

/** A refund or reversal takes money back: it counts against the giver's totals. */
export const signedAmount = (kind: ContributionKind, amount: number) => (kind === 'gift' ? amount : -amount);

/** Sums of the lines per fund and currency, and per currency; in integer kobo. */
export function totalsOf(lines: readonly StatementLine[]): Pick<Statement, 'totals' | 'grandTotals'> {
  const byFund = new Map<string, FundTotal>();
  const byCurrency = new Map<string, number>();
  for (const line of lines) {
    const key = `${line.fundName}\u0000${line.currency}`;
    const total = byFund.get(key) ?? { fundName: line.fundName, currency: line.currency, amount: 0 };
    total.amount += line.amount;
    byFund.set(key, total);
    byCurrency.set(line.currency, (byCurrency.get(line.currency) ?? 0) + line.amount);
  }
  return {
    totals: [...byFund.values()].sort((a, b) => a.fundName.localeCompare(b.fundName) || a.currency.localeCompare(b.currency)),
    grandTotals: [...byCurrency].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
