import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import type { delistQuery, undoDelistingQuery } from '@/domain/departments/schemas.js';
import { idField } from '@/domain/common/fields.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, sameText, searchOver } from '@/server/db/queries.js';
import { departmentDelistings, departments, userDepartments, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { page } from '@/server/http/envelope.js';
import { conflict, notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf } from '@/server/engines/list.js';
import { managedDepartment } from './headship.js';
import { ensurePrimary, join, membershipOf } from './membership.js';

type Audit = (entry: AuditEntry) => void;

/** Takes the member out of the department, keeping who did it, when and why. */
export async function delist(tx: Tx, audit: Audit, caller: Caller, q: z.infer<typeof delistQuery>) {
  const dept = await managedDepartment(tx, caller, q.departmentName, P.updateDepartment);
  const member = await membershipOf(tx, q.userId, dept.id);
  if (!member) throw notFound(`This member is not in the ${dept.departmentName} department`);
  if (dept.hodId === q.userId) throw conflict('The head of a department cannot be delisted from it; appoint another head first.');
  await tx.delete(userDepartments).where(and(eq(userDepartments.userId, q.userId), eq(userDepartments.departmentId, dept.id)));
  const [delisted] = await tx
    .insert(departmentDelistings)
    .values({ userId: q.userId, departmentId: dept.id, reason: q.reason, wasPrimary: member.isPrimaryDepartment, delistedBy: caller.id })
    .returning();
  // Their primary department passes to another they are in.
  await ensurePrimary(tx, q.userId);
  audit({ action: 'delist', entity: 'departmentMember', entityId: delisted.id, before: member, after: delisted });
  return delisted;
}

/** Undoes the newest delisting: the member is back, primary again if it was their primary. */
export async function undoDelisting(tx: Tx, audit: Audit, caller: Caller, q: z.infer<typeof undoDelistingQuery>) {
  const dept = await managedDepartment(tx, caller, q.departmentName, P.updateDepartment);
  const [last] = await tx
    .select()
    .from(departmentDelistings)
    .where(
      and(eq(departmentDelistings.userId, q.userId), eq(departmentDelistings.departmentId, dept.id), isNull(departmentDelistings.undoneAt)),
    )
    .orderBy(desc(departmentDelistings.delistedAt))
    .limit(1);
  if (!last) throw notFound(`This member has no delisting from the ${dept.departmentName} department to undo`);
  await join(tx, q.userId, dept.id, last.wasPrimary);
  const [undone] = await tx
    .update(departmentDelistings)
    .set({ undoneAt: new Date(), undoneBy: caller.id })
    .where(eq(departmentDelistings.id, last.id))
    .returning();
  audit({ action: 'undoDelist', entity: 'departmentMember', entityId: last.id, before: last, after: undone });
  return undone;
}

export const delistedQuery = listQuery({
  departmentId: idField('DepartmentId').optional(),
  departmentName: z.string().trim().max(100).optional(),
  userId: idField('UserId').optional(),
  /** delisted (default): still out; restored: undone; all: both. */
  status: z.enum(['delisted', 'restored', 'all'], { error: "Status must be 'delisted', 'restored' or 'all'" }).optional(),
});

const delisting = {
  id: departmentDelistings.id,
  userId: departmentDelistings.userId,
  fullName: personName(departmentDelistings.userId),
  email: users.email,
  departmentId: departmentDelistings.departmentId,
  departmentName: departments.departmentName,
  reason: departmentDelistings.reason,
  delistedAt: departmentDelistings.delistedAt,
  delistedById: departmentDelistings.delistedBy,
  delistedByName: personName(departmentDelistings.delistedBy),
  undoneAt: departmentDelistings.undoneAt,
  undoneByName: personName(departmentDelistings.undoneBy),
};

/** GetDelistedMembers: a head without CAN_VIEW_DEPARTMENT sees the departments they head. */
export async function delistedPage(db: Db, caller: Caller, q: z.infer<typeof delistedQuery>) {
  const status = q.status ?? 'delisted';
  const where = and(
    searchOver(q.search, [delisting.fullName, users.email, departments.departmentName, departmentDelistings.reason]),
    q.departmentId ? eq(departmentDelistings.departmentId, q.departmentId) : undefined,
    q.departmentName ? sameText(departments.departmentName, q.departmentName) : undefined,
    q.userId ? eq(departmentDelistings.userId, q.userId) : undefined,
    status === 'delisted'
      ? isNull(departmentDelistings.undoneAt)
      : status === 'restored'
        ? isNotNull(departmentDelistings.undoneAt)
        : undefined,
    caller.permissions.has(P.viewDepartment) ? undefined : eq(departments.hodId, caller.id),
  );
  const from = (fields: SelectedFields) =>
    db
      .select(fields)
      .from(departmentDelistings)
      .innerJoin(users, eq(users.id, departmentDelistings.userId))
      .innerJoin(departments, eq(departments.id, departmentDelistings.departmentId))
      .where(where);
  const { limit, offset } = pageOf(q);
  const sort = { delistedAt: departmentDelistings.delistedAt, fullName: delisting.fullName, departmentName: departments.departmentName };
  const [rows, [{ n }]] = await Promise.all([
    from(delisting)
      .orderBy(...orderOf(q, sort, [desc(departmentDelistings.delistedAt), asc(departmentDelistings.id)]))
      .limit(limit)
      .offset(offset),
    from({ n: count() }),
  ]);
  return page(rows, Number(n));
}
