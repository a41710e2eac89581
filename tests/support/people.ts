import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { auditLogs, biodata, churchAffiliations, roles, userDepartments, userRoles, users } from '@/server/db/schema/index.js';
import type { TestServer } from './server.js';

export type PersonFields = {
  firstName?: string;
  surName?: string;
  middleName?: string;
  email?: string;
  mobile1?: string;
  gender?: 'Male' | 'Female';
  maritalStatus?: string;
  employmentStatus?: string;
  dateOfBirth?: string;
  state?: string;
  country?: string;
  isFirstTimer?: boolean;
  demise?: boolean;
  disabled?: boolean;
  role?: string;
  zoneId?: string;
  centerId?: string;
  cihRole?: string;
  affinityGroup?: string[];
  mountainOfInfluence?: string;
  departmentIds?: string[];
};

/**
 * A church member written straight into the database (no sign-up, no password): the fixture of
 * lists and filters. Returns the user id.
 */
export async function addPerson(s: TestServer, p: PersonFields = {}): Promise<string> {
  const db = s.database.db;
  const email = p.email ?? `person-${randomUUID().slice(0, 12)}@example.org`;
  const firstName = p.firstName ?? 'Tolu';
  const surName = p.surName ?? 'Bello';
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName,
      surName,
      middleName: p.middleName,
      gender: p.gender,
      mobile1: p.mobile1,
      emailVerified: true,
      isFirstTimer: p.isFirstTimer ?? false,
      disabled: p.disabled ?? false,
    })
    .returning();
  await db.insert(biodata).values({
    userId: user.id,
    firstName,
    surName,
    middleName: p.middleName,
    email,
    mobile1: p.mobile1 ?? '',
    gender: p.gender,
    maritalStatus: p.maritalStatus,
    employmentStatus: p.employmentStatus,
    dateOfBirth: p.dateOfBirth,
    state: p.state,
    country: p.country,
    demise: p.demise ?? false,
  });
  if (p.role) {
    const [role] = await db.select().from(roles).where(eq(roles.name, p.role));
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  }
  if (p.zoneId || p.centerId || p.cihRole || p.affinityGroup || p.mountainOfInfluence) {
    await setAffiliation(s, user.id, p);
  }
  for (const [i, departmentId] of (p.departmentIds ?? []).entries()) {
    await db.insert(userDepartments).values({ userId: user.id, departmentId, isPrimaryDepartment: i === 0 });
  }
  return user.id;
}

/** Writes the church affiliation of an existing user (a zone, center, CIH role ...). */
export async function setAffiliation(
  s: TestServer,
  userId: string,
  p: Pick<PersonFields, 'zoneId' | 'centerId' | 'cihRole' | 'affinityGroup' | 'mountainOfInfluence'>,
) {
  const values = {
    zoneId: p.zoneId,
    centerId: p.centerId,
    cihRole: p.cihRole,
    affinityGroup: p.affinityGroup ?? [],
    mountainOfInfluence: p.mountainOfInfluence,
  };
  await s.database.db
    .insert(churchAffiliations)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: churchAffiliations.userId, set: values });
}

/** The audit rows written about one record, oldest first. */
export async function auditOf(s: TestServer, entityId: string) {
  const rows = await s.database.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The platform role names a user holds. */
export async function rolesOf(s: TestServer, userId: string): Promise<string[]> {
  const rows = await s.database.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name).sort();
}
