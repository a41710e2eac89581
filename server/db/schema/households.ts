import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { HOUSEHOLD_ROLES } from '@/domain/households/schemas.js';
import { stamps } from './common.js';
import { users } from './people.js';
import { children, spouses } from './profile.js';

/**
 * Households (docs/decisions/0213-households.md): a family with a name and one shared address,
 * and its members, each with a role.
 */
export const households = pgTable('households', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  address: text('address'),
  ...stamps,
});

/**
 * A member of a household: a person in Flock (user_id), or a profile's spouse or child record
 * that has no account of its own (spouse_id, child_id: what the migration from those records
 * linked, every field left where it was). Exactly one of the three is set, and each person or
 * record belongs to at most one household (the unique indexes).
 */
export const householdMembers = pgTable(
  'household_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    spouseId: uuid('spouse_id').references(() => spouses.id, { onDelete: 'cascade' }),
    childId: uuid('child_id').references(() => children.id, { onDelete: 'cascade' }),
    role: text('role', { enum: HOUSEHOLD_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('household_members_household_idx').on(t.householdId),
    uniqueIndex('household_members_user_key').on(t.userId),
    uniqueIndex('household_members_spouse_key').on(t.spouseId),
    uniqueIndex('household_members_child_key').on(t.childId),
    check('household_members_one_person', sql`num_nonnulls(${t.userId}, ${t.spouseId}, ${t.childId}) = 1`),
    check('household_members_role', sql`${t.role} in ('head', 'spouse', 'child', 'other')`),
  ],
);
