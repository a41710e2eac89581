import { and, eq, inArray, sql } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import type { Db } from '@/server/db/client.js';
import { memberDirectory, userDepartments } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { findOne, notFoundOf } from '@/server/engines/crud.js';
import type { ListParams } from '@/server/engines/list.js';
import { isListed, memberPage } from '@/server/engines/memberList.js';
import { matchingPeople } from '@/server/engines/matching.js';
import { department } from './definition.js';
import { mustManage, type Department } from './headship.js';

/** The department asked for, for a caller who manages it (its head, or CAN_VIEW_DEPARTMENT). */
async function managed(db: Db, caller: Caller | null, id: string) {
  const dept = (await findOne(db, department, id)) as Department | undefined;
  if (!dept) throw notFoundOf('department');
  mustManage(caller, dept, P.viewDepartment);
  return dept;
}

const memberIdsOf = (db: Db, dept: Department) =>
  db.select({ id: userDepartments.userId }).from(userDepartments).where(eq(userDepartments.departmentId, dept.id));

/**
 * A department's members as member summaries, with primary and head markers: for those who manage
 * it. The archived are left out, as from every list of people (docs/decisions/0222), so its total
 * is what 'select all that match' selects; those who said no to listing stay (docs/decisions/0199).
 */
export async function departmentMemberPage(
  db: Db,
  caller: Caller | null,
  query: ListParams & { id: string; userId?: string[]; cursor?: string },
) {
  const dept = await managed(db, caller, query.id);
  const inIt = and(eq(userDepartments.userId, memberDirectory.userId), eq(userDepartments.departmentId, dept.id));
  const memberIds = memberIdsOf(db, dept);
  return memberPage(db, query, {
    scope: `department ${dept.id} ${dept.hodId}`,
    // UserId: a selection's rows (docs/decisions/0222), still the department's members only.
    where: () => [
      inArray(memberDirectory.userId, memberIds),
      isListed,
      query.userId?.length ? inArray(memberDirectory.userId, query.userId) : undefined,
    ],
    extra: () => ({
      isPrimaryDepartment: sql<boolean>`(select ${userDepartments.isPrimaryDepartment} from ${userDepartments} where ${inIt})`,
      joinedAt: sql<string>`(select ${userDepartments.joinedAt} from ${userDepartments} where ${inIt})`,
      isHead: dept.hodId ? sql<boolean>`${memberDirectory.userId} = ${dept.hodId}` : sql<boolean>`false`,
    }),
  });
}

/**
 * 'Select all that match' of a department's roster (docs/decisions/0229): the ids of its members
 * its search keeps, for those who manage it, as the roster shows them (its head serves everyone
 * in it, listed or not: docs/decisions/0199), leaving out the archived, whom no action takes.
 */
export async function matchingDepartmentMembers(db: Db, caller: Caller | null, query: ListParams & { id: string }) {
  const dept = await managed(db, caller, query.id);
  return matchingPeople(db, () => [inArray(memberDirectory.userId, memberIdsOf(db, dept)), isListed], query.search);
}
