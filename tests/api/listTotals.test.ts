import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generation } from '@/server/db/listTotals.js';
import { rowsOf } from '@/server/db/queries.js';
import { departments, memberDirectory, roles, userRoles, users } from '@/server/db/schema/index.js';
import { addDepartment, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { addPerson } from '@/tests/support/people.js';
import { addRole } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';

/**
 * A list's total is counted once and kept while nothing it counts is written
 * (server/db/listTotals.ts): the kept total is what the list answers, and every write that could
 * change a total moves the generation that voids it.
 */

let s: TestServer;
let admin: string;
let zoneId: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  zoneId = (await addZone(s)).id;
  for (let i = 0; i < 6; i++) await addPerson(s, { zoneId, gender: i % 2 ? 'Male' : 'Female', surName: `Zqt${i}` });
});
afterAll(() => s?.close());

const totalOf = async (query: string) => {
  const res = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?${query}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.totalCount as number;
};
const women = () => `ZoneId=${zoneId}&Gender=Female`;
const countedWomen = async () =>
  (await s.database.db.$count(
    memberDirectory,
    sql`${memberDirectory.zoneId} = ${zoneId} and ${memberDirectory.gender} = 'Female'`,
  )) as number;

const generationNow = async () => rowsOf<{ g: string }>(await s.database.db.execute(sql`select ${generation} as g`))[0].g;

/** Writes with the database's triggers off (as a replica applies changes): the generation stays. */
const unseen = (statement: ReturnType<typeof sql>) =>
  s.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

describe('a kept total', () => {
  it('is answered while nothing is written, for every page and sort, and recounted after a write', async () => {
    expect(await totalOf(women())).toBe(3);
    // A man turned woman behind the triggers' back: the list does not count again.
    const [man] = await s.database.db
      .select({ id: memberDirectory.userId })
      .from(memberDirectory)
      .where(sql`${memberDirectory.zoneId} = ${zoneId} and ${memberDirectory.gender} = 'Male'`)
      .limit(1);
    const before = await generationNow();
    await unseen(sql`update member_directory set gender = 'Female' where user_id = ${man.id}`);
    expect(await generationNow()).toBe(before);
    expect(await countedWomen()).toBe(4);
    expect(await totalOf(women())).toBe(3);
    expect(await totalOf(`${women()}&PageNumber=2&PageSize=2&SortBy=dob&SortOrder=desc`)).toBe(3);
    // Any seen write counts again.
    await addPerson(s, { zoneId, gender: 'Female', surName: 'Zqtnew' });
    expect(await totalOf(women())).toBe(5);
    expect(await countedWomen()).toBe(5);
  });

  it('follows the department and role filters through their own tables', async () => {
    const dept = await addDepartment(s);
    const role = await addRole(s, []);
    const [someone] = await s.database.db
      .select({ id: memberDirectory.userId })
      .from(memberDirectory)
      .where(eq(memberDirectory.zoneId, zoneId))
      .limit(1);
    expect(await totalOf(`DepartmentId=${dept.id}`)).toBe(0);
    expect(await totalOf(`Role=${role.name}`)).toBe(0);
    await joinDepartments(s, someone.id, [dept.id]);
    await s.database.db.insert(userRoles).values({ userId: someone.id, roleId: role.id });
    expect(await totalOf(`DepartmentId=${dept.id}`)).toBe(1);
    expect(await totalOf(`Role=${role.name}`)).toBe(1);
    // Renamed: the old names match no one, the new ones the same person.
    await s.database.db
      .update(departments)
      .set({ departmentName: `${dept.departmentName} new` })
      .where(eq(departments.id, dept.id));
    await s.database.db
      .update(roles)
      .set({ name: `${role.name}-new` })
      .where(eq(roles.id, role.id));
    expect(await totalOf(`DepartmentName=${encodeURIComponent(dept.departmentName)}`)).toBe(0);
    expect(await totalOf(`Role=${role.name}`)).toBe(0);
    expect(await totalOf(`Role=${role.name}-new`)).toBe(1);
  });
});

describe('the generation', () => {
  const moves = async (write: () => Promise<unknown>) => {
    const before = BigInt(await generationNow());
    await write();
    return BigInt(await generationNow()) > before;
  };

  it('moves with each write a total could count, and not with a sign-in or a password change', async () => {
    const id = await addPerson(s, { zoneId });
    const dept = await addDepartment(s);
    const role = await addRole(s, []);
    expect(await moves(() => addPerson(s))).toBe(true);
    expect(await moves(() => s.database.db.update(users).set({ isFirstTimer: true }).where(eq(users.id, id)))).toBe(true);
    expect(await moves(() => joinDepartments(s, id, [dept.id]))).toBe(true);
    expect(await moves(() => s.database.db.update(departments).set({ hodId: id }).where(eq(departments.id, dept.id)))).toBe(true);
    expect(await moves(() => s.database.db.insert(userRoles).values({ userId: id, roleId: role.id }))).toBe(true);
    expect(
      await moves(() =>
        s.database.db
          .update(roles)
          .set({ name: `${role.name}-b` })
          .where(eq(roles.id, role.id)),
      ),
    ).toBe(true);
    expect(await moves(() => s.database.db.delete(userRoles).where(eq(userRoles.userId, id)))).toBe(true);
    const other = await addPerson(s);
    expect(await moves(() => s.database.db.delete(users).where(eq(users.id, other)))).toBe(true);
    expect(
      await moves(() =>
        s.database.db
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, id)),
      ),
    ).toBe(false);
    expect(await moves(() => s.login(ADMIN_EMAIL))).toBe(false);
  });
});
