import { and, eq, inArray, sql } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import type { Db } from '@/server/db/client.js';
import { memberDirectory, userDepartments } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { findOne, notFoundOf } from '@/server/engines/crud.js';
import type { ListParams } from '@/server/engines/list.js';
import { memberPage } from '@/server/engines/memberList.js';
import { department } from './definition.js';
import { mustManage, type Department } from './headship.js';

/** A department's members as member summaries, with primary and head markers: for those who manage it. */
export async function departmentMemberPage(
  db: Db,
  caller: Caller | null,
  query: ListParams & { id: string; userId?: string[]; cursor?: string },
) {
  const dept = (await findOne(db, department, query.id)) as Department | undefined;
  if (!dept) throw notFoundOf('department');
  mustManage(caller, dept, P.viewDepartment);
  const inIt = and(eq(userDepartments.userId, memberDirectory.userId), eq(userDepartments.departmentId, dept.id));
  const memberIds = db.select({ id: userDepartments.userId }).from(userDepartments).where(eq(userDepartments.departmentId, dept.id));
  return memberPage(db, query, {
    scope: `department ${dept.id} ${dept.hodId}`,
    // UserId: a selection's rows (docs/decisions/0222), still the department's members only.
    where: () => [
      inArray(memberDirectory.userId, memberIds),
      query.userId?.length ? inArray(memberDirectory.userId, query.userId) : undefined,
    ],
    extra: () => ({
      isPrimaryDepartment: sql<boolean>`(select ${userDepartments.isPrimaryDepartment} from ${userDepartments} where ${inIt})`,
      joinedAt: sql<string>`(select ${userDepartments.joinedAt} from ${userDepartments} where ${inIt})`,
      isHead: dept.hodId ? sql<boolean>`${memberDirectory.userId} = ${dept.hodId}` : sql<boolean>`false`,
    }),
  });
}
