import { and, eq, inArray, or } from 'drizzle-orm';
import { permissionString } from '../../../domain/permissions.js';
import type { Db, Tx } from '../../db/client.js';
import { churchAffiliations, permissions, rolePermissions, roles, userRoles } from '../../db/schema/index.js';

/** The platform role names a user holds. */
export async function roleNamesOf(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name).sort();
}

/**
 * A user's permissions: those of their platform roles and of their CIH role, each entry once.
 */
export async function permissionsOf(db: Db | Tx, userId: string) {
  const [affiliation] = await db
    .select({ cihRole: churchAffiliations.cihRole })
    .from(churchAffiliations)
    .where(eq(churchAffiliations.userId, userId));
  const platformRoleIds = db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const cihRole = affiliation?.cihRole?.toLowerCase();
  const rows = await db
    .selectDistinct({ accessRight: permissions.accessRight, moduleName: permissions.moduleName })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(
      or(
        inArray(rolePermissions.roleId, platformRoleIds),
        cihRole ? and(eq(roles.kind, 'cih'), eq(roles.name, cihRole)) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, permission: permissionString(r) }));
}
