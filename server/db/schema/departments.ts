import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { users } from './people.js';

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    departmentName: text('department_name').notNull(),
    description: text('description'),
    hodId: uuid('hod_id').references(() => users.id),
    ...stamps,
  },
  (t) => [uniqueIndex('departments_name_key').on(sql`lower(${t.departmentName})`)],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    isPrimaryDepartment: boolean('is_primary_department').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Member counts and member lists go by department.
  (t) => [primaryKey({ columns: [t.userId, t.departmentId] }), index('user_departments_department_idx').on(t.departmentId)],
);

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
