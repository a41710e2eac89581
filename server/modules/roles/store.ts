import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, permissionString } from '@/domain/roles/permissions.js';
import { CIH_ROLES, PLATFORM_ROLES } from '@/domain/roles/roles.js';
import type { Db, Tx } from '@/server/db/client.js';
import { permissionsOf } from '@/server/db/permissionsOf.js';
import { countOf, sameText, searchOver } from '@/server/db/queries.js';
import { churchAffiliations, permissions, rolePermissions, roles, userPermissions, userRoles } from '@/server/db/schema/index.js';
import { badRequest, conflict, notFound } from '@/server/http/errors.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { existingUser } from '@/server/engines/profileAccess.js';

/** Roles, their permissions and a user's grants, as the Roles routes read and write them. */

export const tag = 'Roles';
/** Sessions forget kept permissions on any change (docs/decisions/0178-session-state-kept.md), so a change reaches its holders on their next call. */
export const AT_ONCE = 'Changes take effect at once.';

/** The seeded roles: the product relies on their names, so they are never deleted or renamed. */
const SYSTEM_ROLES: readonly string[] = [...PLATFORM_ROLES, ...CIH_ROLES];
export const isSystemRole = (name: string) => SYSTEM_ROLES.includes(name);

export type Role = typeof roles.$inferSelect;

/** A role as the API shows it: with whether it is built in, its holders and its permission count. */
const roleFields = {
  id: roles.id,
  name: roles.name,
  kind: roles.kind,
  description: roles.description,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  isSystem: sql<boolean>`${inArray(roles.name, [...SYSTEM_ROLES])}`,
  userCount: countOf(userRoles, userRoles.roleId, roles.id),
  permissionCount: countOf(rolePermissions, rolePermissions.roleId, roles.id),
};

const ROLE_SORT = {
  name: roles.name,
  createdAt: roles.createdAt,
  userCount: roleFields.userCount,
  permissionCount: roleFields.permissionCount,
};

/** One page of the platform roles: search over name and description, the sorts of ROLE_SORT. */
export async function rolePage(db: Db, q: ListParams) {
  const where = and(eq(roles.kind, 'platform'), searchOver(q.search, [roles.name, roles.description]));
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(roleFields)
      .from(roles)
      .where(where)
      .orderBy(...orderOf(q, ROLE_SORT, [asc(roles.name)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { rows, total: n };
}

/** The role, locked for the change that follows; 404 when there is none. */
export async function lockedRole(tx: Tx, id: string): Promise<Role> {
  const [role] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!role) throw notFound('Role not found');
  return role;
}

/** 409 when another role has the name, in any letter case. */
export async function mustBeFreeName(tx: Tx, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(sameText(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined));
  if (taken) throw conflict(`There is already a role named "${name}"`);
}

type PermissionRow = { id: string; accessRight: string; moduleName: string };
const CATALOGUE_ORDER = new Map(ALL_PERMISSIONS.map((p, i) => [p, i]));

/** Sorted as the catalogue lists them (modules in the order of MODULES). */
function inCatalogueOrder<T extends { permission: string }>(list: T[]): T[] {
  return list.sort((a, b) => (CATALOGUE_ORDER.get(a.permission) ?? Infinity) - (CATALOGUE_ORDER.get(b.permission) ?? Infinity));
}

/** Rows with their permission string, in the catalogue's order. */
function described(rows: PermissionRow[]) {
  return inCatalogueOrder(
    rows.map((r) => ({ id: r.id, accessRight: r.accessRight, moduleName: r.moduleName, permission: permissionString(r) })),
  );
}

/** The whole permission catalogue as stored, with ids. */
export async function catalogue(db: Db | Tx) {
  return described(await db.select().from(permissions));
}

/** The permissions a role grants. */
export async function permissionsOfRole(db: Db | Tx, roleId: string) {
  const rows = await db
    .select({ id: permissions.id, accessRight: permissions.accessRight, moduleName: permissions.moduleName })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId));
  return described(rows);
}

export type ResolvedPermission = { id: string; permission: string };

/**
 * The catalogue entries the list names, by permission string or catalogue id, mixed (each once,
 * in the list's order); 400 naming every one the catalogue lacks.
 */
export async function resolvePermissions(tx: Tx, refs: string[]): Promise<ResolvedPermission[]> {
  if (refs.length === 0) return [];
  const entries = await catalogue(tx);
  const byRef = new Map<string, ResolvedPermission>();
  for (const p of entries) {
    byRef.set(p.permission, { id: p.id, permission: p.permission });
    byRef.set(p.id.toLowerCase(), { id: p.id, permission: p.permission });
  }
  const unknown = [...new Set(refs.filter((ref) => !byRef.has(ref)))];
  if (unknown.length) {
    throw badRequest(`Not in the permission catalogue: ${unknown.join(', ')}`, {
      permissions: unknown.map((ref) => `${ref} is not a permission`),
    });
  }
  const seen = new Map<string, ResolvedPermission>();
  for (const ref of refs) {
    const p = byRef.get(ref)!;
    if (!seen.has(p.id)) seen.set(p.id, p);
  }
  return [...seen.values()];
}

/** Replaces the role's permissions with these. */
export async function setRolePermissions(tx: Tx, roleId: string, permissionIdList: string[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (permissionIdList.length) await tx.insert(rolePermissions).values(permissionIdList.map((permissionId) => ({ roleId, permissionId })));
}

/** One role with its fields and permissions; 404 when there is none. */
export async function roleDetail(db: Db, id: string) {
  const [role] = await db.select(roleFields).from(roles).where(eq(roles.id, id));
  if (!role) throw notFound('Role not found');
  return { ...role, permissions: await permissionsOfRole(db, id) };
}

/**
 * A user's roles, each with the extra permissions granted under it, their CIH role, and their
 * effective permissions (what their next call is allowed).
 */
export async function userRolesView(db: Db, userId: string) {
  await existingUser(db, userId);
  const [held, extras, effective, [affiliation]] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name, description: roles.description })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(asc(roles.name)),
    db
      .select({ roleId: userPermissions.roleId, accessRight: permissions.accessRight, moduleName: permissions.moduleName })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId)),
    permissionsOf(db, userId),
    db.select({ cihRole: churchAffiliations.cihRole }).from(churchAffiliations).where(eq(churchAffiliations.userId, userId)),
  ]);
  return {
    userId,
    roles: held.map((role) => ({
      ...role,
      isSystem: isSystemRole(role.name),
      extraPermissions: extras
        .filter((e) => e.roleId === role.id)
        .map(permissionString)
        .sort(),
    })),
    cihRole: affiliation?.cihRole ?? null,
    permissions: inCatalogueOrder(effective),
  };
}
