import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { departments } from './church.js';
import { users } from './users.js';

/**
 * The lookup lists. Each has a name and an optional code, both unique without regard
 * to case (the profile stores some of them by name), and a description.
 */
function lookupTable<E extends Record<string, PgColumnBuilderBase>>(table: string, extra: E) {
  const columns = {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
  return pgTable(table, { ...columns, ...extra }, (t) => [
    uniqueIndex(`${table}_name_key`).on(sql`lower(${t.name})`),
    uniqueIndex(`${table}_code_key`).on(sql`lower(${t.code})`),
  ]);
}

const leader = () => uuid('leader_id').references(() => users.id, { onDelete: 'set null' });

export const ministries = lookupTable('ministries', { leaderId: leader() });

export const units = lookupTable('units', {
  leaderId: leader(),
  ministryId: uuid('ministry_id').references(() => ministries.id),
});

export const specialUnits = lookupTable('special_units', {
  leaderId: leader(),
  ministryId: uuid('ministry_id').references(() => ministries.id),
});

export const accessories = lookupTable('accessories', {
  custodianId: uuid('custodian_id').references(() => users.id, { onDelete: 'set null' }),
  quantity: integer('quantity').notNull().default(0),
  condition: text('condition', { enum: ['New', 'Good', 'Fair', 'Poor'] }),
  location: text('location'),
});

export const meansOfIdentification = lookupTable('means_of_identification', {
  requiresNumber: boolean('requires_number').notNull().default(false),
});

export const mountainsOfInfluence = lookupTable('mountains_of_influence', { leaderId: leader() });

/**
 * Who took a member out of a department, when and why; undoing it puts them back and marks the
 * row undone, so the history stays.
 */
export const departmentDelistings = pgTable(
  'department_delistings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** It was the member's primary department: undoing makes it primary again. */
    wasPrimary: boolean('was_primary').notNull().default(false),
    delistedBy: uuid('delisted_by').references(() => users.id, { onDelete: 'set null' }),
    delistedAt: timestamp('delisted_at', { withTimezone: true }).notNull().defaultNow(),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('department_delistings_department_idx').on(t.departmentId, t.delistedAt),
    index('department_delistings_user_idx').on(t.userId),
  ],
);
