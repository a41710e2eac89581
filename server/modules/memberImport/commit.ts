import { inArray } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { biodata, churchAffiliations, roles, userDepartments, userRoles, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { CheckedRow } from './check.js';

/** Rows per insert statement: eight columns each stays well under PostgreSQL's 65,535 parameters. */
const CHUNK = 2000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Creates the people of the good rows, as an administrator creates a member (verified, no
 * password, the member role) or as a sign-up makes a first-timer (not verified, the firsttimers
 * role), with their biodata, affiliation and department. Inserts go by chunks, not by row; the
 * trail gets one entry for the import naming the ids, not one per person.
 */
export async function importPeople(tx: Tx, audit: (e: AuditEntry) => void, rows: CheckedRow[], kind: 'member' | 'firsttimer') {
  const roleName = kind === 'member' ? 'member' : 'firsttimers';
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.name, [roleName]));
  const firstTimer = kind === 'firsttimer';
  const ids: string[] = [];
  for (const part of chunks(rows)) {
    const created = await tx
      .insert(users)
      .values(
        part.map((r) => ({
          email: r.email,
          firstName: r.firstName,
          surName: r.surName,
          gender: r.gender,
          mobile1: r.phone,
          emailVerified: !firstTimer,
          isFirstTimer: firstTimer,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = new Map(created.map((u) => [u.email, u.id]));
    const withId = part.map((r) => ({ ...r, userId: idOf.get(r.email)! }));
    ids.push(...withId.map((r) => r.userId));
    if (role) await tx.insert(userRoles).values(withId.map((r) => ({ userId: r.userId, roleId: role.id })));
    await tx.insert(biodata).values(
      withId.map((r) => ({
        userId: r.userId,
        firstName: r.firstName,
        surName: r.surName,
        email: r.email,
        mobile1: r.phone,
        gender: r.gender,
        dateOfBirth: r.dateOfBirth,
        address: r.address,
      })),
    );
    const placed = withId.filter((r) => r.zoneId || r.centerId);
    if (placed.length)
      await tx.insert(churchAffiliations).values(placed.map((r) => ({ userId: r.userId, zoneId: r.zoneId, centerId: r.centerId })));
    const inDepartment = withId.filter((r) => r.departmentId);
    if (inDepartment.length) {
      await tx
        .insert(userDepartments)
        .values(inDepartment.map((r) => ({ userId: r.userId, departmentId: r.departmentId!, isPrimaryDepartment: true })));
    }
  }
  audit({ action: 'import', entity: 'memberImport', entityId: null, after: { kind, count: ids.length, userIds: ids } });
  return ids;
}
