import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { departmentsCalls } from '@/domain/departments/calls.js';
import type { Tx } from '@/server/db/client.js';
import { personName, qualified } from '@/server/db/queries.js';
import { departments, memberDirectory, userDepartments, users } from '@/server/db/schema/index.js';
import { blockedBy, type EntityDefinition } from '@/server/engines/crud.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest } from '@/server/http/errors.js';
import { ensurePrimary, handOverHeadship, join, membershipOf } from './membership.js';

const HEAD_NOT_MEMBER = 'The head of department must be a member of the department';

/**
 * A department's member count, as its roster (departmentMemberPage) lists them: archived people
 * leave every list and count of people (docs/decisions/0222, 0229), those who said no to listing
 * stay (docs/decisions/0199). The departments list, a department's page and a head's overview read it.
 */
const memberCount = sql<number>`(select count(*)::int from ${userDepartments}
  inner join ${memberDirectory} on ${qualified(memberDirectory.userId)} = ${qualified(userDepartments.userId)}
  where ${qualified(userDepartments.departmentId)} = ${qualified(departments.id)} and not ${qualified(memberDirectory.archived)})`.mapWith(
  Number,
);

/** How many of the department's members are not archived: they alone keep it from being deleted. */
async function activeMembers(tx: Tx, departmentId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(userDepartments)
    .innerJoin(memberDirectory, eq(memberDirectory.userId, userDepartments.userId))
    .where(and(eq(userDepartments.departmentId, departmentId), eq(memberDirectory.archived, false)));
  return n;
}

/**
 * A department deleted with archived members still in it (docs/decisions/0236): their membership
 * rows go with it, in the delete's transaction, each recorded in the person's history; where it
 * was their primary department, another they are in becomes primary, so a restored member comes
 * back with their other departments as they were.
 */
async function removeArchivedMembers(tx: Tx, audit: (entry: AuditEntry) => void, row: Record<string, unknown> & { id: string }) {
  const removed = await tx
    .delete(userDepartments)
    // The archived only, named again: a member restored since the check keeps the department (the delete then fails).
    .where(
      and(
        eq(userDepartments.departmentId, row.id),
        inArray(
          userDepartments.userId,
          tx.select({ id: memberDirectory.userId }).from(memberDirectory).where(eq(memberDirectory.archived, true)),
        ),
      ),
    )
    .returning({ userId: userDepartments.userId, wasPrimary: userDepartments.isPrimaryDepartment });
  for (const { userId, wasPrimary } of removed) {
    if (wasPrimary) await ensurePrimary(tx, userId);
    const before = { departmentId: row.id, departmentName: row.departmentName, isPrimaryDepartment: wasPrimary };
    audit({ action: 'delete', entity: 'userDepartment', entityId: userId, before });
  }
}

/**
 * Departments through the generic CRUD, on the API contract's /Department/ paths. Beyond the generic
 * steps: the head is chosen from the department's members (a new department's head joins it),
 * headship carries the hod role, and a department with members who are not archived cannot be deleted.
 */
export const department: EntityDefinition = {
  noun: 'department',
  entity: 'department',
  tag: 'Departments',
  table: departments,
  calls: {
    create: departmentsCalls.createDepartment,
    update: departmentsCalls.updateDepartment,
    remove: departmentsCalls.deleteDepartment,
    getAll: departmentsCalls.getAllDepartment,
    getById: departmentsCalls.getDepartmentById,
  },
  // Dropdowns of every profile list the departments.
  access: { read: { signedIn: true }, create: P.createDepartment, update: P.updateDepartment, remove: P.deleteDepartment },
  search: [departments.departmentName, departments.description],
  sort: { departmentName: departments.departmentName, createdAt: departments.createdAt, hodName: personName(departments.hodId) },
  extras: { hodName: personName(departments.hodId) },
  totals: {
    call: departmentsCalls.getAllDepartmentByTotal,
    access: { permission: P.viewDepartment },
    columns: { memberCount },
  },
  unique: [
    {
      field: 'departmentName',
      column: departments.departmentName,
      index: 'departments_name_key',
      message: (v) => `There is already a department named "${v}"`,
    },
  ],
  refs: [{ field: 'hodId', table: users, message: 'No user has this head of department id' }],
  async check(tx, input, before) {
    if (!before || !input.hodId || input.hodId === before.hodId) return;
    if (!(await membershipOf(tx, input.hodId, before.id))) throw badRequest(HEAD_NOT_MEMBER, { hodId: [HEAD_NOT_MEMBER] });
  },
  // Only members who are not archived keep a department: the archived left every list and count (0229).
  async inUse(tx, row) {
    return blockedBy('department', [[await activeMembers(tx, row.id), 'member']]);
  },
  beforeDelete: (tx, audit, row) => removeArchivedMembers(tx, audit, row),
  async afterWrite({ tx, audit, before, after }) {
    const to = (after?.hodId as string | null) ?? null;
    if (!before && to) await join(tx, to, after!.id);
    await handOverHeadship(tx, audit, (before?.hodId as string | null) ?? null, to);
  },
};
