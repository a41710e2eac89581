import { bigint, index, integer, pgTable, primaryKey, text, date, uuid } from 'drizzle-orm/pg-core';
import { givingFunds } from './giving.js';

/**
 * What counted to each fund each day, by currency (docs/decisions/0245-giving-kept-totals.md):
 * kept by triggers on contributions, their splits and batches in the transaction of every write,
 * so the reports read a year as a few thousand rows instead of adding up its gifts. `amount` is
 * the signed sum in kobo (refunds and reversals taken off), `splits` how many counted splits it
 * holds: a day whose splits all stopped counting stays with 0 and is read as no day at all.
 */
export const givingFundTotals = pgTable(
  'giving_fund_totals',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => givingFunds.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    splits: integer('splits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.day, t.currency] }), index('giving_fund_totals_day_idx').on(t.day)],
);
