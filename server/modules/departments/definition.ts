import { eq, sql } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { departmentsCalls } from '@/domain/departments/calls.js';
import { countRows, personName, qualified } from '@/server/db/queries.js';
import { departments, memberDirectory, userDepartments, users } from '@/server/db/schema/index.js';
import { blockedBy, type EntityDefinition } from '@/server/engines/crud.js';
import { badRequest } from '@/server/http/errors.js';
import { handOverHeadship, join, membershipOf } from './membership.js';

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

/**
 * Departments through the generic CRUD, on the API contract's /Department/ paths. Beyond the generic
 * steps: the head is chosen from the department's members (a new department's head joins it),
 * headship carries the hod role, and a department with members cannot be deleted.
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
  async inUse(tx, row) {
    return blockedBy('department', [[await countRows(tx, userDepartments, eq(userDepartments.departmentId, row.id)), 'member']]);
  },
  async afterWrite({ tx, audit, before, after }) {
    const to = (after?.hodId as string | null) ?? null;
    if (!before && to) await join(tx, to, after!.id);
    await handOverHeadship(tx, audit, (before?.hodId as string | null) ?? null, to);
  },
};
