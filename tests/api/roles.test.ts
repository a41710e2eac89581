import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, MODULES, P } from '@/domain/roles/permissions.js';
import { DEFAULT_ROLE_PERMISSIONS } from '@/domain/roles/roles.js';
import { churchAffiliations, rolePermissions, roles, userPermissions, users } from '@/server/db/schema/index.js';
import { addPerson, auditOf, rolesOf } from '@/tests/support/people.js';
import { addRole, userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser, setRole } from '@/tests/support/users.js';

/** What the seeded member role grants (domain/roles/roles.ts). */
const MEMBER_DEFAULTS = DEFAULT_ROLE_PERMISSIONS.member;

let s: TestServer;
let admin: string;
let adminId: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  [{ id: adminId }] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
});
afterAll(() => s?.close());

const AT_ONCE = 'Changes take effect at once.';
const get = (path: string, token = admin) => s.call('GET', path, { token });
const createRole = (body: unknown, token = admin) => s.call('POST', '/Roles/CreateRole', { body, token });
const updateRole = (body: unknown, token = admin) => s.call('PUT', '/Roles/UpdateRole', { body, token });
const deleteRole = (roleId: string, token = admin) => s.call('DELETE', `/Roles/DeleteRole?RoleId=${roleId}`, { token });
const assign = (roleId: string, userId: string, body: unknown, token = admin) =>
  s.call('POST', `/Roles/AssignPermissions?RoleId=${roleId}&UserId=${userId}`, { body, token });
const remove = (roleId: string, userId: string, permission?: string, token = admin) =>
  s.call('DELETE', `/Roles/RemovePermission?RoleId=${roleId}&UserId=${userId}${permission ? `&Permission=${permission}` : ''}`, { token });
const roleNamed = async (name: string) => (await s.database.db.select().from(roles).where(eq(roles.name, name)))[0];
const permissionsAtLogin = async (email: string, password: string) => {
  const res = await s.call('POST', '/Auth/Login', { body: { username: email, password } });
  return (res.body.data.permissions as Array<{ accessRight: string; moduleName: string }>).map(
    (p) => `${p.accessRight}_${p.moduleName.toUpperCase().replace(/ /g, '_')}`,
  );
};

describe('the catalogue', () => {
  it('GetPlatformModules lists every module with its access rights', async () => {
    const res = await get('/Roles/GetPlatformModules');
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: any) => m.moduleName)).toEqual(MODULES.map((m) => m.name));
    expect(res.body.data.find((m: any) => m.moduleName === 'Firsttimers')).toEqual({
      moduleName: 'Firsttimers',
      accessRights: ['CAN_VIEW', 'CAN_CREATE', 'CAN_UPDATE', 'CAN_DELETE', 'CAN_APPROVE'],
      permissions: [
        'CAN_VIEW_FIRSTTIMERS',
        'CAN_CREATE_FIRSTTIMERS',
        'CAN_UPDATE_FIRSTTIMERS',
        'CAN_DELETE_FIRSTTIMERS',
        'CAN_APPROVE_FIRSTTIMERS',
      ],
    });
  });

  it('GetPlatformPermissions lists the whole catalogue in order, with ids', async () => {
    const res = await get('/Roles/GetPlatformPermissions');
    expect(res.body.data.map((p: any) => p.permission)).toEqual(ALL_PERMISSIONS);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      accessRight: 'CAN_VIEW',
      moduleName: 'Admin Dashboard',
      permission: 'CAN_VIEW_ADMIN_DASHBOARD',
    });
  });

  it('is read with CAN_VIEW_ROLES', async () => {
    const member = await createUser(s);
    for (const path of ['/Roles/GetPlatformModules', '/Roles/GetPlatformPermissions', '/Roles/GetPlatformRoles']) {
      expect((await get(path, member.token)).status, path).toBe(403);
    }
    const viewer = await userWith(s, [P.viewRoles]);
    expect((await get('/Roles/GetPlatformRoles', viewer.token)).status).toBe(200);
  });
});

describe('GetPlatformRoles', () => {
  it('lists platform roles with built-in marker, user count and permission count', async () => {
    const res = await get('/Roles/GetPlatformRoles?PageSize=50');
    expect(res.status).toBe(200);
    const byName = new Map<string, any>(res.body.data.map((r: any) => [r.name, r]));
    expect(byName.get('administrator')).toMatchObject({
      kind: 'platform',
      isSystem: true,
      userCount: 1,
      permissionCount: ALL_PERMISSIONS.length,
    });
    expect(byName.get('member')).toMatchObject({ isSystem: true, permissionCount: MEMBER_DEFAULTS.length });
    expect(byName.has('cihpastor')).toBe(false);
    expect(res.body.totalCount).toBe(res.body.data.length);
  });

  it('searches, sorts and pages', async () => {
    const role = await addRole(s, [P.viewMembers, P.viewRoles], 'Zz Search Role');
    await setRole(s, (await createUser(s)).id, role.name);
    const res = await get('/Roles/GetPlatformRoles?Search=zz search');
    expect(res.body).toMatchObject({
      totalCount: 1,
      data: [{ name: 'Zz Search Role', isSystem: false, userCount: 1, permissionCount: 2 }],
    });
    const top = await get('/Roles/GetPlatformRoles?SortBy=permissionCount&SortOrder=desc&PageSize=1');
    expect(top.body.data.map((r: any) => r.name)).toEqual(['administrator']);
    expect((await get('/Roles/GetPlatformRoles?SortBy=secret')).status).toBe(400);
  });
});

describe('CreateRole and GetRolePermissions', () => {
  it('creates a role from permission strings and {accessRight, moduleName} entries, audited', async () => {
    const res = await createRole({
      name: 'Welcome Team',
      description: 'Greets first-timers',
      permissions: ['can_view_firsttimers', { accessRight: 'CAN_VIEW', moduleName: 'Members' }, 'CAN_VIEW_FIRSTTIMERS'],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully Created');
    expect(res.body.data).toMatchObject({ name: 'Welcome Team', kind: 'platform', isSystem: false, userCount: 0, permissionCount: 2 });
    expect(res.body.data.permissions.map((p: any) => p.permission)).toEqual(['CAN_VIEW_MEMBERS', 'CAN_VIEW_FIRSTTIMERS']);
    const perms = await get(`/Roles/GetRolePermissions?RoleId=${res.body.data.id}`);
    expect(perms.body.data.map((p: any) => p.permission)).toEqual(['CAN_VIEW_MEMBERS', 'CAN_VIEW_FIRSTTIMERS']);
    const [audit] = await auditOf(s, res.body.data.id);
    expect(audit).toMatchObject({ action: 'create', entity: 'role', actorId: adminId });
    expect((audit.after as any).permissions).toEqual(['CAN_VIEW_FIRSTTIMERS', 'CAN_VIEW_MEMBERS']);
  });

  it('refuses a taken name in any letter case, unknown permissions and a bad form', async () => {
    const taken = await createRole({ name: 'MEMBER', permissions: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('There is already a role named "MEMBER"');
    const unknown = await createRole({ name: 'Ghosts', permissions: ['CAN_VIEW_MEMBERS', 'CAN_FLY_KITES'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Not in the permission catalogue: CAN_FLY_KITES');
    expect(await roleNamed('Ghosts')).toBeUndefined();
    const bad = await createRole({ name: 'x', permissions: 'all' });
    expect(bad.body.errors).toEqual({ name: ['Role name must be 2 to 50 characters'], permissions: ['Permissions must be a list'] });
    const odd = await createRole({ name: 'Ushers/Lead' });
    expect(odd.body.errors.name).toEqual(['Role name may hold only letters, digits, spaces, dashes and underscores']);
  });

  it('answers 404 for an unknown role and needs CAN_CREATE_ROLES', async () => {
    expect((await get(`/Roles/GetRolePermissions?RoleId=${randomUUID()}`)).body.message).toBe('Role not found');
    const viewer = await userWith(s, [P.viewRoles, P.updateRoles]);
    expect((await createRole({ name: 'Not mine' }, viewer.token)).status).toBe(403);
  });
});

describe('UpdateRole', () => {
  it('renames a role and replaces its permissions; the holders get them on their next call', async () => {
    const role = await addRole(s, [P.viewMembers], 'Ushers Lead');
    const holder = await createUser(s);
    await setRole(s, holder.id, role.name);
    const oldToken = await s.login(holder.email, holder.password);

    const res = await updateRole({ id: role.id, name: 'Ushers Leads', description: 'Leads the ushers', permissions: [P.viewRoles] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Role updated. ${AT_ONCE}`);
    expect(res.body.data).toMatchObject({ name: 'Ushers Leads', description: 'Leads the ushers', permissionCount: 1, userCount: 1 });
    // The token from before the change already has the new permissions, as a new login does.
    expect((await get('/ChurchAffiliation/GetMemberQuery', oldToken)).status).toBe(403);
    expect((await get('/Roles/GetPlatformRoles', oldToken)).status).toBe(200);
    const fresh = await s.login(holder.email, holder.password);
    expect((await get('/ChurchAffiliation/GetMemberQuery', fresh)).status).toBe(403);
    expect((await get('/Roles/GetPlatformRoles', fresh)).status).toBe(200);

    const [audit] = (await auditOf(s, role.id)).filter((a) => a.action === 'update');
    expect(audit).toMatchObject({
      before: { name: 'Ushers Lead', permissions: [P.viewMembers] },
      after: { name: 'Ushers Leads', permissions: [P.viewRoles] },
    });
  });

  it('keeps the permissions when none are given', async () => {
    const role = await addRole(s, [P.viewMembers, P.viewRoles]);
    const res = await updateRole({ id: role.id, name: `${role.name}-renamed` });
    expect(res.body.data.permissions.map((p: any) => p.permission)).toEqual([P.viewMembers, P.viewRoles]);
  });

  it('lets built-in roles change permissions but never their names, and keeps administrator whole', async () => {
    const hod = await roleNamed('hod');
    const renamed = await updateRole({ id: hod.id, name: 'heads', permissions: [] });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('The built-in role "hod" cannot be renamed');
    const same = await updateRole({
      id: hod.id,
      name: 'HOD',
      description: 'Heads a department',
      permissions: [
        'CAN_UPDATE_MEMBERS',
        'CAN_VIEW_DEPARTMENT',
        'CAN_VIEW_MEMBERS',
        'CAN_VIEW_REQUESTS',
        'CAN_APPROVE_REQUESTS',
        P.viewRoles,
      ],
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name: 'hod', description: 'Heads a department', permissionCount: 6 });

    const administrator = await roleNamed('administrator');
    const cut = await updateRole({ id: administrator.id, name: 'administrator', permissions: [P.viewRoles] });
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe('The administrator role always holds every permission');
    expect((await get(`/Roles/GetRolePermissions?RoleId=${administrator.id}`)).body.data).toHaveLength(ALL_PERMISSIONS.length);
  });

  it('refuses a name another role has, and an unknown id', async () => {
    const role = await addRole(s, []);
    expect((await updateRole({ id: role.id, name: 'Administrator' })).status).toBe(409);
    expect((await updateRole({ id: randomUUID(), name: 'Whatever' })).status).toBe(404);
  });
});

describe('DeleteRole', () => {
  it('refuses a role users hold, saying how many', async () => {
    const role = await addRole(s, [P.viewMembers], 'Held Role');
    for (let i = 0; i < 2; i++) await setRole(s, (await createUser(s)).id, role.name);
    const res = await deleteRole(role.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This role is held by 2 people; give them another role first.');
    expect(await roleNamed('Held Role')).toBeDefined();
  });

  it('refuses the built-in roles', async () => {
    for (const name of ['firsttimers', 'cihpastor']) {
      const res = await deleteRole((await roleNamed(name)).id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`The built-in role "${name}" cannot be deleted`);
    }
  });

  it('deletes an unused role with its permissions, audited', async () => {
    const role = await addRole(s, [P.viewMembers, P.viewRoles]);
    const res = await deleteRole(role.id);
    expect(res.body).toMatchObject({ succeeded: true, message: 'Successfully Deleted' });
    expect(await roleNamed(role.name)).toBeUndefined();
    expect(await s.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).toEqual([]);
    const [audit] = (await auditOf(s, role.id)).filter((a) => a.action === 'delete');
    expect((audit.before as any).permissions).toEqual([P.viewMembers, P.viewRoles]);
    expect((await deleteRole(role.id)).status).toBe(404);
  });
});

describe('AssignPermissions, RemovePermission and GetUserRoles', () => {
  it('gives a user a role with extra permissions, shown in their roles and on their next call', async () => {
    const role = await addRole(s, [P.viewMembers]);
    const user = await createUser(s);
    const res = await assign(role.id, user.id, [P.viewRoles, { accessRight: 'CAN_VIEW', moduleName: 'Members' }]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Role and permissions assigned. ${AT_ONCE}`);
    expect(res.body.data.roles).toEqual([
      { id: expect.any(String), name: 'member', description: expect.any(String), isSystem: true, extraPermissions: [] },
      { id: role.id, name: role.name, description: null, isSystem: false, extraPermissions: [P.viewRoles] },
    ]);
    expect(new Set(res.body.data.permissions.map((p: any) => p.permission))).toEqual(
      new Set([...MEMBER_DEFAULTS, P.viewMembers, P.viewRoles]),
    );
    // The token from before has the new permissions at once.
    expect((await get('/Roles/GetPlatformRoles', user.token)).status).toBe(200);
    const perms = await permissionsAtLogin(user.email, user.password);
    expect(perms).toEqual(expect.arrayContaining([P.viewMembers, P.viewRoles, 'CAN_UPDATE_MEMBERS']));
    const [audit] = (await auditOf(s, user.id)).filter((a) => a.action === 'assign-permissions');
    expect(audit.after).toEqual({ role: role.name, permissions: [P.viewRoles] });

    // Wrapped body, and a second call adds to the first.
    expect((await assign(role.id, user.id, { permissions: [P.viewAudit] })).status).toBe(200);
    expect((await get(`/Roles/GetUserRoles?UserId=${user.id}`)).body.data.roles[1].extraPermissions).toEqual([P.viewAudit, P.viewRoles]);
  });

  it('removing a permission takes effect on the next call, the old token included', async () => {
    const role = await addRole(s, []);
    const user = await createUser(s);
    await assign(role.id, user.id, [P.viewRoles, P.viewAudit]);
    const before = await s.login(user.email, user.password);
    expect((await get('/Roles/GetPlatformRoles', before)).status).toBe(200);

    const res = await remove(role.id, user.id, 'can_view_roles');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Permission removed. ${AT_ONCE}`);
    expect(res.body.data.roles.find((r: any) => r.id === role.id).extraPermissions).toEqual([P.viewAudit]);
    expect((await get('/Roles/GetPlatformRoles', before)).status).toBe(403);
    const after = await s.login(user.email, user.password);
    expect((await get('/Roles/GetPlatformRoles', after)).status).toBe(403);
    expect(await permissionsAtLogin(user.email, user.password)).toContain(P.viewAudit);
    expect((await auditOf(s, user.id)).map((a) => a.action)).toContain('remove-permission');
  });

  it('without Permission takes the role and its extra permissions from the user', async () => {
    const role = await addRole(s, [P.viewMembers]);
    const user = await createUser(s);
    await assign(role.id, user.id, [P.viewRoles]);
    const res = await remove(role.id, user.id);
    expect(res.body.message).toBe(`Role removed. ${AT_ONCE}`);
    expect(await rolesOf(s, user.id)).toEqual(['member']);
    expect(await s.database.db.select().from(userPermissions).where(eq(userPermissions.userId, user.id))).toEqual([]);
    expect(new Set(await permissionsAtLogin(user.email, user.password))).toEqual(new Set(MEMBER_DEFAULTS));
    expect((await remove(role.id, user.id)).status).toBe(404);
  });

  it('refuses to take one permission that comes with the role itself, or one the user does not hold', async () => {
    const role = await addRole(s, [P.viewMembers]);
    const user = await createUser(s);
    await assign(role.id, user.id, []);
    const own = await remove(role.id, user.id, P.viewMembers);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(
      `${P.viewMembers} comes with the role "${role.name}" itself: change the role, or take the role from the user`,
    );
    const notHeld = await remove(role.id, user.id, P.viewAudit);
    expect(notHeld.status).toBe(404);
    expect((await remove(role.id, user.id, 'CAN_FLY_KITES')).status).toBe(400);
  });

  it('refuses firsttimers, CIH roles, unknown permissions (changing nothing), and unknown users or roles', async () => {
    const user = await createUser(s);
    const firstTimers = await assign((await roleNamed('firsttimers')).id, user.id, []);
    expect(firstTimers.body.message).toBe('The firsttimers role cannot be assigned');
    const cih = await assign((await roleNamed('cihpastor')).id, user.id, []);
    expect(cih.body.message).toBe('"cihpastor" is a CIH role: give it with AssignCIHRole');
    const role = await addRole(s, []);
    const unknown = await assign(role.id, user.id, [P.viewRoles, 'CAN_FLY_KITES']);
    expect(unknown.status).toBe(400);
    expect(await rolesOf(s, user.id)).toEqual(['member']);
    expect((await assign(role.id, randomUUID(), [])).status).toBe(404);
    expect((await assign(randomUUID(), user.id, [])).status).toBe(404);
  });

  it('refuses an administrator taking their own administrator role', async () => {
    const res = await remove((await roleNamed('administrator')).id, adminId);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot remove your own administrator role');
    expect(await rolesOf(s, adminId)).toEqual(['administrator']);
  });

  it("GetUserRoles: one's own roles, or anyone's with CAN_VIEW_ROLES", async () => {
    const member = await createUser(s);
    const own = await get(`/Roles/GetUserRoles?UserId=${member.id}`, member.token);
    expect(own.body.data).toMatchObject({
      userId: member.id,
      roles: [{ name: 'member' }],
      cihRole: null,
    });
    expect(new Set(own.body.data.permissions.map((p: any) => p.permission))).toEqual(new Set(MEMBER_DEFAULTS));
    expect((await get(`/Roles/GetUserRoles?UserId=${adminId}`, member.token)).status).toBe(403);
    expect((await get(`/Roles/GetUserRoles?UserId=${randomUUID()}`)).status).toBe(404);
  });

  it('needs CAN_UPDATE_ROLES to assign or remove', async () => {
    const viewer = await userWith(s, [P.viewRoles, P.createRoles]);
    const role = await addRole(s, []);
    const user = await createUser(s);
    expect((await assign(role.id, user.id, [], viewer.token)).status).toBe(403);
    expect((await remove((await roleNamed('member')).id, user.id, undefined, viewer.token)).status).toBe(403);
    expect(await rolesOf(s, user.id)).toEqual(['member']);
  });
});

describe('AssignCIHRole', () => {
  const assignCih = (params: string, token: string) => s.call('PUT', `/Roles/AssignCIHRole?${params}`, { token });
  const cihRoleOf = async (userId: string) =>
    (await s.database.db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, userId)))[0]?.cihRole;

  it('lets an inspector give a CIH role (creating the affiliation), reaching the member on their next call; empty removes it', async () => {
    const inspector = await createUser(s, { role: 'inspectorate' });
    const member = await createUser(s);
    const res = await assignCih(`userId=${member.id}&InspectorId=${inspector.id}&cihRole=CIHPastor`, inspector.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: `CIH role cihpastor assigned. ${AT_ONCE}`,
      data: { userId: member.id, cihRole: 'cihpastor', inspectorId: inspector.id },
    });
    expect(await cihRoleOf(member.id)).toBe('cihpastor');
    expect(await permissionsAtLogin(member.email, member.password)).toContain('CAN_VIEW_CIH_CENTER');
    const [affiliation] = await s.database.db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, member.id));
    const [audit] = await auditOf(s, affiliation.id);
    expect(audit).toMatchObject({
      action: 'assign-cih-role',
      entity: 'church-affiliation',
      actorId: inspector.id,
      after: { cihRole: 'cihpastor', inspectorId: inspector.id },
    });

    const removed = await assignCih(`userId=${member.id}&InspectorId=${inspector.id}&cihRole=`, inspector.token);
    expect(removed.body.message).toBe(`CIH role removed. ${AT_ONCE}`);
    expect(await cihRoleOf(member.id)).toBeNull();
    expect(await permissionsAtLogin(member.email, member.password)).not.toContain('CAN_VIEW_CIH_CENTER');
  });

  it('keeps the rest of an existing affiliation', async () => {
    const id = await addPerson(s, { role: 'member', mountainOfInfluence: 'Media', affinityGroup: ['Men'] });
    await assignCih(`userId=${id}&cihRole=cihcoordinator`, admin);
    const [row] = await s.database.db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, id));
    expect(row).toMatchObject({ cihRole: 'cihcoordinator', mountainOfInfluence: 'Media', affinityGroup: ['Men'] });
  });

  it('takes InspectorId as the caller: only an administrator may name another inspector', async () => {
    const inspector = await createUser(s, { role: 'inspectorate' });
    const other = await createUser(s, { role: 'inspectorate' });
    const member = await createUser(s);
    const res = await assignCih(`userId=${member.id}&InspectorId=${other.id}&cihRole=cihpastor`, inspector.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('InspectorId must be your own id');
    expect(await cihRoleOf(member.id)).toBeUndefined();
    const byAdmin = await assignCih(`userId=${member.id}&InspectorId=${other.id}&cihRole=cihpastor`, admin);
    expect(byAdmin.body.data.inspectorId).toBe(other.id);
  });

  it('validates cihRole and the user, and refuses a member', async () => {
    const member = await createUser(s);
    const bad = await assignCih(`userId=${member.id}&cihRole=bishop`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cihRole).toEqual(['cihRole must be one of: cihpastor, cihcoordinator (empty removes it)']);
    expect((await assignCih(`userId=${randomUUID()}&cihRole=cihpastor`, admin)).status).toBe(404);
    expect((await assignCih(`userId=${member.id}&cihRole=cihpastor`, member.token)).status).toBe(403);
  });

  it('the CIH roles it gives are those GetCIHRoles lists', async () => {
    const res = await get('/Admin/GetCIHRoles');
    expect(res.body.data.map((r: any) => r.name).sort()).toEqual(['cihcoordinator', 'cihpastor']);
  });
});

describe('extra permissions follow the role', () => {
  it('taking the role by another call (ChangeUserRole) takes the extra permissions held under it', async () => {
    const user = await createUser(s);
    const role = await addRole(s, []);
    await assign(role.id, user.id, [P.viewAudit]);
    const held = () =>
      s.database.db
        .select()
        .from(userPermissions)
        .where(and(eq(userPermissions.userId, user.id), eq(userPermissions.roleId, role.id)));
    expect(await held()).toHaveLength(1);
    const changed = await s.call('PUT', `/Admin/ChangeUserRole?UserId=${user.id}&RoleId=${(await roleNamed('member')).id}`, {
      token: admin,
    });
    expect(changed.status).toBe(200);
    expect(await rolesOf(s, user.id)).toEqual(['member']);
    expect(await held()).toEqual([]);
    expect(new Set(await permissionsAtLogin(user.email, user.password))).toEqual(new Set(MEMBER_DEFAULTS));
  });
});
