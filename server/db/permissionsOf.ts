import { and, eq, inArray, or } from 'drizzle-orm';
import { permissionString } from '@/domain/permissions.js';
import type { Db, Tx } from './client.js';
import { churchAffiliations, permissions, rolePermissions, roles, userPermissions, userRoles } from './schema/index.js';

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
 * A user's permissions: those of their platform roles, of their CIH role, and the extra ones
 * granted to them under a role (user_permissions), each entry once.
 */
export async function permissionsOf(db: Db | Tx, userId: string) {
  const [affiliation] = await db
    .select({ cihRole: churchAffiliations.cihRole })
    .from(churchAffiliations)
    .where(eq(churchAffiliations.userId, userId));
  const platformRoleIds = db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const cihRole = affiliation?.cihRole?.toLowerCase();
  const fromRoles = db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(
      or(
        inArray(rolePermissions.roleId, platformRoleIds),
        cihRole ? and(eq(roles.kind, 'cih'), eq(roles.name, cihRole)) : undefined,
      ),
    );
  const extra = db.select({ id: userPermissions.permissionId }).from(userPermissions).where(eq(userPermissions.userId, userId));
  const rows = await db
    .select({ accessRight: permissions.accessRight, moduleName: permissions.moduleName })
    .from(permissions)
    .where(or(inArray(permissions.id, fromRoles), inArray(permissions.id, extra)));
  return rows.map((r) => ({ ...r, permission: permissionString(r) }));
}
