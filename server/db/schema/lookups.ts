import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  type PgColumn,
  type PgColumnBuilderBase,
  pgTable,
  type PgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LookupName } from '@/domain/lookups/kinds.js';
import { stamps } from './common.js';
import { users } from './people.js';

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

export const affinityGroups = pgTable(
  'affinity_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affinityGroupName: text('affinity_group_name').notNull(),
    affinityGroupCode: text('affinity_group_code').notNull(),
    description: text('description'),
    startAge: integer('start_age'),
    endAge: integer('end_age'),
    maritalStatus: text('marital_status'),
    /** Male or Female for a men's or women's fellowship; null: either. */
    gender: text('gender'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('affinity_groups_name_key').on(sql`lower(${t.affinityGroupName})`),
    uniqueIndex('affinity_groups_code_key').on(sql`lower(${t.affinityGroupCode})`),
  ],
);

/**
 * Each lookup list's table under its kind's name (domain/lookups/kinds.ts), from which the
 * server's CRUD routes are derived; a kind without its table does not compile.
 */
export const LOOKUP_TABLES = {
  affinityGroups,
  ministries,
  units,
  specialUnits,
  accessories,
  moi: meansOfIdentification,
  mountainsOfInfluence,
} satisfies Record<LookupName, PgTable & { id: PgColumn; createdAt: PgColumn; description: PgColumn }>;
