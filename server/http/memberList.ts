import { and, asc, count, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { EMPLOYMENT_STATUSES, GENDERS, MARITAL_STATUSES } from '@/domain/enums.js';
import { idField } from '@/domain/schemas/structure.js';
import type { Db } from '@/server/db/client.js';
import { holdsAffinityGroup, sameText, searchOver } from '@/server/db/queries.js';
import {
  biodata,
  centers,
  churchAffiliations,
  departments,
  roles,
  userDepartments,
  userRoles,
  users,
  zones,
} from '@/server/db/schema/index.js';
import { page } from './envelope.js';
import { listQuery, orderOf, pageOf, type ListParams } from './list.js';

/**
 * The member summary (SPEC.md section 3) as one select over a user, their biodata and church
 * affiliation, shared by the member query, the user list, archived members, department members
 * and a CIH center's members.
 * The profile (biodata) wins over the names given at sign-up.
 */

const firstName = sql<string>`coalesce(${biodata.firstName}, ${users.firstName})`;
const surName = sql<string>`coalesce(${biodata.surName}, ${users.surName})`;
const middleName = sql<string | null>`coalesce(nullif(${biodata.middleName}, ''), ${users.middleName})`;
const phone = sql<string | null>`coalesce(nullif(${biodata.mobile1}, ''), ${users.mobile1})`;
const gender = sql<string | null>`coalesce(${biodata.gender}, ${users.gender})`;

const memberSummary = {
  id: users.id,
  fullName: sql<string>`concat_ws(' ', ${firstName}, nullif(${middleName}, ''), ${surName})`,
  firstName,
  lastName: surName,
  middleName,
  email: users.email,
  phoneNumber: phone,
  location: sql<string | null>`nullif(concat_ws(', ', nullif(${biodata.state}, ''), nullif(${biodata.country}, '')), '')`,
  userRole: sql<
    string | null
  >`(select string_agg(${roles.name}, ', ' order by ${roles.name}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`,
  gender,
  maritalStatus: biodata.maritalStatus,
  employmentStatus: biodata.employmentStatus,
  state: biodata.state,
  dateOfBirth: biodata.dateOfBirth,
  zoneId: churchAffiliations.zoneId,
  zoneName: zones.zoneName,
  centerId: churchAffiliations.centerId,
  centerName: centers.centerName,
  cihRole: churchAffiliations.cihRole,
  status: sql<'active' | 'disabled'>`case when ${users.disabled} then 'disabled' else 'active' end`,
};

/** SPEC.md section 2's member sorts, with the field names of a row as aliases. */
const MEMBER_SORT: Record<string, AnyColumn | SQL> = {
  default: surName,
  firstName,
  surName,
  lastName: surName,
  dob: biodata.dateOfBirth,
  dateOfBirth: biodata.dateOfBirth,
  gender,
  maritalStatus: biodata.maritalStatus,
  employment: biodata.employmentStatus,
  employmentStatus: biodata.employmentStatus,
  state: biodata.state,
};
const BY_NAME = [asc(surName), asc(firstName), asc(users.id)];

const memberSearch = (term?: string) => searchOver(term, [firstName, surName, middleName, users.email, phone, biodata.mobile2]);

function membersFrom(db: Db, fields: SelectedFields) {
  return db
    .select(fields)
    .from(users)
    .leftJoin(biodata, eq(biodata.userId, users.id))
    .leftJoin(churchAffiliations, eq(churchAffiliations.userId, users.id))
    .leftJoin(zones, eq(zones.id, churchAffiliations.zoneId))
    .leftJoin(centers, eq(centers.id, churchAffiliations.centerId));
}

/**
 * One page of member summaries: the list's conditions, its search, sort and paging; extra
 * fields join each row, and extra sorts join the member sorts.
 */
export async function memberPage(
  db: Db,
  q: ListParams,
  where: Array<SQL | undefined>,
  extra: SelectedFields = {},
  sorts: Record<string, AnyColumn | SQL> = {},
) {
  const condition = and(memberSearch(q.search), ...where);
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    membersFrom(db, { ...memberSummary, ...extra })
      .where(condition)
      .orderBy(...orderOf(q, { ...MEMBER_SORT, ...sorts }, BY_NAME))
      .limit(limit)
      .offset(offset),
    membersFrom(db, { n: count() }).where(condition),
  ]);
  return page(rows, Number(n));
}

/** Every member summary matching the conditions, by name (for a center's short list). */
export function allMembers(db: Db, where: SQL | undefined) {
  return membersFrom(db, memberSummary)
    .where(where)
    .orderBy(...BY_NAME);
}

/** Not archived: the demise flag is off (or the person has no biodata yet). */
export const notArchived = or(isNull(biodata.demise), eq(biodata.demise, false));

/** Church members: converted from first-timer and not archived (the demise flag). */
export const isChurchMember = and(eq(users.isFirstTimer, false), notArchived);

export const memberQuerySchema = listQuery({
  zoneId: idField('ZoneId').optional(),
  centerId: idField('CenterId').optional(),
  departmentId: idField('DepartmentId').optional(),
  departmentName: z.string().trim().max(100).optional(),
  affinityGroup: z.string().trim().max(100).optional(),
  gender: z.enum(GENDERS, { error: `Gender must be one of ${GENDERS.join(', ')}` }).optional(),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Choose a marital status from the list' }).optional(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: `Employment status must be one of ${EMPLOYMENT_STATUSES.join(', ')}` }).optional(),
  state: z.string().trim().max(100).optional(),
  role: z.string().trim().max(60).optional(),
  status: z.enum(['active', 'disabled'], { error: "Status must be 'active' or 'disabled'" }).optional(),
});
type MemberQuery = z.infer<typeof memberQuerySchema>;

/** The conditions of GetMemberQuery's named filters. */
export function memberFilters(db: Db, q: MemberQuery): Array<SQL | undefined> {
  const inDepartment = (match: SQL) =>
    inArray(
      users.id,
      db
        .select({ id: userDepartments.userId })
        .from(userDepartments)
        .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
        .where(match),
    );
  const platformRole = (name: string) =>
    inArray(
      users.id,
      db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(sameText(roles.name, name)),
    );
  return [
    q.zoneId && eq(churchAffiliations.zoneId, q.zoneId),
    q.centerId && eq(churchAffiliations.centerId, q.centerId),
    q.departmentId && inDepartment(eq(departments.id, q.departmentId)),
    q.departmentName && inDepartment(sameText(departments.departmentName, q.departmentName)),
    q.affinityGroup && holdsAffinityGroup(q.affinityGroup),
    q.gender && eq(gender, q.gender),
    q.maritalStatus && eq(biodata.maritalStatus, q.maritalStatus),
    q.employmentStatus && eq(biodata.employmentStatus, q.employmentStatus),
    q.state && sameText(biodata.state, q.state),
    // A platform role (hod) or a CIH role (cihpastor).
    q.role && or(platformRole(q.role), sameText(churchAffiliations.cihRole, q.role)),
    q.status && eq(users.disabled, q.status === 'disabled'),
  ].map((c) => c || undefined);
}
