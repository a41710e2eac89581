import { and, count, eq, ne, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { roleNamesOf } from '@/server/db/permissionsOf.js';
import { departments, roles, userRoles } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict, notFound } from '@/server/http/errors.js';
import { existingUser } from '@/server/engines/profileAccess.js';

/** A platform role anyone may be given by hand: built in or created with CreateRole, but not firsttimers (given by sign-up). */
const isAssignable = (role: { kind: string; name: string }) => role.kind === 'platform' && role.name !== 'firsttimers';

/** Roles of one kind as the Change Role modal (every assignable platform role, custom ones too) and the CIH role picker list them. */
export function rolesOfKind(db: Db, kind: 'platform' | 'cih') {
  const names = kind === 'platform' ? ne(roles.name, 'firsttimers') : undefined;
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
 * Gives the user this one platform role (built in or custom) in place of the ones held. firsttimers is not assignable,
 * and a first-timer gets a role by conversion (its own call, which records when); a head of
 * department keeps hod while heading one; the last administrator keeps the role.
 * A role the user keeps keeps its extra permissions. The new role reaches the user's permissions
 * on their next call.
 */
export async function changeUserRole(tx: Tx, audit: (e: AuditEntry) => void, userId: string, roleId: string) {
  const user = await existingUser(tx, userId);
  if (user.isFirstTimer) throw badRequest('Convert the first-timer to a member before changing their role');
  const [role] = await tx.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound('Role not found!');
  if (!isAssignable(role)) {
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
