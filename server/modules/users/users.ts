import { and, count, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { ASSIGNABLE_ROLES } from '@/domain/roles.js';
import type { Db, Tx } from '@/server/db/client.js';
import { churchAffiliations, departments, roles, userRoles, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict, notFound } from '@/server/http/errors.js';
import { roleNamesOf } from '@/server/db/permissionsOf.js';
import { existingUser, USER_NOT_FOUND } from '@/server/http/profileAccess.js';

/** A user as the profile header and the user lookups read it: names, contact, state and role names. */
export async function userView(db: Db | Tx, where: SQL) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      userName: users.userName,
      title: users.title,
      firstName: users.firstName,
      middleName: users.middleName,
      surName: users.surName,
      fullName: sql<string>`concat_ws(' ', ${users.firstName}, nullif(${users.middleName}, ''), ${users.surName})`,
      gender: users.gender,
      mobile1: users.mobile1,
      emailVerified: users.emailVerified,
      disabled: users.disabled,
      isFirstTimer: users.isFirstTimer,
      cihRole: churchAffiliations.cihRole,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(churchAffiliations, eq(churchAffiliations.userId, users.id))
    .where(where);
  if (!user) throw notFound(USER_NOT_FOUND);
  return { ...user, roles: await roleNamesOf(db, user.id) };
}

/** Roles of one kind as the Change Role modal and the CIH role picker list them. */
export function rolesOfKind(db: Db, kind: 'platform' | 'cih') {
  const names = kind === 'platform' ? inArray(roles.name, [...ASSIGNABLE_ROLES]) : undefined;
  return db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(and(eq(roles.kind, kind), names))
    .orderBy(roles.name);
}

async function administratorsBesides(tx: Tx, userId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, 'administrator'), ne(userRoles.userId, userId)));
  return n;
}

async function headsADepartment(tx: Tx, userId: string): Promise<boolean> {
  const [{ n }] = await tx.select({ n: count() }).from(departments).where(eq(departments.hodId, userId));
  return n > 0;
}

/**
 * Gives the user this one platform role in place of the ones held. firsttimers is not assignable,
 * and a first-timer gets a role by conversion (its own call, which records when); a head of
 * department keeps hod while heading one (issue 5's rule); the last administrator keeps the role.
 * A role the user keeps keeps its extra permissions. The new role reaches the user's permissions
 * at their next login.
 */
export async function changeUserRole(tx: Tx, audit: (e: AuditEntry) => void, userId: string, roleId: string) {
  const user = await existingUser(tx, userId);
  if (user.isFirstTimer) throw badRequest('Convert the first-timer to a member before changing their role');
  const [role] = await tx.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound('Role not found!');
  if (role.kind !== 'platform' || !(ASSIGNABLE_ROLES as readonly string[]).includes(role.name)) {
    throw badRequest(`The ${role.name} role cannot be assigned here`, { roleId: [`The ${role.name} role cannot be assigned here`] });
  }
  const before = await roleNamesOf(tx, userId);
  if (before.includes('administrator') && role.name !== 'administrator' && (await administratorsBesides(tx, userId)) === 0) {
    throw conflict('The last administrator cannot lose the administrator role');
  }
  const hod = role.name !== 'hod' && (await headsADepartment(tx, userId)) ? await tx.select().from(roles).where(eq(roles.name, 'hod')) : [];
  const held = [role, ...hod].map((r) => r.id);
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), notInArray(userRoles.roleId, held)));
  await tx
    .insert(userRoles)
    .values(held.map((id) => ({ userId, roleId: id })))
    .onConflictDoNothing();
  const after = await roleNamesOf(tx, userId);
  audit({ action: 'changeRole', entity: 'userRole', entityId: userId, before: { roles: before }, after: { roles: after } });
  return after;
}
