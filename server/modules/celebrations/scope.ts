import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CelebrationScopes } from '@/domain/celebrations/schemas.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db } from '@/server/db/client.js';
import { centers, departments, memberDirectory as md, userDepartments } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { forbidden, notFound } from '@/server/http/errors.js';
import { mustManage } from '@/server/modules/departments/headship.js';
import { scopeOf } from '@/server/modules/cihReports/scope.js';

/**
 * Whose birthdays a caller sees (docs/decisions/0208-birthdays-and-anniversaries.md), read from
 * the database at every call with the rules the member lists already use:
 * - the church: the office, who keep other people's records (CAN_UPDATE_OTHER_MEMBERS);
 * - a department: as its member list, the department right or its own head (departments'
 *   mustManage), with CAN_UPDATE_DEPARTMENT, so a head sees only the department they head;
 * - a CIH center: as the CIH reports, every center for CAN_VIEW_CIH_MANAGEMENT, else a leader
 *   (CAN_VIEW_CIH_CENTER) their own center (cihReports' scopeOf).
 */

/** The office: the whole church, and the year of birth. */
export const isOffice = (caller: Caller) => caller.permissions.has(P.updateOtherMembers);

const NOBODY = 'Only the church office, heads of department and CIH leaders see birthdays and anniversaries';

/** The departments and centers a caller may choose, and whether the whole church. */
export async function scopesOf(db: Db, caller: Caller): Promise<CelebrationScopes> {
  const anyDepartment = caller.permissions.has(P.updateDepartment);
  const cih = await scopeOf(db, caller);
  const anyCenter = cih.churchWide || cih.anyCenter;
  const ownCenter = caller.permissions.has(P.viewCihCenter) ? cih.centerId : null;
  const [depts, cents] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.departmentName })
      .from(departments)
      .where(anyDepartment ? undefined : eq(departments.hodId, caller.id))
      .orderBy(asc(departments.departmentName)),
    anyCenter || ownCenter
      ? db
          .select({ id: centers.id, name: centers.centerName })
          .from(centers)
          .where(anyCenter ? undefined : eq(centers.id, ownCenter!))
          .orderBy(asc(centers.centerName))
      : [],
  ]);
  return { church: isOffice(caller), departments: depts, centers: cents };
}

const inDepartments = (ids: string[]) =>
  inArray(md.userId, sql`(select ${userDepartments.userId} from ${userDepartments} where ${inArray(userDepartments.departmentId, ids)})`);

/** "Mine": the church for the office, else every department and center the caller leads; refused when none. */
async function mine(db: Db, caller: Caller): Promise<SQL | undefined> {
  if (isOffice(caller)) return undefined;
  const { departments: depts, centers: cents } = await scopesOf(db, caller);
  if (!depts.length && !cents.length) throw forbidden(NOBODY);
  return or(
    depts.length ? inDepartments(depts.map((d) => d.id)) : undefined,
    cents.length
      ? inArray(
          md.centerId,
          cents.map((c) => c.id),
        )
      : undefined,
  );
}

async function department(db: Db, caller: Caller, id: string) {
  const [dept] = await db.select().from(departments).where(eq(departments.id, id));
  if (!dept) throw notFound('Department not found!');
  mustManage(caller, dept, P.updateDepartment);
  return inDepartments([dept.id]);
}

async function center(db: Db, caller: Caller, id: string) {
  const [found] = await db.select({ id: centers.id }).from(centers).where(eq(centers.id, id));
  if (!found) throw notFound('Center not found!');
  const cih = await scopeOf(db, caller);
  const own = caller.permissions.has(P.viewCihCenter) && cih.centerId === id;
  if (!cih.churchWide && !cih.anyCenter && !own) throw forbidden("You may only see your own CIH center's birthdays and anniversaries");
  return eq(md.centerId, id);
}

/** The condition on member_directory of the scope asked for (undefined: the whole church), or 403/404. */
export async function scopeCondition(db: Db, caller: Caller, scope: string, id?: string): Promise<SQL | undefined> {
  if (scope === 'church') {
    if (!isOffice(caller)) throw forbidden("Only the church office sees the whole church's birthdays and anniversaries");
    return undefined;
  }
  if (scope === 'department') return department(db, caller, id!);
  if (scope === 'center') return center(db, caller, id!);
  return mine(db, caller);
}
