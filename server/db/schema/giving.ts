import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Payer } from '@/domain/giving/online.js';
import { BATCH_STATES, CONTRIBUTION_KINDS } from '@/domain/giving/schemas.js';
import { stamps } from './common.js';
import { households } from './households.js';
import { users } from './people.js';

/**
 * Giving (docs/decisions/0227-giving.md). Amounts are bigint counts of the smallest unit (kobo),
 * never floats. Posted money is never edited: refunds and corrections are new rows pointing at
 * the old one. The people who recorded, posted and approved are named without a foreign key to
 * users: the personal data export takes every table referencing users, and a counter's export
 * must not hold other people's gifts (the giver's column is the one that makes a row theirs).
 */
export const givingFunds = pgTable(
  'giving_funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Retired funds take no new gifts; their history stays. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [uniqueIndex('giving_funds_name_key').on(sql`lower(${t.name})`)],
);

export const givingBatches = pgTable(
  'giving_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    date: date('date').notNull(),
    currency: text('currency').notNull().default('NGN'),
    countedTotal: bigint('counted_total', { mode: 'number' }).notNull(),
    state: text('state', { enum: BATCH_STATES }).notNull().default('open'),
    createdBy: uuid('created_by'),
    postedBy: uuid('posted_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check('giving_batches_counted_positive', sql`${t.countedTotal} > 0`),
    check('giving_batches_state', sql`${t.state} in ('open', 'posted', 'approved')`),
    index('giving_batches_date_idx').on(t.date),
  ],
);

export const contributions = pgTable(
  'contributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for refunds and corrections, recorded outside batches. */
    batchId: uuid('batch_id').references(() => givingBatches.id, { onDelete: 'restrict' }),
    /** Null: anonymous. An erased person's account stays (anonymised), so their gifts keep counting. */
    giverId: uuid('giver_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Or the family that gave in its name (docs/decisions/0244-family-giver.md); at most one of
     * the two. A family deleted leaves its gifts counted, anonymous, as an erased giver's would.
     */
    householdId: uuid('household_id').references(() => households.id, { onDelete: 'set null' }),
    date: date('date').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    method: text('method').notNull(),
    reference: text('reference'),
    kind: text('kind', { enum: CONTRIBUTION_KINDS }).notNull().default('gift'),
    correctsId: uuid('corrects_id').references((): AnyPgColumn => contributions.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    recordedBy: uuid('recorded_by'),
    /**
     * A refund or correction (no batch) counts once someone other than its recorder approves it,
     * as a batch does (docs/decisions/0230-giving-screens.md); entries of a batch are approved with it.
     */
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * Online giving (docs/decisions/0233-paystack-webhook.md): the provider whose signed notice
     * recorded the gift ('paystack'), null for what counters entered. With the reference, the
     * provider's own, unique: a notice delivered twice records one gift.
     */
    provider: text('provider'),
    /** An online gift whose giver Flock could not tell: the office matches it to a person. */
    awaitingMatch: boolean('awaiting_match').notNull().default(false),
    /** What the provider said of the payer, kept only while the gift awaits its match. */
    payer: jsonb('payer').$type<Payer>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contributions_amount_positive', sql`${t.amount} > 0`),
    check('contributions_kind', sql`${t.kind} in ('gift', 'refund', 'reversal')`),
    check('contributions_method', sql`${t.method} in ('cash', 'transfer', 'card', 'POS', 'cheque')`),
    check('contributions_points_back', sql`${t.kind} = 'gift' or ${t.correctsId} is not null`),
    index('contributions_batch_idx').on(t.batchId),
    index('contributions_giver_idx').on(t.giverId, t.date),
    check('contributions_one_giver', sql`num_nonnulls(${t.giverId}, ${t.householdId}) <= 1`),
    // A family's gifts by date: its statement, its members' giving, its pledges' progress.
    index('contributions_household_idx').on(t.householdId, t.date),
    // Reports by period (docs/decisions/0234) read contributions by date.
    index('contributions_date_idx').on(t.date),
    index('contributions_corrects_idx').on(t.correctsId),
    check('contributions_provider', sql`${t.provider} is null or ${t.provider} = 'paystack'`),
    uniqueIndex('contributions_provider_reference_key').on(t.provider, t.reference),
    index('contributions_awaiting_match_idx')
      .on(t.createdAt)
      .where(sql`${t.awaitingMatch}`),
  ],
);

export const contributionSplits = pgTable(
  'contribution_splits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contributionId: uuid('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => givingFunds.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('contribution_splits_amount_positive', sql`${t.amount} > 0`),
    index('contribution_splits_contribution_idx').on(t.contributionId),
    index('contribution_splits_fund_idx').on(t.fundId),
  ],
);
