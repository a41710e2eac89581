import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { P } from '@/domain/roles/permissions.js';
import { churchAffiliations, departments, permissions, rolePermissions, roles, users } from '@/server/db/schema/index.js';
import { addCenter, addDepartment, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { addPerson, auditOf, rolesOf, setAffiliation } from '@/tests/support/people.js';
import { filedId, requestCalls } from '@/tests/support/requests.js';
import { addRole } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser, signUp, verifyEmail } from '@/tests/support/users.js';

/*
 * Rights follow the database on every call: a token obtained before a change of role or
 * permission, used after it, is refused or allowed as the new rights say. A CIH pastor or
 * coordinator sees only the center they were given. Custom roles are assignable like the
 * built-in ones.
 */

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
});
afterAll(() => s?.close());

const get = (path: string, token = admin) => s.call('GET', path, { token });
const roleId = async (name: string) => (await s.database.db.select().from(roles).where(eq(roles.name, name)))[0].id;
const changeRole = (userId: string, id: string, token = admin) =>
  s.call('PUT', `/Admin/ChangeUserRole?UserId=${userId}&RoleId=${id}`, { token });
const assign = (id: string, userId: string, body: unknown, token = admin) =>
  s.call('POST', `/Roles/AssignPermissions?RoleId=${id}&UserId=${userId}`, { body, token });
const remove = (id: string, userId: string, permission?: string) =>
  s.call('DELETE', `/Roles/RemovePermission?RoleId=${id}&UserId=${userId}${permission ? `&Permission=${permission}` : ''}`, {
    token: admin,
  });
const assignCih = (userId: string, cihRole: string) =>
  s.call('PUT', `/Roles/AssignCIHRole?userId=${userId}&cihRole=${cihRole}`, { token: admin });
const updateRole = (body: unknown) => s.call('PUT', '/Roles/UpdateRole', { body, token: admin });
const createRole = (body: unknown) => s.call('POST', '/Roles/CreateRole', { body, token: admin });
const deleteRole = (id: string) => s.call('DELETE', `/Roles/DeleteRole?RoleId=${id}`, { token: admin });
const updateAffiliation = (body: unknown, token: string) => s.call('PUT', '/ChurchAffiliation/UpdateChurchAffiliation', { body, token });
const createAffiliation = (body: unknown, token: string) => s.call('POST', '/ChurchAffiliation/CreateChurchAffiliation', { body, token });
const affiliationOf = async (userId: string) =>
  (await s.database.db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, userId)))[0];
const createAdmin = (token: string) =>
  s.call('POST', '/Admin/CreateAdmin', {
    body: { firstName: 'New', surName: 'Admin', email: `new-${Date.now()}-${Math.random()}@example.org`, mobile1: '0801' },
    token,
  });
const tokenClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('a change of rights takes effect on the next call', () => {
  it('tokens no longer carry permissions, while the login answer still lists them', async () => {
    const res = await s.call('POST', '/Auth/Login', { body: { username: ADMIN_EMAIL, password: 'Admin-pass-1' } });
    expect(res.body.data.permissions).toContainEqual({ accessRight: 'CAN_VIEW', moduleName: 'User Management' });
    expect(tokenClaims(res.body.data.token)).not.toHaveProperty('perms');
  });

  it("a demoted administrator's old token loses every administrator right at once", async () => {
    const w = await createUser(s);
    expect((await changeRole(w.id, await roleId('administrator'))).status).toBe(200);
    const wToken = await s.login(w.email, w.password);
    expect((await get('/Admin/GetAllUsers', wToken)).status).toBe(200);

    const demoted = await changeRole(w.id, await roleId('member'));
    expect(demoted.status).toBe(200);
    expect(demoted.body.message).not.toMatch(/next login/i);
    expect((await get('/Admin/GetAllUsers', wToken)).status).toBe(403);
    expect((await createAdmin(wToken)).status).toBe(403);
    expect((await changeRole(w.id, await roleId('administrator'), wToken)).status).toBe(403);
    expect(await rolesOf(s, w.id)).toEqual(['member']);
  });

  it("a promoted member's old token gains the new rights at once", async () => {
    const m = await createUser(s);
    expect((await get('/Admin/GetAllUsers', m.token)).status).toBe(403);
    await changeRole(m.id, await roleId('administrator'));
    expect((await get('/Admin/GetAllUsers', m.token)).status).toBe(200);
    await changeRole(m.id, await roleId('member'));
    expect((await get('/Admin/GetAllUsers', m.token)).status).toBe(403);
  });

  it('AssignPermissions and RemovePermission reach the old token at once', async () => {
    const role = await addRole(s, [P.viewMembers]);
    const m = await createUser(s);
    expect((await get('/Roles/GetPlatformRoles', m.token)).status).toBe(403);
    const assigned = await assign(role.id, m.id, [P.viewRoles]);
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).not.toMatch(/next login/i);
    expect((await get('/Roles/GetPlatformRoles', m.token)).status).toBe(200);
    expect((await get('/ChurchAffiliation/GetMemberQuery', m.token)).status).toBe(200);

    const removedExtra = await remove(role.id, m.id, P.viewRoles);
    expect(removedExtra.status).toBe(200);
    expect(removedExtra.body.message).not.toMatch(/next login/i);
    expect((await get('/Roles/GetPlatformRoles', m.token)).status).toBe(403);
    expect((await get('/ChurchAffiliation/GetMemberQuery', m.token)).status).toBe(200);

    expect((await remove(role.id, m.id)).status).toBe(200);
    expect((await get('/ChurchAffiliation/GetMemberQuery', m.token)).status).toBe(403);
  });

  it('AssignCIHRole gives and takes the center view at once', async () => {
    const zone = await addZone(s);
    const center = await addCenter(s, zone.id);
    const m = await createUser(s);
    await setAffiliation(s, m.id, { zoneId: zone.id, centerId: center.id });
    expect((await get('/Center/GetMyCenter', m.token)).status).toBe(403);
    const given = await assignCih(m.id, 'cihpastor');
    expect(given.status).toBe(200);
    expect(given.body.message).not.toMatch(/next login/i);
    const mine = await get('/Center/GetMyCenter', m.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.center.id).toBe(center.id);
    expect((await assignCih(m.id, '')).status).toBe(200);
    expect((await get('/Center/GetMyCenter', m.token)).status).toBe(403);
  });

  it('UpdateRole reaches every holder of the role at once', async () => {
    const role = await addRole(s, [P.viewMembers]);
    const holders = [await createUser(s), await createUser(s)];
    for (const h of holders) await changeRole(h.id, role.id);
    for (const h of holders) expect((await get('/Roles/GetPlatformRoles', h.token)).status).toBe(403);
    const res = await updateRole({ id: role.id, name: role.name, permissions: [P.viewRoles] });
    expect(res.status).toBe(200);
    expect(res.body.message).not.toMatch(/next login/i);
    for (const h of holders) {
      expect((await get('/Roles/GetPlatformRoles', h.token)).status).toBe(200);
      expect((await get('/ChurchAffiliation/GetMemberQuery', h.token)).status).toBe(403);
    }
  });

  it('DeleteRole refuses a held role, naming how many hold it; once they hold another, it goes and their old tokens follow', async () => {
    const role = await addRole(s, [P.viewRoles], 'Held by three');
    const holders = [await createUser(s), await createUser(s), await createUser(s)];
    for (const h of holders) await changeRole(h.id, role.id);
    const refused = await deleteRole(role.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This role is held by 3 people; give them another role first.');
    for (const h of holders) expect((await get('/Roles/GetPlatformRoles', h.token)).status).toBe(200);

    for (const h of holders) await changeRole(h.id, await roleId('member'));
    for (const h of holders) expect((await get('/Roles/GetPlatformRoles', h.token)).status).toBe(403);
    expect((await deleteRole(role.id)).status).toBe(200);
    for (const h of holders) expect((await get(`/Roles/GetUserRoles?UserId=${h.id}`, h.token)).status).toBe(200);
  });

  it("converting a first-timer gives their current token the member role's rights at once", async () => {
    const db = s.database.db;
    const memberRole = await roleId('member');
    const [viewRoles] = await db
      .select()
      .from(permissions)
      .where(and(eq(permissions.accessRight, 'CAN_VIEW'), eq(permissions.moduleName, 'Roles')));
    const newcomer = await signUp(s);
    await verifyEmail(s, newcomer.email);
    const token = await s.login(newcomer.email, newcomer.password);
    // For this test the member role may view roles and firsttimers may not.
    await db.insert(rolePermissions).values({ roleId: memberRole, permissionId: viewRoles.id });
    try {
      expect((await get('/Roles/GetPlatformRoles', token)).status).toBe(403);
      expect((await s.call('PUT', `/Admin/ConvertFirstTimersToMembers?Id=${newcomer.id}`, { token: admin })).status).toBe(200);
      expect((await get('/Roles/GetPlatformRoles', token)).status).toBe(200);
    } finally {
      await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, memberRole), eq(rolePermissions.permissionId, viewRoles.id)));
    }
  });

  it('a change of department headship gives the new head and takes from the old one at once', async () => {
    const dept = await addDepartment(s);
    const oldHead = await createUser(s);
    const newHead = await createUser(s);
    await joinDepartments(s, oldHead.id, [dept.id]);
    await joinDepartments(s, newHead.id, [dept.id]);
    const setHead = (hodId: string) =>
      s.call('PUT', '/Department/UpdateDepartment', { body: { id: dept.id, departmentName: dept.departmentName, hodId }, token: admin });
    expect((await setHead(oldHead.id)).status).toBe(200);
    expect((await get('/ChurchAffiliation/GetHodRequests', oldHead.token)).status).toBe(200);
    expect((await get('/ChurchAffiliation/GetHodRequests', newHead.token)).status).toBe(403);

    expect((await setHead(newHead.id)).status).toBe(200);
    expect((await get('/ChurchAffiliation/GetHodRequests', newHead.token)).status).toBe(200);
    expect((await get('/ChurchAffiliation/GetHodRequests', oldHead.token)).status).toBe(403);
    const [row] = await s.database.db.select().from(departments).where(eq(departments.id, dept.id));
    expect(row.hodId).toBe(newHead.id);
  });

  it('disable still revokes every token at once', async () => {
    const m = await createUser(s);
    expect((await s.call('DELETE', `/Admin/DisableUser?UserId=${m.id}`, { token: admin })).status).toBe(200);
    expect((await get(`/Roles/GetUserRoles?UserId=${m.id}`, m.token)).status).toBe(401);
  });
});

describe('session state kept in memory until rights change', () => {
  const bumpQuietly = (userId: string) =>
    // session_replication_role = replica runs no trigger: the change is made without its notice.
    s.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update users set token_version = token_version + 1 where id = ${userId}`);
    });

  it('answers from what it keeps, and forgets it when the database gives notice', async () => {
    const m = await createUser(s);
    expect((await get(`/Roles/GetUserRoles?UserId=${m.id}`, m.token)).status).toBe(200);
    await bumpQuietly(m.id);
    // Kept: the version the token carries still matches what the server remembers.
    expect((await get(`/Roles/GetUserRoles?UserId=${m.id}`, m.token)).status).toBe(200);
    await s.database.db.execute(sql`select pg_notify('flock_rights', 'test')`);
    expect((await get(`/Roles/GetUserRoles?UserId=${m.id}`, m.token)).status).toBe(401);
  });

  it('a change written straight to the database (as another server would) reaches the next call', async () => {
    const m = await createUser(s);
    expect((await get(`/Roles/GetUserRoles?UserId=${m.id}`, m.token)).status).toBe(200);
    await s.database.db.update(users).set({ disabled: true }).where(eq(users.id, m.id));
    expect((await get(`/Roles/GetUserRoles?UserId=${m.id}`, m.token)).status).toBe(401);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "another server's change, on a connection of its own, reaches this one's callers",
    async () => {
      const m = await createUser(s, { role: 'administrator' });
      expect((await get('/Admin/GetAllUsers', m.token)).status).toBe(200);
      const other = new pg.Client({ connectionString: s.database.databaseUrl });
      await other.connect();
      try {
        await other.query(`update user_roles set role_id = (select id from roles where name = 'member') where user_id = $1`, [m.id]);
      } finally {
        await other.end();
      }
      // Delivered by PostgreSQL to this server's listening connections, not with the COMMIT.
      await expect.poll(async () => (await get('/Admin/GetAllUsers', m.token)).status, { timeout: 5000 }).toBe(403);
    },
  );
});

describe('a CIH pastor sees only the center they were given', () => {
  it('cannot move themselves: GetMyCenter still shows only their own center', async () => {
    const zoneA = await addZone(s);
    const centerA = await addCenter(s, zoneA.id);
    const zoneB = await addZone(s);
    const centerB = await addCenter(s, zoneB.id);
    const stranger = await addPerson(s, {
      role: 'member',
      zoneId: zoneB.id,
      centerId: centerB.id,
      mobile1: '08099999999',
      dateOfBirth: '1990-01-01',
    });
    const pastor = await createUser(s);
    await setAffiliation(s, pastor.id, { zoneId: zoneA.id, centerId: centerA.id, cihRole: 'cihpastor' });

    const moved = await updateAffiliation({ userId: pastor.id, zoneId: zoneB.id, centerId: centerB.id }, pastor.token);
    expect(moved.status).toBe(403);
    expect(moved.body.message).toMatch(/request a change of zone/i);
    const centerOnly = await updateAffiliation({ userId: pastor.id, centerId: centerB.id }, pastor.token);
    expect(centerOnly.status).toBe(403);
    // Leaving the fields out keeps them: no way to empty the placement and start again.
    expect((await updateAffiliation({ userId: pastor.id }, pastor.token)).status).toBe(200);
    // Sending them unchanged (the profile form does) is fine.
    expect(
      (await updateAffiliation({ userId: pastor.id, zoneId: zoneA.id, centerId: centerA.id, cihAddress: 'Home' }, pastor.token)).status,
    ).toBe(200);
    expect(await affiliationOf(pastor.id)).toMatchObject({ zoneId: zoneA.id, centerId: centerA.id, cihRole: 'cihpastor' });

    const mine = await get('/Center/GetMyCenter', pastor.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.center.id).toBe(centerA.id);
    expect(mine.body.data.members.map((m: any) => m.id ?? m.userId)).not.toContain(stranger);
    expect(JSON.stringify(mine.body.data)).not.toContain('08099999999');
  });

  it('a member placed once must request a change of zone too', async () => {
    const zoneA = await addZone(s);
    const zoneB = await addZone(s);
    const m = await createUser(s);
    await setAffiliation(s, m.id, { zoneId: zoneA.id });
    const res = await updateAffiliation({ userId: m.id, zoneId: zoneB.id }, m.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/RequestChangeOfCIHZone|request a change of zone/i);
    expect((await affiliationOf(m.id)).zoneId).toBe(zoneA.id);
  });

  it('the first placement of a member with no zone works, by create or by update', async () => {
    const zone = await addZone(s);
    const center = await addCenter(s, zone.id);
    const fresh = await createUser(s);
    const created = await createAffiliation({ userId: fresh.id, zoneId: zone.id, centerId: center.id }, fresh.token);
    expect(created.status).toBe(200);
    expect(await affiliationOf(fresh.id)).toMatchObject({ zoneId: zone.id, centerId: center.id });

    const unplaced = await createUser(s);
    await setAffiliation(s, unplaced.id, { affinityGroup: [] });
    const updated = await updateAffiliation({ userId: unplaced.id, centerId: center.id }, unplaced.token);
    expect(updated.status).toBe(200);
    expect(await affiliationOf(unplaced.id)).toMatchObject({ zoneId: zone.id, centerId: center.id });
    // ... and after that, a move needs a request.
    const other = await addCenter(s, zone.id);
    expect((await updateAffiliation({ userId: unplaced.id, centerId: other.id }, unplaced.token)).status).toBe(403);
  });

  it('a CIH role holder without a center cannot choose one themselves', async () => {
    const zone = await addZone(s);
    const center = await addCenter(s, zone.id);
    const m = await createUser(s);
    await setAffiliation(s, m.id, { cihRole: 'cihcoordinator' });
    const res = await updateAffiliation({ userId: m.id, zoneId: zone.id, centerId: center.id }, m.token);
    expect(res.status).toBe(403);
    expect(await affiliationOf(m.id)).toMatchObject({ centerId: null, cihRole: 'cihcoordinator' });
  });

  it('an administrator moving a CIH pastor clears the role; their next GetMyCenter is refused', async () => {
    const zone = await addZone(s);
    const centerA = await addCenter(s, zone.id);
    const centerB = await addCenter(s, zone.id);
    const pastor = await createUser(s);
    await setAffiliation(s, pastor.id, { zoneId: zone.id, centerId: centerA.id, cihRole: 'cihpastor' });
    expect((await get('/Center/GetMyCenter', pastor.token)).status).toBe(200);

    const res = await updateAffiliation({ userId: pastor.id, zoneId: zone.id, centerId: centerB.id }, admin);
    expect(res.status).toBe(200);
    expect(await affiliationOf(pastor.id)).toMatchObject({ centerId: centerB.id, cihRole: null });
    expect((await get('/Center/GetMyCenter', pastor.token)).status).toBe(403);
    const [audit] = (await auditOf(s, res.body.data.id)).filter((a) => a.action === 'update');
    expect(audit.after).toMatchObject({ cihRole: null });
  });

  it('a move that re-grants the role in the same update keeps it', async () => {
    const zone = await addZone(s);
    const centerA = await addCenter(s, zone.id);
    const centerB = await addCenter(s, zone.id);
    const pastor = await createUser(s);
    await setAffiliation(s, pastor.id, { zoneId: zone.id, centerId: centerA.id, cihRole: 'cihpastor' });
    const inspector = await createUser(s, { role: 'inspectorate' });
    const res = await updateAffiliation(
      { userId: pastor.id, zoneId: zone.id, centerId: centerB.id, cihRole: 'cihpastor' },
      inspector.token,
    );
    expect(res.status).toBe(200);
    expect(await affiliationOf(pastor.id)).toMatchObject({ centerId: centerB.id, cihRole: 'cihpastor' });
    const mine = await get('/Center/GetMyCenter', pastor.token);
    expect(mine.body.data.center.id).toBe(centerB.id);
    // Without the right to assign CIH roles, cihRole in the body is refused.
    const m = await createUser(s);
    await setAffiliation(s, m.id, { zoneId: zone.id, centerId: centerA.id });
    const refused = await updateAffiliation({ userId: m.id, zoneId: zone.id, centerId: centerA.id, cihRole: 'cihpastor' }, m.token);
    expect(refused.status).toBe(403);
    expect((await affiliationOf(m.id))?.cihRole ?? null).toBeNull();
  });

  it('an approved change of zone moves the pastor and clears the role', async () => {
    const zoneA = await addZone(s);
    const centerA = await addCenter(s, zoneA.id);
    const zoneB = await addZone(s);
    const centerB = await addCenter(s, zoneB.id);
    const pastor = await createUser(s);
    await setAffiliation(s, pastor.id, { zoneId: zoneA.id, centerId: centerA.id, cihRole: 'cihpastor' });
    const calls = requestCalls(s);
    const id = filedId(await calls.changeZone(pastor, zoneB.id, centerB.id));
    expect((await calls.decide('ApproveChangeOfCIHZone', id, true, admin)).status).toBe(200);
    expect(await affiliationOf(pastor.id)).toMatchObject({ zoneId: zoneB.id, centerId: centerB.id, cihRole: null });
    expect((await get('/Center/GetMyCenter', pastor.token)).status).toBe(403);
  });
});

describe('custom roles are real roles', () => {
  it('a created role can be given with ChangeUserRole and is listed for the Change Role dialog; firsttimers is not', async () => {
    const created = await createRole({ name: 'Choir desk', permissions: [P.viewRoles] });
    expect(created.status).toBe(200);
    const listed = await get('/Admin/GetPlatformAdminRoles');
    const names = listed.body.data.map((r: any) => r.name);
    expect(names).toContain('Choir desk');
    expect(names).not.toContain('firsttimers');
    expect(names).not.toContain('cihpastor');

    const m = await createUser(s);
    const res = await changeRole(m.id, created.body.data.id);
    expect(res.status).toBe(200);
    expect(res.body.data.roles).toEqual(['Choir desk']);
    expect((await get('/Roles/GetPlatformRoles', m.token)).status).toBe(200);
    expect((await changeRole(m.id, await roleId('firsttimers'))).status).toBe(400);
    expect((await changeRole(m.id, await roleId('cihpastor'))).status).toBe(400);
  });

  it('CreateRole, UpdateRole and AssignPermissions take catalogue ids and strings mixed', async () => {
    const catalogue = (await get('/Roles/GetPlatformPermissions')).body.data as Array<{ id: string; permission: string }>;
    const idOf = (p: string) => catalogue.find((c) => c.permission === p)!.id;

    const created = await createRole({ name: 'Mixed ids', permissions: [idOf(P.viewMembers), P.viewRoles] });
    expect(created.status).toBe(200);
    expect(created.body.data.permissions.map((p: any) => p.permission).sort()).toEqual([P.viewMembers, P.viewRoles].sort());

    const updated = await updateRole({ id: created.body.data.id, name: 'Mixed ids', permissions: [idOf(P.viewAudit), 'can_view_units'] });
    expect(updated.status).toBe(200);
    expect(updated.body.data.permissions.map((p: any) => p.permission).sort()).toEqual([P.viewAudit, P.viewUnits].sort());

    const m = await createUser(s);
    const assigned = await assign(created.body.data.id, m.id, [idOf(P.viewDepartment), P.viewMembers]);
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.roles.find((r: any) => r.name === 'Mixed ids').extraPermissions).toEqual(
      [P.viewDepartment, P.viewMembers].sort(),
    );
  });

  it('an unknown id or string is a 400 naming it', async () => {
    const ghostId = '00000000-0000-4000-8000-000000000001';
    const res = await createRole({ name: 'Ghost ids', permissions: [ghostId, 'CAN_FLY_KITES', P.viewRoles] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(ghostId);
    expect(res.body.message).toContain('CAN_FLY_KITES');
    const role = await addRole(s, []);
    const upd = await updateRole({ id: role.id, name: role.name, permissions: [ghostId] });
    expect(upd.status).toBe(400);
    expect(upd.body.message).toContain(ghostId);
    const m = await createUser(s);
    const asg = await assign(role.id, m.id, [ghostId]);
    expect(asg.status).toBe(400);
    expect(asg.body.message).toContain(ghostId);
  });
});
