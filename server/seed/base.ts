import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { PERMISSION_CATALOGUE, permissionString } from '@/domain/roles/permissions.js';
import { CIH_ROLES, DEFAULT_ROLE_PERMISSIONS, PLATFORM_ROLES, type RoleName } from '@/domain/roles/roles.js';
import type { Db, Tx } from '@/server/db/client.js';
import { biodata, permissions, rolePermissions, roles, userRoles, users } from '@/server/db/schema/index.js';
import { hashPassword, type PasswordCost } from '@/server/modules/auth/passwords.js';

const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  administrator: 'Runs the whole platform',
  member: 'A church member keeping their own profile',
  inspectorate: 'Oversees CIH zones and centers and decides zone and affinity-group requests',
  hod: 'Head of a department: decides requests for their department',
  firsttimers: 'A first-timer not yet converted to a member',
  cihpastor: 'Pastor of a CIH center: files its reports',
  cihcoordinator: 'Coordinator of a CIH center: files its reports',
};

/**
 * The permission catalogue and the default roles. Idempotent: a role that exists keeps the
 * permissions an administrator gave it, except that administrator always holds the whole catalogue.
 */
export async function seedCatalogue(db: Db | Tx) {
  await db.insert(permissions).values(PERMISSION_CATALOGUE).onConflictDoNothing();
  const allPerms = await db.select().from(permissions);
  const idOf = new Map(allPerms.map((p) => [permissionString(p), p.id]));
  const all: Array<[RoleName, 'platform' | 'cih']> = [
    ...PLATFORM_ROLES.map((r) => [r, 'platform'] as [RoleName, 'platform']),
    ...CIH_ROLES.map((r) => [r, 'cih'] as [RoleName, 'cih']),
  ];
  for (const [name, kind] of all) {
    const created = await db.insert(roles).values({ name, kind, description: ROLE_DESCRIPTIONS[name] }).onConflictDoNothing().returning();
    if (created.length === 0 && name !== 'administrator') continue;
    const [role] = created.length ? created : await db.select().from(roles).where(eq(roles.name, name));
    const ids = DEFAULT_ROLE_PERMISSIONS[name].map((p) => idOf.get(p)).filter((id): id is string => !!id);
    if (ids.length)
      await db
        .insert(rolePermissions)
        .values(ids.map((permissionId) => ({ roleId: role.id, permissionId })))
        .onConflictDoNothing();
  }
}

export async function roleIds(db: Db | Tx, names: readonly string[]) {
  const rows = await db
    .select()
    .from(roles)
    .where(inArray(roles.name, [...names]));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The administrator account; returns the password only when it was generated for a new account. */
export async function seedAdmin(db: Db | Tx, opts: { email: string; password?: string; passwordCost: PasswordCost }) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, opts.email));
  if (existing) return { email: opts.email, created: false as const };
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password, opts.passwordCost);
  // One transaction: an account is never left without its role or biodata.
  const admin = await db.transaction(async (tx) => {
    // A later ADMIN_EMAIL must still get its account: the first administrator already holds 'admin'.
    const [nameTaken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.userName}) = 'admin'`);
    const [row] = await tx
      .insert(users)
      .values({
        email: opts.email,
        userName: nameTaken ? null : 'admin',
        passwordHash,
        firstName: 'Platform',
        surName: 'Administrator',
        emailVerified: true,
        isFirstTimer: false,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    const [role] = await tx.select().from(roles).where(eq(roles.name, 'administrator'));
    await tx.insert(userRoles).values({ userId: row.id, roleId: role.id });
    await tx.insert(biodata).values({ userId: row.id, firstName: 'Platform', surName: 'Administrator', email: opts.email, mobile1: '' });
    return row;
  });
  if (!admin) return { email: opts.email, created: false as const };
  return { email: opts.email, created: true as const, generatedPassword: opts.password ? undefined : password };
}
