import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.js';

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
    /** The version a form loaded (docs/decisions.md, optimistic concurrency). */
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

/**
 * Extra permissions a user holds under one of their platform roles (Roles/AssignPermissions),
 * beyond those the role itself grants. The row hangs on the user's role: taking the role from
 * the user, by any call, takes its extra permissions with it.
 */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId, t.permissionId] }),
    foreignKey({
      columns: [t.userId, t.roleId],
      foreignColumns: [userRoles.userId, userRoles.roleId],
      name: 'user_permissions_user_role_fk',
    }).onDelete('cascade'),
  ],
);
