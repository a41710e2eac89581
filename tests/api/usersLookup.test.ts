import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { departments, roles, users } from '@/server/db/schema/index.js';
import { addDepartment } from '@/tests/support/churchStructure.js';
import { auditOf, rolesOf } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser, signUp } from '@/tests/support/users.js';

/** UserManagement lookups and the Admin role calls of the profile screen. */

type Account = Awaited<ReturnType<typeof createUser>>;
let s: TestServer;
let admin: string;
let adminId: string;
let member: Account;
let other: Account;
let roleId: Record<string, string>;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  member = await createUser(s, { overrides: { userName: 'Ada.Obi' } });
  other = await createUser(s);
  roleId = Object.fromEntries((await s.database.db.select().from(roles)).map((r) => [r.name, r.id]));
  [{ id: adminId }] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
});
afterAll(() => s?.close());

const get = (path: string, token: string) => s.call('GET', path, { token });
const changeRole = (userId: string, role: string, token = admin) =>
  s.call('PUT', `/Admin/ChangeUserRole?UserId=${userId}&RoleId=${role}`, { token });

describe('finding a user', () => {
  it('gives a member their own account by id, with role names', async () => {
    const res = await get(`/UserManagement/GetUserbyId?UserId=${member.id}`, member.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: member.id,
      email: member.email,
      fullName: 'Ada Obi',
      roles: ['member'],
      isFirstTimer: false,
    });
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });

  it('says which of their one-per-member records exist, so the web app asks only for those', async () => {
    const has = async () => (await get(`/UserManagement/GetUserbyId?UserId=${other.id}`, admin)).body.data.has;
    const before = await has();
    expect(before).toMatchObject({ biodata: true, employer: false, spouse: false }); // createUser files biodata
    const spouse = {
      userId: other.id,
      title: 'Mrs',
      firstName: 'Funke',
      surName: 'Obi',
      email: 'funke@example.org',
      mobile1: '08030000000',
    };
    expect((await s.call('POST', '/Spouse/Create', { body: spouse, token: admin })).status).toBe(200);
    expect(await has()).toEqual({ ...before, spouse: true });
  });

  it('refuses a member another account (403) and answers 404 for an unknown id', async () => {
    expect((await get(`/UserManagement/GetUserbyId?UserId=${other.id}`, member.token)).status).toBe(403);
    const unknown = await get('/UserManagement/GetUserbyId?UserId=00000000-0000-4000-8000-000000000000', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found!');
  });

  it('finds a user by email and by user name (any letter case) for those who view members', async () => {
    const byEmail = await get(`/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(member.email.toUpperCase())}`, admin);
    expect(byEmail.body.data.id).toBe(member.id);
    const byName = await get('/UserManagement/GetUserbyName?Username=ada.obi', admin);
    expect(byName.body.data).toMatchObject({ id: member.id, userName: 'Ada.Obi' });
    expect((await get(`/UserManagement/GetUserbyEmail?UserEmail=${encodeURIComponent(member.email)}`, member.token)).status).toBe(403);
    expect((await get('/UserManagement/GetUserbyEmail?UserEmail=not-an-email', admin)).status).toBe(400);
  });
});

describe('role lists', () => {
  it('lists the assignable platform roles to administrators, without firsttimers', async () => {
    const res = await get('/Admin/GetPlatformAdminRoles', admin);
    expect(res.body.data.map((r: any) => r.name)).toEqual(['administrator', 'hod', 'inspectorate', 'member']);
    expect(res.body.data[0]).toMatchObject({ id: roleId.administrator });
    expect((await get('/Admin/GetPlatformAdminRoles', member.token)).status).toBe(403);
  });

  it('lists the CIH roles to anyone signed in', async () => {
    const res = await get('/Admin/GetCIHRoles', member.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.name)).toEqual(['cihcoordinator', 'cihpastor']);
  });
});

describe('ChangeUserRole', () => {
  it('gives the user the role in place of theirs, reaching their next call, with an audit row', async () => {
    const res = await changeRole(other.id, roleId.inspectorate);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Role updated', data: { userId: other.id, roles: ['inspectorate'] } });
    expect(await rolesOf(s, other.id)).toEqual(['inspectorate']);
    expect((await auditOf(s, other.id)).at(-1)).toMatchObject({
      action: 'changeRole',
      before: { roles: ['member'] },
      after: { roles: ['inspectorate'] },
    });
    const token = await s.login(other.email, other.password);
    expect((await get(`/Biodata/GetBiodataByUserId?id=${member.id}`, token)).status).toBe(200);
  });

  it('refuses firsttimers, CIH roles and unknown roles or users', async () => {
    const firsttimers = await changeRole(other.id, roleId.firsttimers);
    expect(firsttimers.status).toBe(400);
    expect(firsttimers.body.message).toBe('The firsttimers role cannot be assigned here');
    expect((await changeRole(other.id, roleId.cihpastor)).status).toBe(400);
    const role = await changeRole(other.id, '00000000-0000-4000-8000-000000000000');
    expect(role).toMatchObject({ status: 404, body: { message: 'Role not found!' } });
    expect((await changeRole('00000000-0000-4000-8000-000000000000', roleId.member)).body.message).toBe('User not found!');
  });

  it('is for administrators only', async () => {
    const res = await changeRole(member.id, roleId.administrator, member.token);
    expect(res.status).toBe(403);
    expect(await rolesOf(s, member.id)).toEqual(['member']);
  });

  it('leaves a first-timer to conversion', async () => {
    const newcomer = await signUp(s);
    const res = await changeRole(newcomer.id, roleId.member);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Convert the first-timer to a member before changing their role');
  });

  it('keeps hod with a head of department', async () => {
    const dept = await addDepartment(s);
    await s.database.db.update(departments).set({ hodId: member.id }).where(eq(departments.id, dept.id));
    await changeRole(member.id, roleId.hod);
    const res = await changeRole(member.id, roleId.inspectorate);
    expect(res.body.data.roles).toEqual(['hod', 'inspectorate']);
  });

  it('keeps the last administrator an administrator', async () => {
    const res = await changeRole(adminId, roleId.member);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The last administrator cannot lose the administrator role');
    await changeRole(other.id, roleId.administrator);
    expect((await changeRole(adminId, roleId.member)).status).toBe(200);
    expect(await rolesOf(s, adminId)).toEqual(['member']);
  });
});
