import { randomUUID } from 'node:crypto';
import {
  affinityGroups,
  centers,
  departments,
  ministries,
  mountainsOfInfluence,
  units,
  userDepartments,
  zones,
} from '@/server/db/schema/index.js';
import type { TestServer } from './server.js';

/**
 * Zones, centers, departments, affinity groups and lookup names written straight into the
 * database: the fixtures of the profile's tests, which only read them. Names get a unique
 * suffix unless given, so tests in one file never collide.
 */

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

export async function addZone(s: TestServer, zoneName = unique('Zone')) {
  const [row] = await s.database.db.insert(zones).values({ zoneName }).returning();
  return row;
}

export async function addCenter(s: TestServer, zoneId: string, centerName = unique('Center')) {
  const [row] = await s.database.db
    .insert(centers)
    .values({ zoneId, centerName, address: `${centerName} street` })
    .returning();
  return row;
}

export async function addDepartment(s: TestServer, departmentName = unique('Department')) {
  const [row] = await s.database.db.insert(departments).values({ departmentName }).returning();
  return row;
}

export async function addAffinityGroup(s: TestServer, affinityGroupName = unique('Group')) {
  const [row] = await s.database.db
    .insert(affinityGroups)
    .values({ affinityGroupName, affinityGroupCode: `G${randomUUID().slice(0, 8)}` })
    .returning();
  return row;
}

/** A mountain of influence, a ministry and a unit, by name. */
export async function addLookups(s: TestServer) {
  const db = s.database.db;
  const [mountain] = await db
    .insert(mountainsOfInfluence)
    .values({ name: unique('Mountain') })
    .returning();
  const [ministry] = await db
    .insert(ministries)
    .values({ name: unique('Ministry') })
    .returning();
  const [unit] = await db
    .insert(units)
    .values({ name: unique('Unit') })
    .returning();
  return { mountain: mountain.name, ministry: ministry.name, unit: unit.name };
}

/** Puts the member in the departments; the first is primary. */
export async function joinDepartments(s: TestServer, userId: string, departmentIds: string[]) {
  for (const [i, departmentId] of departmentIds.entries()) {
    await s.database.db.insert(userDepartments).values({ userId, departmentId, isPrimaryDepartment: i === 0 });
  }
}
