import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';

/**
 * Giving's reports (docs/decisions/0234-pledges-campaigns-reports.md): totals by fund and month,
 * givers by band, first-time givers and lapsed givers. What counts is what counts everywhere in
 * giving: gifts of approved batches and approved corrections, less refunds and reversals.
 */

/** A period, both days inclusive; without one, this year so far. */
export const reportPeriodQuery = z
  .object({ from: calendarDate('From').optional(), to: calendarDate('To').optional() })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'To must be on or after From', path: ['to'] });

export const lapsedQuery = z.object({
  year: z.coerce
    .number({ error: 'Year must be a year' })
    .int('Year must be a year')
    .min(1901, 'Year must be 1901 or later')
    .max(2199)
    .optional(),
});

/**
 * The bands givers fall in by what they gave in the period, in kobo: from `min` (inclusive) to
 * `max` (exclusive; null: no upper bound). A church reads them as naira on screen.
 */
export const GIVER_BANDS = [
  { key: 'band1', min: 1, max: 1_000_000 },
  { key: 'band2', min: 1_000_000, max: 5_000_000 },
  { key: 'band3', min: 5_000_000, max: 20_000_000 },
  { key: 'band4', min: 20_000_000, max: 100_000_000 },
  { key: 'band5', min: 100_000_000, max: null },
] as const;
type GiverBandKey = (typeof GIVER_BANDS)[number]['key'];

export type Period = { from: string; to: string };

type FundMonthTotal = { month: string; fundId: string; fundName: string; amount: number };
export type FundMonthTotals = Period & { rows: FundMonthTotal[] };

export type GiverBand = { key: GiverBandKey; min: number; max: number | null; givers: number; amount: number };
export type GiverBands = Period & { bands: GiverBand[] };

/** At most this many people in a report's list: the counts and the CSV beyond it say so. */
export const REPORT_ROWS_CAP = 25_000;

/** A giver of a report: a person (giverId) or a family that gave in its name (householdId), one giver (docs/decisions/0244). */
type ReportGiver = { giverId: string | null; householdId: string | null; giverName: string | null };

type FirstTimeGiver = ReportGiver & { firstDate: string; amount: number };
export type FirstTimeGivers = Period & { total: number; rows: FirstTimeGiver[] };

type LapsedGiver = ReportGiver & { lastDate: string; lastYearAmount: number };
export type LapsedGivers = { year: number; total: number; rows: LapsedGiver[] };
