import { randomUUID } from 'node:crypto';
import { permissionString } from '@/domain/roles/permissions.js';
import { permissions, rolePermissions, roles } from '@/server/db/schema/index.js';
import type { TestServer } from './server.js';
import { createUser, setRole } from './users.js';

/** A platform role granting exactly these permission strings, written straight into the database. */
export async function addRole(s: TestServer, grants: string[], name = `role-${randomUUID().slice(0, 8)}`) {
  const db = s.database.db;
  const [role] = await db.insert(roles).values({ name, kind: 'platform' }).returning();
  const all = await db.select().from(permissions);
  const ids = all.filter((p) => grants.includes(permissionString(p))).map((p) => p.id);
  if (ids.length !== grants.length) throw new Error(`unknown permissions among ${grants.join(', ')}`);
  if (ids.length) await db.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role.id, permissionId })));
  return role;
}

/** A verified, signed-in account whose one role grants exactly these permissions. */
export async function userWith(s: TestServer, grants: string[]) {
  const user = await createUser(s);
  const role = await addRole(s, grants);
  await setRole(s, user.id, role.name);
  return { ...user, role: role.name, token: await s.login(user.email, user.password) };
}
