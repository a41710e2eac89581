import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ALL_PERMISSIONS } from '@/domain/roles/permissions.js';
import type { createRoleSchema, updateRoleSchema } from '@/domain/roles/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { countRows } from '@/server/db/queries.js';
import { roles, userRoles } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict } from '@/server/http/errors.js';
import { isSystemRole, lockedRole, mustBeFreeName, permissionsOfRole, resolvePermissions, setRolePermissions } from './store.js';

/** Creating, changing and deleting roles: built-in roles keep their names and are never deleted. */

type Audit = (e: AuditEntry) => void;

/** Creates a platform role with its permissions; answers its id. */
export async function createRole(tx: Tx, audit: Audit, body: z.output<typeof createRoleSchema>) {
  await mustBeFreeName(tx, body.name);
  const given = await resolvePermissions(tx, body.permissions);
  const [role] = await tx.insert(roles).values({ name: body.name, description: body.description, kind: 'platform' }).returning();
  await setRolePermissions(
    tx,
    role.id,
    given.map((p) => p.id),
  );
  audit({ action: 'create', entity: 'role', entityId: role.id, after: { ...role, permissions: given.map((p) => p.permission) } });
  return role.id;
}

/** Taking a right from administrator could lock every administrator out of the roles screen. */
function mustKeepEverything(roleName: string, ids: string[]) {
  if (roleName === 'administrator' && ids.length < ALL_PERMISSIONS.length) {
    throw badRequest('The administrator role always holds every permission', { permissions: ['Administrator holds the whole catalogue'] });
  }
}

/**
 * Renames the role and replaces its description and, when given, its permissions. unchanged
 * checks the locked role's updatedAt against the form's (a stale save is a 409).
 */
export async function updateRole(tx: Tx, audit: Audit, body: z.output<typeof updateRoleSchema>, unchanged: (stored: Date) => void) {
  const before = await lockedRole(tx, body.id);
  unchanged(before.updatedAt);
  const system = isSystemRole(before.name);
  if (system && body.name.toLowerCase() !== before.name) {
    throw badRequest(`The built-in role "${before.name}" cannot be renamed`, { name: ['Built-in roles keep their names'] });
  }
  if (!system) await mustBeFreeName(tx, body.name, before.id);
  const held = (await permissionsOfRole(tx, before.id)).map((p) => p.permission);
  const given = body.permissions && (await resolvePermissions(tx, body.permissions));
  if (given) {
    const ids = given.map((p) => p.id);
    mustKeepEverything(before.name, ids);
    await setRolePermissions(tx, before.id, ids);
  }
  const [after] = await tx
    .update(roles)
    .set({ name: system ? before.name : body.name, description: body.description ?? null, updatedAt: new Date() })
    .where(eq(roles.id, before.id))
    .returning();
  const permissions = given ? given.map((p) => p.permission) : held;
  audit({
    action: 'update',
    entity: 'role',
    entityId: before.id,
    before: { ...before, permissions: held },
    after: { ...after, permissions },
  });
}

/** Deletes a role: refused for built-in roles, and while users hold it (409 naming how many). */
export async function deleteRole(tx: Tx, audit: Audit, roleId: string) {
  const role = await lockedRole(tx, roleId);
  if (isSystemRole(role.name)) throw badRequest(`The built-in role "${role.name}" cannot be deleted`);
  const holders = await countRows(tx, userRoles, eq(userRoles.roleId, role.id));
  if (holders > 0) {
    const who = holders === 1 ? '1 person' : `${holders} people`;
    throw conflict(`This role is held by ${who}; give them another role first.`);
  }
  const permissions = (await permissionsOfRole(tx, role.id)).map((p) => p.permission);
  await tx.delete(roles).where(eq(roles.id, role.id));
  audit({ action: 'delete', entity: 'role', entityId: role.id, before: { ...role, permissions } });
}
