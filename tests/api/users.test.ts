import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { users } from '@/server/db/schema/index.js';
import { addPerson, auditOf, rolesOf } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser, uniqueEmail } from '@/tests/support/users.js';

let s: TestServer;
let admin: string;
let adminId: string;
const ids: Record<string, string> = {};
let zoneId: string;
let departmentId: string;

/** Everyone the fixtures add carries this surname prefix, so a search isolates them. */
const FAMILY = 'Uz';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  [{ id: adminId }] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  const post = async (path: string, body: unknown) => (await s.call('POST', path, { body, token: admin })).body.data;
  zoneId = (await post('/CIHZone/Create', { zoneName: 'Users Zone' })).id;
  departmentId = (await post('/Department/CreateDepartment', { departmentName: 'Users Department' })).id;
  ids.ada = await addPerson(s, {
    firstName: 'Ada',
    surName: `${FAMILY}Obi`,
    mobile1: '08030000001',
    role: 'member',
    zoneId,
    departmentIds: [departmentId],
  });
  ids.bayo = await addPerson(s, { firstName: 'Bayo', surName: `${FAMILY}Ade`, role: 'hod', disabled: true });
  ids.chika = await addPerson(s, { firstName: 'Chika', surName: `${FAMILY}Eze`, role: 'firsttimers', isFirstTimer: true, zoneId });
  ids.dead = await addPerson(s, { firstName: 'Dapo', surName: `${FAMILY}Late`, role: 'member', demise: true });
});
afterAll(() => s?.close());

/** The fixtures' page of GetAllUsers, unless params carry their own Search. */
const list = (params = '', token = admin) =>
  s.call('GET', `/Admin/GetAllUsers?PageSize=50&${params.includes('Search=') ? params : `Search=${FAMILY}&${params}`}`, { token });
const names = async (params = '', token = admin) => {
  const res = await list(params, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Array<{ firstName: string }>).map((r) => r.firstName);
};

describe('GetAllUsers', () => {
  it('lists users with their roles and account state, leaving archived people out', async () => {
    const res = await list('SortBy=firstName');
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((r: any) => r.firstName)).toEqual(['Ada', 'Bayo', 'Chika']);
    expect(res.body.data[0]).toMatchObject({
      id: ids.ada,
      fullName: `Ada ${FAMILY}Obi`,
      phoneNumber: '08030000001',
      roles: ['member'],
      isFirstTimer: false,
      disabled: false,
      emailVerified: true,
      convertedAt: null,
    });
    expect(new Date(res.body.data[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(res.body.data[1]).toMatchObject({ roles: ['hod'], disabled: true, status: 'disabled' });
  });

  it('filters by Status, Kind, Role, ZoneId and DepartmentId', async () => {
    expect(await names('Status=disabled')).toEqual(['Bayo']);
    expect(await names('Status=enabled&SortBy=firstName')).toEqual(['Ada', 'Chika']);
    expect(await names('Kind=firsttimer')).toEqual(['Chika']);
    expect(await names('Kind=member&SortBy=firstName')).toEqual(['Ada', 'Bayo']);
    expect(await names('Role=HOD')).toEqual(['Bayo']);
    expect(await names(`ZoneId=${zoneId}&SortBy=firstName`)).toEqual(['Ada', 'Chika']);
    expect(await names(`DepartmentId=${departmentId}`)).toEqual(['Ada']);
  });

  it('sorts through its allowlist and pages with totalCount', async () => {
    expect(await names('SortBy=firstName&SortOrder=desc')).toEqual(['Chika', 'Bayo', 'Ada']);
    // Ties by the name order in the sort's direction: descending is ascending reversed (docs/decisions/0239).
    expect(await names('SortBy=status&SortOrder=asc')).toEqual(['Chika', 'Ada', 'Bayo']);
    expect(await names('SortBy=status&SortOrder=desc')).toEqual(['Bayo', 'Ada', 'Chika']);
    const page2 = await s.call('GET', `/Admin/GetAllUsers?Search=${FAMILY}&SortBy=firstName&PageSize=2&PageNumber=2`, { token: admin });
    expect(page2.body).toMatchObject({ totalCount: 3, data: [{ firstName: 'Chika' }] });
    const bad = await list('SortBy=password');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^SortBy must be one of: .*email.*createdAt/);
    expect((await list('Status=sleeping')).body.errors.status).toEqual(["Status must be 'enabled' or 'disabled'"]);
    expect((await list('Colour=red')).status).toBe(400);
  });

  it('searches names, email and phone', async () => {
    expect(await names('Search=08030000001')).toEqual(['Ada']);
  });

  it('opens only the first-timer list (Kind=firsttimer) to CAN_VIEW_FIRSTTIMERS alone', async () => {
    const viewer = await userWith(s, [P.viewFirstTimers]);
    expect(await names('Kind=firsttimer', viewer.token)).toEqual(['Chika']);
    const all = await list('', viewer.token);
    expect(all.status).toBe(403);
    expect(all.body.message).toBe('You may list first-timers only (Kind=firsttimer)');
    const member = await createUser(s);
    expect((await list('Kind=firsttimer', member.token)).status).toBe(403);
  });
});

describe('DisableUser and EnableUser', () => {
  it('stops every token of a disabled user at once, refuses their login, and audits both calls', async () => {
    const user = await createUser(s);
    const second = await s.login(user.email, user.password);
    expect((await s.call('GET', `/Roles/GetUserRoles?UserId=${user.id}`, { token: user.token })).status).toBe(200);

    const res = await s.call('DELETE', `/Admin/DisableUser?UserId=${user.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ succeeded: true, message: 'User disabled', data: { id: user.id, disabled: true } });
    for (const token of [user.token, second]) {
      const old = await s.call('GET', `/Roles/GetUserRoles?UserId=${user.id}`, { token });
      expect(old.status).toBe(401);
    }
    const login = await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/disabled/);
    const row = (await list(`Search=${encodeURIComponent(user.email)}`)).body.data[0];
    expect(row).toMatchObject({ id: user.id, disabled: true });

    const enabled = await s.call('DELETE', `/Admin/EnableUser?userid=${user.id}`, { token: admin });
    expect(enabled.body).toMatchObject({ message: 'User enabled', data: { disabled: false } });
    expect((await s.call('POST', '/Auth/Login', { body: { username: user.email, password: user.password } })).status).toBe(200);
    // Enabling does not bring the revoked tokens back.
    expect((await s.call('GET', `/Roles/GetUserRoles?UserId=${user.id}`, { token: second })).status).toBe(401);

    const actions = (await auditOf(s, user.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['disable', 'enable']));
    const disable = (await auditOf(s, user.id)).find((a) => a.action === 'disable')!;
    expect(disable.actorId).toBe(adminId);
    expect((disable.before as any).disabled).toBe(false);
    expect((disable.after as any).disabled).toBe(true);
    expect((disable.after as any).passwordHash).toBe('[redacted]');
  });

  it('refuses an administrator disabling themselves', async () => {
    const res = await s.call('DELETE', `/Admin/DisableUser?UserId=${adminId.toUpperCase()}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot disable your own account');
    expect((await s.call('GET', '/Roles/GetPlatformModules', { token: admin })).status).toBe(200);
  });

  it('answers 404 for an unknown user, 400 without an id, 403 without the permission', async () => {
    const unknown = await s.call('DELETE', '/Admin/DisableUser?UserId=00000000-0000-4000-8000-000000000000', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found!');
    const missing = await s.call('DELETE', '/Admin/EnableUser', { token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.userId).toEqual(['UserId is required']);
    const viewer = await userWith(s, [P.viewUserManagement]);
    expect((await s.call('DELETE', `/Admin/DisableUser?UserId=${ids.ada}`, { token: viewer.token })).status).toBe(403);
    const [ada] = await s.database.db.select().from(users).where(eq(users.id, ids.ada));
    expect(ada.disabled).toBe(false);
  });
});

describe('CreateAdmin', () => {
  const create = (body: Record<string, unknown>, token = admin) => s.call('POST', '/Admin/CreateAdmin', { body, token });

  it("validates the form with the spec's messages", async () => {
    const res = await create({ email: 'not-an-email', firstName: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      firstName: ['First name is required'],
      surName: ['Last name is required'],
      email: ['Please enter a valid email address'],
      mobile1: ['Mobile 1 is required'],
    });
  });

  it('creates a verified administrator without a password and mails a reset code and link; the code sets the password', async () => {
    const email = uniqueEmail('admin');
    const res = await create({ firstName: 'Ngozi', surName: 'Admin', email: email.toUpperCase(), mobile1: '08011112222' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email, firstName: 'Ngozi', roles: ['administrator'] });
    expect(res.body.message).toBe(`User created with the role administrator. A link to set their password has been mailed to ${email}.`);
    const id = res.body.data.id;
    const [row] = await s.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ emailVerified: true, isFirstTimer: false, passwordHash: null, disabled: false });
    expect(await rolesOf(s, id)).toEqual(['administrator']);

    const mail = (await s.lastMail(email))!;
    expect(mail.subject).toBe('Flock: your new account');
    expect(mail.text).toContain(`${s.url}/reset-password/${encodeURIComponent(email)}`);
    expect(mail.otp).toMatch(/^\d{6}$/);
    // No password yet: nothing logs in.
    expect((await s.call('POST', '/Auth/Login', { body: { username: email, password: 'Whatever-1' } })).status).toBe(400);

    const reset = await s.call('POST', '/Auth/ChangePasswordComplete', { body: { email, otp: mail.otp, newPassword: 'New-admin-1' } });
    expect(reset.status).toBe(200);
    const login = await s.call('POST', '/Auth/Login', { body: { username: email, password: 'New-admin-1' } });
    expect(login.status).toBe(200);
    expect(login.body.data.permissions).toContainEqual({ accessRight: 'CAN_CREATE', moduleName: 'User Management' });

    const [audit] = (await auditOf(s, id)).filter((a) => a.action === 'create-user');
    expect(audit.actorId).toBe(adminId);
    expect((audit.after as any).role).toBe('administrator');
  });

  it('creates a user in another platform role, named in any letter case', async () => {
    const res = await create({ firstName: 'Kola', surName: 'Head', email: uniqueEmail(), mobile1: '0801', role: 'HOD' });
    expect(res.status).toBe(200);
    expect(await rolesOf(s, res.body.data.id)).toEqual(['hod']);
  });

  it('refuses firsttimers, CIH roles and unknown roles, and a taken email', async () => {
    for (const role of ['firsttimers', 'cihpastor', 'nobody']) {
      const res = await create({ firstName: 'X', surName: 'Y', email: uniqueEmail(), mobile1: '0801', role });
      expect(res.status, role).toBe(400);
      expect(res.body.message).toBe(`No assignable platform role is named "${role}"`);
    }
    const taken = await create({ firstName: 'X', surName: 'Y', email: ADMIN_EMAIL, mobile1: '0801' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This email is already registered');
  });

  it('needs CAN_CREATE_USER_MANAGEMENT', async () => {
    const viewer = await userWith(s, [P.viewUserManagement, P.updateUserManagement]);
    const email = uniqueEmail();
    const res = await create({ firstName: 'X', surName: 'Y', email, mobile1: '0801' }, viewer.token);
    expect(res.status).toBe(403);
    expect(await s.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
