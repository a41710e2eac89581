import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { permissionString } from '@/domain/roles/permissions.js';
import type { Db, Tx } from './client.js';
import { churchAffiliations, permissions, rolePermissions, roles, userPermissions, userRoles, users } from './schema/index.js';

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
 * The condition "the permission is the user's": one of their platform roles grants it, their CIH
 * role (church_affiliations.cih_role, any letter case) grants it, or it was granted to them under
 * a role (user_permissions). Subqueries only, so it joins into any query as one round trip.
 */
function heldBy(db: Db | Tx, userId: string) {
  const platformRoleIds = db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const cihRoleIds = db
    .select({ id: roles.id })
    .from(roles)
    .innerJoin(churchAffiliations, sql`${roles.name} = lower(${churchAffiliations.cihRole})`)
    .where(and(eq(roles.kind, 'cih'), eq(churchAffiliations.userId, userId)));
  const fromRoles = db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(or(inArray(rolePermissions.roleId, platformRoleIds), inArray(rolePermissions.roleId, cihRoleIds)));
  const extra = db.select({ id: userPermissions.permissionId }).from(userPermissions).where(eq(userPermissions.userId, userId));
  return or(inArray(permissions.id, fromRoles), inArray(permissions.id, extra))!;
}

/** A user's permissions (see heldBy), each entry once. */
export async function permissionsOf(db: Db | Tx, userId: string) {
  const rows = await db
    .select({ accessRight: permissions.accessRight, moduleName: permissions.moduleName })
    .from(permissions)
    .where(heldBy(db, userId));
  return rows.map((r) => ({ ...r, permission: permissionString(r) }));
}

/**
 * The condition "the user (a users row's id, as SQL) holds the permission", by heldBy's three
 * ways (platform role, CIH role, a grant under a role), for finding everyone who holds a right
 * (the deciders a waiting request notifies) in one statement. The permission is its string.
 */
export function holdsPermission(userId: SQL, permission: string): SQL {
  const ids = sql`(select p.id from permissions p
    where upper(p.access_right) || '_' || replace(upper(p.module_name), ' ', '_') = ${permission})`;
  return sql`(${userId} in (select ur.user_id from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
      where rp.permission_id in ${ids})
    or ${userId} in (select ca.user_id from church_affiliations ca
      join roles r on r.kind = 'cih' and r.name = lower(ca.cih_role)
      join role_permissions rp on rp.role_id = r.id where rp.permission_id in ${ids})
    or ${userId} in (select up.user_id from user_permissions up where up.permission_id in ${ids}))`;
}

/** Holds every one of the permissions (none: false, so an empty rule names nobody). */
export const holdsEveryPermission = (userId: SQL, perms: readonly string[]): SQL =>
  perms.length ? and(...perms.map((p) => holdsPermission(userId, p)))! : sql`false`;

type HeldPermission = { accessRight: string; moduleName: string };

/** The one statement of sessionStateOf, prepared once per database (see below). */
const sessionStatements = new WeakMap<Db | Tx, ReturnType<typeof prepareSessionState>>();

function prepareSessionState(db: Db | Tx) {
  const userId = sql.placeholder('userId') as unknown as string;
  const held = sql<HeldPermission[]>`(select coalesce(json_agg(json_build_object('accessRight', ${permissions.accessRight},
    'moduleName', ${permissions.moduleName})), '[]'::json) from ${permissions} where ${heldBy(db, userId)})`;
  return db
    .select({
      tokenVersion: users.tokenVersion,
      disabled: users.disabled,
      held,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('session_state');
}

/**
 * What a signed-in call checks, in one round trip and one row: the user's token version and
 * disabled flag with the permissions they hold now, or undefined when there is no such user.
 * Kept per user until rights change (server/modules/auth/sessions.ts). The statement is
 * prepared: node-postgres names it on each connection and PostgreSQL skips planning it.
 */
export async function sessionStateOf(db: Db | Tx, userId: string) {
  let statement = sessionStatements.get(db);
  if (!statement) sessionStatements.set(db, (statement = prepareSessionState(db)));
  const [row] = await statement.execute({ userId });
  if (!row) return undefined;
  const held = new Set(row.held.map((p) => permissionString(p)));
  return { tokenVersion: row.tokenVersion, disabled: row.disabled, permissions: held };
}
