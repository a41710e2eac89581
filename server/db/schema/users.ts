import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userName: text('user_name'),
    passwordHash: text('password_hash'),
    title: text('title'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    surName: text('sur_name').notNull(),
    gender: text('gender'),
    mobile1: text('mobile1'),
    /** Email validated: a profile is active only after validation. */
    emailVerified: boolean('email_verified').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    isFirstTimer: boolean('is_first_timer').notNull().default(true),
    /** When the first-timer flag was cleared: converted people are counted in the first-timer stats. */
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    /** Bumped on logout, disable and password change: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_user_name_key').on(t.userName),
    // The first-timers, few beside the members: the member lists leave them out through this index
    // (server/http/memberList.ts), since no directory index holds the flag (conversions stay HOT).
    index('users_first_timers_idx')
      .on(t.id)
      .where(sql`${t.isFirstTimer}`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** platform roles are held through user_roles; cih roles through the church affiliation. */
    kind: text('kind', { enum: ['platform', 'cih'] })
      .notNull()
      .default('platform'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version a form loaded (docs/decisions/0102-optimistic-concurrency.md). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_name_key').on(t.name)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accessRight: text('access_right').notNull(),
    moduleName: text('module_name').notNull(),
  },
  (t) => [uniqueIndex('permissions_right_module_key').on(t.accessRight, t.moduleName)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
