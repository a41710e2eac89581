import { foreignKey, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { permissions, userRoles } from './users.js';

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
