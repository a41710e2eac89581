import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ENDPOINTS } from '@/src/endpoints';
import { createDataProvider } from './index';

/** The people-administration rows of the endpoint table against the API contract. */

const BASE = 'http://flock.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Seen = { method: string; path: string; query: Record<string, string>; body: unknown };

/** Answers every request with `reply` and records what reached the server. */
function answer(reply: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const body = request.headers.get('content-type')?.includes('json') ? await request.json() : undefined;
      seen.push({ method: request.method, path: url.pathname.slice('/api'.length), query: Object.fromEntries(url.searchParams), body });
      return reply();
    }),
  );
  return seen;
}

const ok =
  (data: unknown, extra: object = {}) =>
  () =>
    HttpResponse.json({ succeeded: true, message: 'Done', data, ...extra });
const fail =
  (status: number, message: string, extra: object = {}) =>
  () =>
    HttpResponse.json({ succeeded: false, message, ...extra }, { status });
const api = () => createDataProvider({ baseUrl: BASE, getToken: () => 'tok-1', table: ENDPOINTS });
const page = (filter: object = {}, sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'id', order: 'ASC' }) => ({
  pagination: { page: 2, perPage: 25 },
  sort,
  filter,
});

describe('users (GetAllUsers, CreateAdmin, DisableUser, EnableUser, ChangeUserRole)', () => {
  it('lists users with search, paging, sort and every filter under its API name', async () => {
    const seen = answer(ok([{ id: 'u1', fullName: 'Ann Lee', disabled: false }], { totalCount: 31 }));
    const filter = {
      q: 'ann',
      role: 'hod',
      status: 'disabled',
      kind: 'member',
      zoneId: 'z1',
      departmentId: 'd1',
      gender: 'Female',
      maritalStatus: '',
    };
    const result = await api().getList('users', page(filter, { field: 'email', order: 'DESC' }));
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/Admin/GetAllUsers' });
    expect(seen[0].query).toEqual({
      PageNumber: '2',
      PageSize: '25',
      SortBy: 'email',
      SortOrder: 'desc',
      Search: 'ann',
      Role: 'hod',
      Status: 'disabled',
      Kind: 'member',
      ZoneId: 'z1',
      DepartmentId: 'd1',
      Gender: 'Female',
    });
    expect(result).toEqual({ data: [{ id: 'u1', fullName: 'Ann Lee', disabled: false }], total: 31 });
  });

  it('creates a user with CreateAdmin and answers the new user', async () => {
    const seen = answer(ok({ id: 'u9', email: 'ade@example.org', roles: ['administrator'] }));
    const data = { firstName: 'Ade', surName: 'Bello', email: 'ade@example.org', mobile1: '0803', role: 'administrator' };
    const result = await api().create('users', { data });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/Admin/CreateAdmin', body: data, query: {} });
    expect(result.data).toMatchObject({ id: 'u9' });
  });

  it('shows a taken email as the server says it (409)', async () => {
    answer(fail(409, 'This email is already registered'));
    const data = { firstName: 'Ade', surName: 'Bello', email: 'ade@example.org', mobile1: '0803', role: 'administrator' };
    await expect(api().create('users', { data })).rejects.toMatchObject({ status: 409, message: 'This email is already registered' });
  });

  it('disables and enables with DELETE and the UserId in the query, answering the message', async () => {
    const seen = answer(ok({ id: 'u1', disabled: true }));
    expect(await api().disableUser({ userId: 'u1' })).toEqual({ data: { id: 'u1', disabled: true }, message: 'Done' });
    await api().enableUser({ userId: 'u1' });
    expect(seen.map((s) => `${s.method} ${s.path}?${new URLSearchParams(s.query)}`)).toEqual([
      'DELETE /Admin/DisableUser?UserId=u1',
      'DELETE /Admin/EnableUser?UserId=u1',
    ]);
    expect(seen[0].body).toBeUndefined();
  });

  it("refuses disabling oneself with the server's message", async () => {
    answer(fail(400, 'You cannot disable your own account'));
    await expect(api().disableUser({ userId: 'me' })).rejects.toMatchObject({
      status: 400,
      message: 'You cannot disable your own account',
    });
  });

  it('changes a platform role with PUT ?UserId&RoleId', async () => {
    const seen = answer(ok(null));
    await api().changeUserRole({ userId: 'u1', roleId: 'r2' });
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/Admin/ChangeUserRole', query: { UserId: 'u1', RoleId: 'r2' }, body: undefined });
  });

  it('reads the assignable platform roles and the CIH roles whole, keyed by id', async () => {
    const seen = answer(
      ok([
        { id: 'r1', name: 'member' },
        { id: 'r2', name: 'hod' },
      ]),
    );
    const everything = { pagination: { page: 1, perPage: 25000 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    expect(await api().getList('assignableRoles', everything)).toEqual({
      data: [
        { id: 'r1', name: 'member' },
        { id: 'r2', name: 'hod' },
      ],
      total: 2,
    });
    await api().getList('cihRoles', everything);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /Admin/GetPlatformAdminRoles', 'GET /Admin/GetCIHRoles']);
  });
});

describe('first-timers (GetAllUsers Kind=firsttimer, conversion, GetFirstTimerStats)', () => {
  it('lists first-timers through GetAllUsers with Kind=firsttimer and the member filters', async () => {
    const seen = answer(ok([{ id: 'f1' }], { totalCount: 30 }));
    const filter = {
      q: 'tobi',
      zoneId: 'z1',
      centerId: 'c1',
      affinityGroup: 'Youth Fellowship',
      gender: 'Male',
      employmentStatus: 'Employed',
    };
    const result = await api().getList('firstTimers', page(filter, { field: 'firstName', order: 'ASC' }));
    expect(seen[0].path).toBe('/Admin/GetAllUsers');
    expect(seen[0].query).toEqual({
      PageNumber: '2',
      PageSize: '25',
      SortBy: 'firstName',
      SortOrder: 'asc',
      Search: 'tobi',
      ZoneId: 'z1',
      CenterId: 'c1',
      AffinityGroup: 'Youth Fellowship',
      Gender: 'Male',
      EmploymentStatus: 'Employed',
      Kind: 'firsttimer',
    });
    expect(result.total).toBe(30);
  });

  it('converts one with PUT ?Id', async () => {
    const seen = answer(ok({ converted: 1 }, { message: '1 first-timer converted to member' }));
    const result = await api().convertFirstTimer({ id: 'f1' });
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/Admin/ConvertFirstTimersToMembers', query: { Id: 'f1' }, body: undefined });
    expect(result.message).toBe('1 first-timer converted to member');
  });

  it('converts many with PUT and the ids in the body, answering the summary', async () => {
    const seen = answer(ok({ converted: 3 }, { message: '3 first-timers converted to members' }));
    const result = await api().bulkConvertFirstTimers({ ids: ['f1', 'f2', 'f3'] });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/Admin/BulkConvertFirstTimersToMembers',
      query: {},
      body: { ids: ['f1', 'f2', 'f3'] },
    });
    expect(result).toEqual({ data: { converted: 3 }, message: '3 first-timers converted to members' });
  });

  it("fails a bulk conversion with the server's message naming the bad ids", async () => {
    const message = 'Nothing was converted: no user has the id 00000000-0000-4000-8000-000000000000';
    answer(fail(400, message, { errors: { unknownIds: ['00000000-0000-4000-8000-000000000000'] } }));
    await expect(api().bulkConvertFirstTimers({ ids: ['f1', '00000000-0000-4000-8000-000000000000'] })).rejects.toMatchObject({
      status: 400,
      message,
    });
  });

  it('reads the stats as one record under the id asked for', async () => {
    const stats = { total: 30, converted: 4, notConverted: 26, byGender: [], byWeek: [], byMonth: [] };
    const seen = answer(ok(stats));
    expect(await api().getOne('firstTimerStats', { id: 'all' })).toEqual({ data: { ...stats, id: 'all' } });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/Biodata/GetFirstTimerStats', query: {} });
  });
});

describe('archived members (GetAllDemise, ArchiveMember, RestoreMember)', () => {
  it('lists the archived with search and paging', async () => {
    const seen = answer(ok([{ id: 'm1' }], { totalCount: 1 }));
    expect(await api().getList('demise', page({ q: 'okafor' }))).toEqual({ data: [{ id: 'm1' }], total: 1 });
    expect(seen[0]).toMatchObject({ path: '/Biodata/GetAllDemise', query: { PageNumber: '2', PageSize: '25', Search: 'okafor' } });
  });

  it('archives and restores with PUT ?UserId', async () => {
    const seen = answer(ok({ userId: 'm1', status: 'Archived' }));
    await api().archiveMember({ userId: 'm1' });
    await api().restoreMember({ userId: 'm1' });
    expect(seen.map((s) => [s.method, s.path, s.query])).toEqual([
      ['PUT', '/Biodata/ArchiveMember', { UserId: 'm1' }],
      ['PUT', '/Biodata/RestoreMember', { UserId: 'm1' }],
    ]);
  });

  it("reports a member without biodata with the spec's text", async () => {
    answer(fail(404, 'Biodata not found!'));
    await expect(api().archiveMember({ userId: 'm1' })).rejects.toMatchObject({ status: 404, message: 'Biodata not found!' });
  });
});

describe('roles (the Roles controller)', () => {
  it('lists platform roles with their counts, paged and sorted', async () => {
    const seen = answer(ok([{ id: 'r1', name: 'member', userCount: 120 }], { totalCount: 6 }));
    const result = await api().getList('roles', page({ q: 'mem' }, { field: 'userCount', order: 'DESC' }));
    expect(seen[0]).toMatchObject({
      path: '/Roles/GetPlatformRoles',
      query: { PageNumber: '2', PageSize: '25', SortBy: 'userCount', SortOrder: 'desc', Search: 'mem' },
    });
    expect(result).toEqual({ data: [{ id: 'r1', name: 'member', userCount: 120 }], total: 6 });
  });

  it('creates with POST {name, permissions}, updates with PUT and the id, deletes with ?RoleId', async () => {
    const seen = answer(ok({ id: 'r7', name: 'Ushers' }));
    const data = { name: 'Ushers', permissions: ['CAN_VIEW_DEPARTMENT', 'CAN_VIEW_AFFINITYGROUPS'] };
    await api().create('roles', { data });
    await api().update('roles', { id: 'r7', data: { ...data, name: 'Chief ushers' }, previousData: { id: 'r7' } });
    await api().delete('roles', { id: 'r7', previousData: { id: 'r7' } });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /Roles/CreateRole',
      'PUT /Roles/UpdateRole',
      'DELETE /Roles/DeleteRole',
    ]);
    expect(seen[0].body).toEqual(data);
    expect(seen[1].body).toEqual({ ...data, name: 'Chief ushers', id: 'r7' });
    expect(seen[2].query).toEqual({ RoleId: 'r7' });
  });

  it('refuses deleting a role in use with the server message (409)', async () => {
    const message = 'The role "Ushers" is held by 2 users; take it from them before deleting it.';
    answer(fail(409, message));
    await expect(api().delete('roles', { id: 'r7', previousData: { id: 'r7' } })).rejects.toMatchObject({ status: 409, message });
  });

  it("reads a role's permissions with GET ?RoleId, as a record under the role's id", async () => {
    const permissions = [{ accessRight: 'CAN_VIEW', moduleName: 'Department', permission: 'CAN_VIEW_DEPARTMENT' }];
    const seen = answer(ok(permissions));
    expect(await api().getOne('rolePermissions', { id: 'r7' })).toEqual({ data: { id: 'r7', permissions } });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/Roles/GetRolePermissions', query: { RoleId: 'r7' } });
  });

  it("reads a user's roles with GET ?UserId, as a record under the user's id", async () => {
    const grants = { userId: 'u1', roles: [{ id: 'r7', name: 'Ushers', extraPermissions: [] }], cihRole: null, permissions: [] };
    const seen = answer(ok(grants));
    expect(await api().getOne('userRoles', { id: 'u1' })).toEqual({ data: { ...grants, id: 'u1' } });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/Roles/GetUserRoles', query: { UserId: 'u1' } });
  });

  it('reads the module catalogue keyed by module name', async () => {
    const modules = [{ moduleName: 'Department', accessRights: ['CAN_VIEW', 'CAN_CREATE'] }];
    const seen = answer(ok(modules));
    const result = await api().getList('permissionModules', {
      pagination: { page: 1, perPage: 25000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(seen[0]).toMatchObject({ path: '/Roles/GetPlatformModules', query: {} });
    expect(result).toEqual({ data: [{ ...modules[0], id: 'Department' }], total: 1 });
  });

  it('assigns a role with extra permissions: POST ?RoleId&UserId, the permissions in the body', async () => {
    const seen = answer(ok({ userId: 'u1' }, { message: 'Role and permissions assigned. Changes take effect at once.' }));
    const result = await api().assignPermissions({ userId: 'u1', roleId: 'r7', permissions: ['CAN_VIEW_MEMBERS'] });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/Roles/AssignPermissions',
      query: { RoleId: 'r7', UserId: 'u1' },
      body: { permissions: ['CAN_VIEW_MEMBERS'] },
    });
    expect(result.message).toMatch(/take effect at once/);
  });

  it('removes a role, or one extra permission, with DELETE ?RoleId&UserId[&Permission]', async () => {
    const seen = answer(ok({ userId: 'u1' }));
    await api().removePermission({ userId: 'u1', roleId: 'r7' });
    await api().removePermission({ userId: 'u1', roleId: 'r7', permission: 'CAN_VIEW_MEMBERS' });
    expect(seen.map((s) => [s.method, s.path, s.query])).toEqual([
      ['DELETE', '/Roles/RemovePermission', { RoleId: 'r7', UserId: 'u1' }],
      ['DELETE', '/Roles/RemovePermission', { RoleId: 'r7', UserId: 'u1', Permission: 'CAN_VIEW_MEMBERS' }],
    ]);
  });

  it('assigns a CIH role with PUT ?userId&InspectorId&cihRole, and removes it by leaving cihRole out', async () => {
    const seen = answer(ok({ userId: 'u1', cihRole: 'cihpastor' }));
    await api().assignCihRole({ userId: 'u1', inspectorId: 'i1', cihRole: 'cihpastor' });
    await api().assignCihRole({ userId: 'u1', inspectorId: 'i1', cihRole: '' });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: '/Roles/AssignCIHRole',
      query: { userId: 'u1', InspectorId: 'i1', cihRole: 'cihpastor' },
    });
    expect(seen[1].query).toEqual({ userId: 'u1', InspectorId: 'i1' });
  });
});

describe('the people filters’ dropdowns', () => {
  it('read the plain zone and department lists, open to every signed-in user', async () => {
    const seen = answer(ok([], { totalCount: 0 }));
    await api().getList('zoneChoices', page());
    await api().getList('departmentChoices', page());
    expect(seen.map((s) => s.path)).toEqual(['/CIHZone/GetAll', '/Department/GetAllDepartment']);
  });
});
