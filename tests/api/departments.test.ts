import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userDepartments } from '@/server/db/schema/index.js';
import { joinDepartments } from '@/tests/support/churchStructure.js';
import { addPerson, auditOf, rolesOf } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

let s: TestServer;
let admin: string;
let member: { id: string; email: string; password: string; token: string };

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  member = await createUser(s);
});
afterAll(() => s?.close());

const create = (body: Record<string, unknown>, token = admin) => s.call('POST', '/Department/CreateDepartment', { body, token });
const update = (body: Record<string, unknown>, token = admin) => s.call('PUT', '/Department/UpdateDepartment', { body, token });
const byId = (id: string) => s.call('GET', `/Department/GetDepartmentById?id=${id}`, { token: admin });
const delist = (userId: string, name: string, reason: string | undefined, token = admin) =>
  s.call(
    'PUT',
    `/ChurchAffiliation/DelistMemberFromDepartment?UserId=${userId}&DepartmentName=${encodeURIComponent(name)}${reason === undefined ? '' : `&Reason=${encodeURIComponent(reason)}`}`,
    { token },
  );
const undo = (userId: string, name: string, token = admin) =>
  s.call('DELETE', `/ChurchAffiliation/DelistMemberFromDepartment?UserId=${userId}&DepartmentName=${encodeURIComponent(name)}`, { token });
const primaryOf = async (userId: string) =>
  (await s.database.db.select().from(userDepartments).where(eq(userDepartments.userId, userId)))
    .filter((r) => r.isPrimaryDepartment)
    .map((r) => r.departmentId);

async function newDepartment(name: string, extra: Record<string, unknown> = {}) {
  const res = await create({ departmentName: name, description: `${name} department`, ...extra });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; departmentName: string; hodId: string | null; hodName: string | null };
}

describe('CreateDepartment', () => {
  it('validates the form with per-field messages', async () => {
    const res = await create({ description: 'no name', hodId: 'not-an-id' });
    expect(res.status).toBe(400);
    expect(res.body.succeeded).toBe(false);
    expect(res.body.errors.departmentName).toEqual(['Department name is required']);
    expect(res.body.errors.hodId).toEqual(['Head of department must be a valid id']);
    const blank = await create({ departmentName: '   ' });
    expect(blank.body.errors.departmentName).toEqual(['Department name is required']);
  });

  it('creates a department and writes its audit row', async () => {
    const res = await create({ departmentName: 'Choir', description: 'Sings on Sundays' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully Created');
    expect(res.body.data).toMatchObject({ departmentName: 'Choir', description: 'Sings on Sundays', hodId: null, hodName: null });
    const [row] = await auditOf(s, res.body.data.id);
    expect(row).toMatchObject({ action: 'create', entity: 'department' });
    expect((row.after as any).departmentName).toBe('Choir');
  });

  it('refuses a name already taken, whatever its letter case', async () => {
    await newDepartment('Ushering');
    const res = await create({ departmentName: 'USHERING' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('There is already a department named "USHERING"');
  });

  it('refuses a head who is not a user', async () => {
    const res = await create({ departmentName: 'Nobody led', hodId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(400);
    expect(res.body.errors.hodId).toEqual(['No user has this head of department id']);
  });

  it('makes the appointed head a member and gives them the hod role', async () => {
    const head = await addPerson(s, { firstName: 'Grace', surName: 'Ade' });
    const dept = await newDepartment('Media', { hodId: head });
    expect(dept.hodName).toBe('Grace Ade');
    expect(await rolesOf(s, head)).toContain('hod');
    expect(await primaryOf(head)).toEqual([dept.id]);
  });
});

describe('department lists', () => {
  it('GetAllDepartment: any signed-in user, search, paging and totalCount', async () => {
    await newDepartment('Protocol Alpha');
    await newDepartment('Protocol Beta');
    await newDepartment('Protocol Gamma');
    const res = await s.call(
      'GET',
      '/Department/GetAllDepartment?Search=protocol&PageNumber=2&PageSize=2&SortBy=departmentName&SortOrder=asc',
      { token: member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((d: any) => d.departmentName)).toEqual(['Protocol Gamma']);
    const dropdown = await s.call('GET', '/Department/GetAllDepartment?PageNumber=1&PageSize=25000', { token: member.token });
    expect(dropdown.body.data.length).toBe(dropdown.body.totalCount);
  });

  it('refuses an unknown sort field and an unknown filter', async () => {
    const sort = await s.call('GET', '/Department/GetAllDepartment?SortBy=password', { token: admin });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/^SortBy must be one of: departmentName/);
    const filter = await s.call('GET', '/Department/GetAllDepartment?Colour=red', { token: admin });
    expect(filter.status).toBe(400);
  });

  it('GetAllDepartmentByTotal counts members and needs CAN_VIEW_DEPARTMENT', async () => {
    const dept = await newDepartment('Sanctuary');
    await addPerson(s, { departmentIds: [dept.id] });
    await addPerson(s, { departmentIds: [dept.id] });
    const res = await s.call('GET', '/Department/GetAllDepartmentByTotal?Search=Sanctuary', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: dept.id, memberCount: 2 })]);
    const sorted = await s.call('GET', '/Department/GetAllDepartmentByTotal?SortBy=memberCount&SortOrder=desc', { token: admin });
    const counts = sorted.body.data.map((d: any) => d.memberCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await s.call('GET', '/Department/GetAllDepartmentByTotal', { token: member.token })).status).toBe(403);
  });

  it('GetDepartmentById answers the department with its head and count, or 404', async () => {
    const head = await addPerson(s, { firstName: 'Kemi', surName: 'Lawal' });
    const dept = await newDepartment('Drama', { hodId: head });
    const res = await byId(dept.id);
    expect(res.body.data).toMatchObject({ id: dept.id, departmentName: 'Drama', hodId: head, hodName: 'Kemi Lawal', memberCount: 1 });
    expect((await byId('9b2c4a57-0000-4000-8000-000000000000')).body.message).toBe('Department not found!');
    const bad = await byId('nope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toEqual(['Id must be a valid id']);
  });
});

describe('UpdateDepartment', () => {
  it('replaces the fields and answers 404 for an unknown id', async () => {
    const dept = await newDepartment('Hospitality');
    const res = await update({ id: dept.id, departmentName: 'Hospitality Team' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Details updated');
    expect(res.body.data).toMatchObject({ departmentName: 'Hospitality Team', description: null });
    const [, row] = await auditOf(s, dept.id);
    expect(row).toMatchObject({ action: 'update', entity: 'department' });
    expect((row.before as any).departmentName).toBe('Hospitality');
    const missing = await update({ id: '9b2c4a57-0000-4000-8000-000000000001', departmentName: 'X' });
    expect(missing.status).toBe(404);
  });

  it('refuses a head who is not a member of the department', async () => {
    const dept = await newDepartment('Welfare');
    const outsider = await addPerson(s);
    const res = await update({ id: dept.id, departmentName: 'Welfare', hodId: outsider });
    expect(res.status).toBe(400);
    expect(res.body.errors.hodId).toEqual(['The head of department must be a member of the department']);
  });

  it('moves the hod role from the replaced head to the new one', async () => {
    const first = await addPerson(s);
    const dept = await newDepartment('Prayer', { hodId: first });
    const second = await addPerson(s, { departmentIds: [dept.id] });
    expect(await rolesOf(s, second)).not.toContain('hod');
    const res = await update({ id: dept.id, departmentName: 'Prayer', hodId: second });
    expect(res.status).toBe(200);
    expect(await rolesOf(s, second)).toContain('hod');
    expect(await rolesOf(s, first)).not.toContain('hod');
    const grants = (await auditOf(s, second)).filter((r) => r.action === 'grantRole');
    expect(grants).toHaveLength(1);
  });

  it('leaves the hod role with a replaced head who heads another department', async () => {
    const head = await addPerson(s);
    await newDepartment('Evangelism', { hodId: head });
    const dept = await newDepartment('Follow Up', { hodId: head });
    const next = await addPerson(s, { departmentIds: [dept.id] });
    await update({ id: dept.id, departmentName: 'Follow Up', hodId: next });
    expect(await rolesOf(s, head)).toContain('hod');
  });
});

describe('DeleteDepartment', () => {
  it('is refused while the department has members, with how many', async () => {
    const dept = await newDepartment('Technical');
    await addPerson(s, { departmentIds: [dept.id] });
    await addPerson(s, { departmentIds: [dept.id] });
    const res = await s.call('DELETE', `/Department/DeleteDepartment?id=${dept.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This department has 2 members; move them before deleting it.');
  });

  it('is not kept by archived members: their rows go with it, another of their departments becomes primary, each recorded (docs/decisions/0236)', async () => {
    const dept = await newDepartment('Intercessors');
    const welfare = await newDepartment('Prison visits');
    const stays = await addPerson(s, { departmentIds: [dept.id] });
    // Archived, with Intercessors as their primary department and Prison visits beside it.
    const elder = await addPerson(s, { demise: true, departmentIds: [dept.id, welfare.id] });
    const alone = await addPerson(s, { demise: true, departmentIds: [dept.id] });
    const remove = () => s.call('DELETE', `/Department/DeleteDepartment?id=${dept.id}`, { token: admin });
    const rowsOfDept = async () =>
      (await s.database.db.select().from(userDepartments).where(eq(userDepartments.departmentId, dept.id))).map((r) => r.userId).sort();

    // Only the member who is not archived counts, and a refusal changes nothing.
    const refused = await remove();
    expect([refused.status, refused.body.message]).toEqual([409, 'This department has 1 member; move them before deleting it.']);
    expect(await rowsOfDept()).toEqual([stays, elder, alone].sort());

    expect((await s.call('PUT', `/Biodata/ArchiveMember?UserId=${stays}`, { token: admin })).status).toBe(200);
    const res = await remove();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await byId(dept.id)).status).toBe(404);
    expect(await rowsOfDept()).toEqual([]);
    expect(await primaryOf(elder)).toEqual([welfare.id]);
    for (const who of [stays, elder, alone]) {
      const entries = (await auditOf(s, who)).filter((r) => r.entity === 'userDepartment' && r.action === 'delete');
      expect(entries.map((r) => r.before)).toEqual([expect.objectContaining({ departmentId: dept.id, departmentName: 'Intercessors' })]);
    }
    // Restored, the member is back in the departments that remain.
    expect((await s.call('PUT', `/Biodata/RestoreMember?UserId=${elder}`, { token: admin })).status).toBe(200);
    const theirs = await s.call('GET', `/Department/GetDepartmentByUserId?id=${elder}`, { token: admin });
    expect(
      theirs.body.data.map((d: { departmentName: string; isPrimaryDepartment: boolean }) => [d.departmentName, d.isPrimaryDepartment]),
    ).toEqual([['Prison visits', true]]);
  });

  it('deletes an empty department and writes the audit row', async () => {
    const dept = await newDepartment('Sports');
    const res = await s.call('DELETE', `/Department/DeleteDepartment?id=${dept.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully Deleted');
    expect((await byId(dept.id)).status).toBe(404);
    expect((await auditOf(s, dept.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });
});

describe('GetDepartmentMembers', () => {
  it('lists members with their markers, with search and paging', async () => {
    const head = await addPerson(s, { firstName: 'Ngozi', surName: 'Eze' });
    const dept = await newDepartment('Children Church', { hodId: head });
    await addPerson(s, { firstName: 'Bayo', surName: 'Ojo', departmentIds: [dept.id] });
    await addPerson(s, { firstName: 'Chidi', surName: 'Okafor', email: 'chidi.okafor@example.org', departmentIds: [dept.id] });
    const res = await s.call('GET', `/Department/GetDepartmentMembers?id=${dept.id}&PageSize=2&SortBy=firstName`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((m: any) => m.firstName)).toEqual(['Bayo', 'Chidi']);
    expect(res.body.data[0]).toMatchObject({ fullName: 'Bayo Ojo', isPrimaryDepartment: true, isHead: false });
    const searched = await s.call('GET', `/Department/GetDepartmentMembers?id=${dept.id}&Search=okafor@`, { token: admin });
    expect(searched.body.data.map((m: any) => m.lastName)).toEqual(['Okafor']);
    const heads = await s.call('GET', `/Department/GetDepartmentMembers?id=${dept.id}&Search=Ngozi`, { token: admin });
    expect(heads.body.data[0].isHead).toBe(true);
  });

  it('is refused to a member', async () => {
    const dept = await newDepartment('Decoration');
    expect((await s.call('GET', `/Department/GetDepartmentMembers?id=${dept.id}`, { token: member.token })).status).toBe(403);
  });
});

describe('archived members', () => {
  it("leave a department's roster and every count of it; the roster's total is what 'select all that match' selects", async () => {
    const head = await createUser(s, { role: 'hod' });
    const dept = await newDepartment('Hospitality', { hodId: head.id });
    const stays = await addPerson(s, { firstName: 'Stella', surName: 'Rostertest', departmentIds: [dept.id] });
    const leaves = await addPerson(s, { firstName: 'Lemi', surName: 'Rostertest', departmentIds: [dept.id] });
    // Said no to listing: still on the department's own roster (docs/decisions/0199).
    const unlisted = await createUser(s, { overrides: { consents: { listing: false } } });
    await joinDepartments(s, unlisted.id, [dept.id]);
    const everyone = [head.id, stays, leaves, unlisted.id].sort();

    const roster = async (query = '') => {
      const res = await s.call('GET', `/Department/GetDepartmentMembers?Id=${dept.id}&PageSize=100${query}`, { token: head.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { total: res.body.totalCount as number, ids: res.body.data.map((r: { id: string }) => r.id).sort() as string[] };
    };
    const matching = async () => {
      const res = await s.call('GET', `/Department/GetMatchingDepartmentMembers?Id=${dept.id}`, { token: head.token });
      return [...(res.body.data.ids as string[])].sort();
    };
    const counts = async () => {
      const list = await s.call('GET', '/Department/GetAllDepartmentByTotal?Search=Hospitality', { token: admin });
      return { list: list.body.data[0].memberCount, page: (await byId(dept.id)).body.data.memberCount };
    };

    expect(await roster()).toEqual({ total: 4, ids: everyone });
    expect(await matching()).toEqual(everyone);
    expect(await counts()).toEqual({ list: 4, page: 4 });

    expect((await s.call('PUT', `/Biodata/ArchiveMember?UserId=${leaves}`, { token: admin })).status).toBe(200);
    const left = everyone.filter((id) => id !== leaves);
    expect(await roster()).toEqual({ total: 3, ids: left });
    expect(await matching()).toEqual(left);
    expect(await counts()).toEqual({ list: 3, page: 3 });
    // Not by search, nor as a selection's row by id (docs/decisions/0222).
    expect(await roster('&Search=Lemi')).toEqual({ total: 0, ids: [] });
    expect(await roster(`&UserId=${leaves}`)).toEqual({ total: 0, ids: [] });

    // Restored: back in all of them.
    expect((await s.call('PUT', `/Biodata/RestoreMember?UserId=${leaves}`, { token: admin })).status).toBe(200);
    expect(await roster()).toEqual({ total: 4, ids: everyone });
    expect(await counts()).toEqual({ list: 4, page: 4 });
  });
});

describe('delisting', () => {
  it('needs a reason', async () => {
    const dept = await newDepartment('Greeters');
    const who = await addPerson(s, { departmentIds: [dept.id] });
    const res = await delist(who, 'Greeters', undefined);
    expect(res.status).toBe(400);
    expect(res.body.errors.reason).toEqual(['Reason is required']);
  });

  it('answers 404 for an unknown department or a non-member, and refuses the head', async () => {
    const head = await addPerson(s);
    const dept = await newDepartment('Counselling', { hodId: head });
    const outsider = await addPerson(s);
    expect((await delist(outsider, 'No Such Department', 'x')).body.message).toBe('Department not found!');
    const notIn = await delist(outsider, 'Counselling', 'x');
    expect(notIn.status).toBe(404);
    expect(notIn.body.message).toBe('This member is not in the Counselling department');
    const headRes = await delist(head, dept.departmentName, 'x');
    expect(headRes.status).toBe(409);
    expect(headRes.body.message).toBe('The head of a department cannot be delisted from it; appoint another head first.');
  });

  it('delists with who and why, passes the primary on, lists it, and undoes it', async () => {
    const dept = await newDepartment('Sound');
    const other = await newDepartment('Lighting');
    const who = await addPerson(s, { firstName: 'Femi', surName: 'Ajayi', departmentIds: [dept.id, other.id] });
    const res = await delist(who, 'sound', 'Absent for three months');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: who,
      departmentId: dept.id,
      reason: 'Absent for three months',
      wasPrimary: true,
      undoneAt: null,
    });
    const [row] = await s.database.db
      .select()
      .from(userDepartments)
      .where(and(eq(userDepartments.userId, who), eq(userDepartments.departmentId, dept.id)));
    expect(row).toBeUndefined();
    expect(await primaryOf(who)).toEqual([other.id]);
    expect((await auditOf(s, res.body.data.id))[0]).toMatchObject({ action: 'delist', entity: 'departmentMember' });

    const listed = await s.call('GET', '/ChurchAffiliation/GetDelistedMembers?DepartmentName=Sound', { token: admin });
    expect(listed.body.totalCount).toBe(1);
    expect(listed.body.data[0]).toMatchObject({
      userId: who,
      fullName: 'Femi Ajayi',
      departmentName: 'Sound',
      reason: 'Absent for three months',
      delistedByName: 'Platform Administrator',
    });
    const byDeptId = await s.call('GET', `/ChurchAffiliation/GetDelistedMembers?DepartmentId=${other.id}`, { token: admin });
    expect(byDeptId.body.totalCount).toBe(0);

    const undone = await undo(who, 'Sound');
    expect(undone.status).toBe(200);
    expect(undone.body.data.undoneAt).not.toBeNull();
    expect(await primaryOf(who)).toEqual([dept.id]);
    expect((await s.call('GET', '/ChurchAffiliation/GetDelistedMembers?DepartmentName=Sound', { token: admin })).body.totalCount).toBe(0);
    const restored = await s.call('GET', '/ChurchAffiliation/GetDelistedMembers?DepartmentName=Sound&Status=restored', { token: admin });
    expect(restored.body.data[0]).toMatchObject({ userId: who, undoneByName: 'Platform Administrator' });
    const again = await undo(who, 'Sound');
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This member has no delisting from the Sound department to undo');
  });

  it('GetDelistedMembers checks its sort and filters', async () => {
    expect((await s.call('GET', '/ChurchAffiliation/GetDelistedMembers?SortBy=reasonx', { token: admin })).status).toBe(400);
    expect((await s.call('GET', '/ChurchAffiliation/GetDelistedMembers?Status=gone', { token: admin })).body.errors.status).toEqual([
      "Status must be 'delisted', 'restored' or 'all'",
    ]);
    expect((await s.call('GET', '/ChurchAffiliation/GetDelistedMembers', { token: member.token })).status).toBe(403);
  });

  it("lets a head without CAN_VIEW_DEPARTMENT manage their own department's members and nobody else's", async () => {
    // Narrow the hod role to its approving right, so only headship can let the head in.
    const db = s.database.db;
    const [hod] = await db.select().from(roles).where(eq(roles.name, 'hod'));
    const [view] = await db
      .select()
      .from(permissions)
      .where(and(eq(permissions.accessRight, 'CAN_VIEW'), eq(permissions.moduleName, 'Department')));
    await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, hod.id), eq(rolePermissions.permissionId, view.id)));

    const headUser = await createUser(s);
    const dept = await newDepartment('Youth Choir', { hodId: headUser.id });
    const other = await newDepartment('Adult Choir');
    const mine = await addPerson(s, { departmentIds: [dept.id] });
    const theirs = await addPerson(s, { departmentIds: [other.id] });
    await delist(theirs, 'Adult Choir', 'Left the choir');
    const head = await s.login(headUser.email, headUser.password); // the hod role reaches the token at login
    expect((await delist(mine, 'Youth Choir', 'Moved away', head)).status).toBe(200);
    const seen = await s.call('GET', '/ChurchAffiliation/GetDelistedMembers', { token: head });
    expect(seen.body.data.map((d: any) => d.departmentName)).toEqual(['Youth Choir']);
    expect((await undo(mine, 'Youth Choir', head)).status).toBe(200);
    expect((await s.call('GET', `/Department/GetDepartmentMembers?id=${dept.id}`, { token: head })).status).toBe(200);
    expect((await s.call('GET', `/Department/GetDepartmentMembers?id=${other.id}`, { token: head })).status).toBe(403);
    const refused = await undo(theirs, 'Adult Choir', head);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the head of this department may do this');
  });
});

describe('a member', () => {
  it('gets 403 on every department mutation', async () => {
    const dept = await newDepartment('Car Park');
    const calls = [
      create({ departmentName: 'Mine' }, member.token),
      update({ id: dept.id, departmentName: 'Mine' }, member.token),
      s.call('DELETE', `/Department/DeleteDepartment?id=${dept.id}`, { token: member.token }),
      delist(member.id, 'Car Park', 'x', member.token),
      undo(member.id, 'Car Park', member.token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You are not authorised');
    }
    expect((await byId(dept.id)).body.data.departmentName).toBe('Car Park');
  });
});
