import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import { idField, optionalText, requiredText } from '@/domain/common/fields.js';
import { amountField } from './schemas.js';

/**
 * Campaigns and pledges (docs/decisions/0234-pledges-campaigns-reports.md). A campaign raises money
 * for one fund between two days towards a goal; a pledge is a person's or a family's promise to
 * give an amount to a fund (or a campaign) over a period. Money is integer kobo, as everywhere in
 * giving (docs/decisions/0227-giving.md).
 */

const ENDS_AFTER = 'The end must be on or after the start';
const endsAfterStart = (p: { startsOn: string; endsOn: string }) => p.endsOn >= p.startsOn;

const campaignShape = {
  name: requiredText('Campaign name', 100),
  fundId: idField('Fund'),
  goal: amountField('Goal'),
  startsOn: calendarDate('Start'),
  endsOn: calendarDate('End'),
  description: optionalText('Description', 500),
};

export const campaignCreateSchema = z.object(campaignShape).refine(endsAfterStart, { message: ENDS_AFTER, path: ['endsOn'] });
export const campaignUpdateSchema = z
  .object({ id: idField(), ...campaignShape })
  .refine(endsAfterStart, { message: ENDS_AFTER, path: ['endsOn'] });
export type CampaignInput = z.infer<typeof campaignCreateSchema>;

const ONE_GIVER = 'A pledge is made by one person or one family';

const pledgeShape = {
  /** The person who promises, or else the family (households, docs/decisions/0213). */
  giverId: idField('Giver').nullish(),
  householdId: idField('Family').nullish(),
  /** The fund the promise is for; a pledge to a campaign is to the campaign's fund. */
  fundId: idField('Fund').nullish(),
  campaignId: idField('Campaign').nullish(),
  amount: amountField('Pledged amount'),
  startsOn: calendarDate('Start'),
  endsOn: calendarDate('End'),
  note: optionalText('Note', 300),
};

type PledgeShape = { giverId?: string | null; householdId?: string | null; fundId?: string | null; campaignId?: string | null };

/** One giver (a person or a family), a fund or a campaign, and an end on or after the start. */
function checkPledge(p: PledgeShape & { startsOn: string; endsOn: string }, ctx: z.RefinementCtx) {
  if (Boolean(p.giverId) === Boolean(p.householdId)) ctx.addIssue({ code: 'custom', message: ONE_GIVER, path: ['giverId'] });
  if (!p.fundId && !p.campaignId) ctx.addIssue({ code: 'custom', message: 'Choose a fund or a campaign', path: ['fundId'] });
  if (!endsAfterStart(p)) ctx.addIssue({ code: 'custom', message: ENDS_AFTER, path: ['endsOn'] });
}

export const pledgeCreateSchema = z.object(pledgeShape).superRefine(checkPledge);
export const pledgeUpdateSchema = z.object({ id: idField(), ...pledgeShape }).superRefine(checkPledge);
export type PledgeInput = z.infer<typeof pledgeCreateSchema>;

export type Campaign = {
  id: string;
  name: string;
  fundId: string;
  fundName: string;
  goal: number;
  currency: string;
  startsOn: string;
  endsOn: string;
  description: string | null;
  /** What counted to the campaign's fund within its days, from anyone (refunds and reversals taken off). */
  raised: number;
  /** What its pledges promise. */
  pledged: number;
  pledges: number;
};

/** A campaign with what came in day by day (only days with money), for its chart. */
export type CampaignWithDays = Campaign & { days: Array<{ date: string; amount: number }> };

export type Pledge = {
  id: string;
  giverId: string | null;
  householdId: string | null;
  /** The person's or the family's name. */
  giverName: string | null;
  fundId: string;
  fundName: string;
  campaignId: string | null;
  campaignName: string | null;
  amount: number;
  currency: string;
  startsOn: string;
  endsOn: string;
  note: string | null;
  /**
   * What counted from the giver (or, for a family, any member of it and the family in its own name) to the fund within the period:
   * gifts of approved batches and approved corrections, less refunds and reversals.
   */
  given: number;
  updatedAt: string;
};

/** How far a pledge is fulfilled, in whole per cent (0 to 100 and beyond). */
export const pledgePercent = (p: { given: number; amount: number }) =>
  p.amount > 0 ? Math.floor((Math.max(p.given, 0) * 100) / p.amount) : 0;
