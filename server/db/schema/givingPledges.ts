import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { givingFunds } from './giving.js';
import { households } from './households.js';
import { users } from './people.js';

/**
 * Giving's campaigns and pledges (docs/decisions/0234-pledges-campaigns-reports.md), beside the
 * funds and contributions of giving.ts. Amounts are bigint kobo, never floats. Who recorded a
 * pledge is a column without a foreign key to users, as in giving.ts: the personal data export
 * takes every table referencing users, and a counter's must not hold other people's pledges.
 */
export const givingCampaigns = pgTable(
  'giving_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => givingFunds.id, { onDelete: 'restrict' }),
    goal: bigint('goal', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    description: text('description'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('giving_campaigns_name_key').on(sql`lower(${t.name})`),
    check('giving_campaigns_goal_positive', sql`${t.goal} > 0`),
    check('giving_campaigns_period', sql`${t.endsOn} >= ${t.startsOn}`),
    index('giving_campaigns_fund_idx').on(t.fundId),
  ],
);

export const pledges = pgTable(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The person who promised; the pledge is theirs (their data download holds it; a merge moves it). */
    giverId: uuid('giver_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Or the family, whose members' gifts all count towards it (docs/decisions/0213-households.md). */
    householdId: uuid('household_id').references(() => households.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => givingFunds.id, { onDelete: 'restrict' }),
    campaignId: uuid('campaign_id').references(() => givingCampaigns.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    note: text('note'),
    recordedBy: uuid('recorded_by'),
    ...stamps,
  },
  (t) => [
    check('pledges_one_giver', sql`num_nonnulls(${t.giverId}, ${t.householdId}) = 1`),
    check('pledges_amount_positive', sql`${t.amount} > 0`),
    check('pledges_period', sql`${t.endsOn} >= ${t.startsOn}`),
    index('pledges_giver_idx').on(t.giverId),
    index('pledges_household_idx').on(t.householdId),
    index('pledges_campaign_idx').on(t.campaignId),
    index('pledges_fund_idx').on(t.fundId, t.startsOn),
  ],
);
