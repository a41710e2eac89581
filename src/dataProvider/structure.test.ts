import { describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { fakeApi, ok, refusal, rows } from '@/tests/support/fakeApi';
import { ENDPOINTS } from '@/src/endpoints';
import { createDataProvider } from './index';

/** The church-structure rows of the endpoint table against the API contract. */

const api = fakeApi();
const provider = () => createDataProvider({ baseUrl: 'http://flock.test/api', getToken: () => 'tok-1', table: ENDPOINTS });
const listParams = (filter: object = {}) => ({
  pagination: { page: 2, perPage: 25 },
  sort: { field: 'name', order: 'DESC' as const },
  filter,
});
const PAGE = { PageNumber: '2', PageSize: '25', SortBy: 'name', SortOrder: 'desc' };

describe('the CRUD rows: Create, Update, Delete?id, GetById?id and the list', () => {
  const rowsOf: Array<[string, string, string]> = [
    ['ministries', '/Ministry', 'GetAll'],
    ['units', '/Unit', 'GetAll'],
    ['specialUnits', '/SpecialUnit', 'GetAll'],
    ['accessories', '/Accessory', 'GetAll'],
    ['moi', '/MOI', 'GetAll'],
    ['mountainsOfInfluence', '/MountainOfInfluence', 'GetAll'],
    ['affinityGroups', '/AffinityGroup', 'GetAll'],
    ['zones', '/CIHZone', 'GetByTotal'],
    ['centers', '/Center', 'GetByTotal'],
  ];

  it.each(rowsOf)('%s calls %s/{Create, Update, Delete, GetById, %s}', async (resource, controller, listCall) => {
    api.on(`GET ${controller}/${listCall}`, () => rows([{ id: 'r1' }], 40));
    api.on(`GET ${controller}/GetById`, () => ok({ id: 'r1' }));
    api.on(`POST ${controller}/Create`, () => ok({ id: 'r1' }));
    api.on(`PUT ${controller}/Update`, () => ok({ id: 'r1' }));
    api.on(`DELETE ${controller}/Delete`, () => ok(null));
    const dp = provider();
    expect(await dp.getList(resource, listParams({ q: 'choir' }))).toEqual({ data: [{ id: 'r1' }], total: 40 });
    expect(await dp.getOne(resource, { id: 'r1' })).toEqual({ data: { id: 'r1' } });
    await dp.create(resource, { data: { name: 'Choir' } });
    await dp.update(resource, { id: 'r1', data: { name: 'Choir', code: 'CH' }, previousData: { id: 'r1' } });
    await dp.delete(resource, { id: 'r1', previousData: { id: 'r1' } });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET ${controller}/${listCall}`,
      `GET ${controller}/GetById`,
      `POST ${controller}/Create`,
      `PUT ${controller}/Update`,
      `DELETE ${controller}/Delete`,
    ]);
    const [list, getOne, created, updated, deleted] = api.calls;
    expect(list.query).toEqual({ ...PAGE, Search: 'choir' });
    expect(getOne.query).toEqual({ id: 'r1' });
    expect(created.body).toEqual({ name: 'Choir' });
    expect(updated.body).toEqual({ name: 'Choir', code: 'CH', id: 'r1' });
    expect(deleted.query).toEqual({ id: 'r1' });
  });

  it('sends the list filters under their API names', async () => {
    api.on('GET /Unit/GetAll', () => rows([]));
    api.on('GET /Accessory/GetAll', () => rows([]));
    api.on('GET /AffinityGroup/GetAll', () => rows([]));
    api.on('GET /Center/GetByTotal', () => rows([]));
    const dp = provider();
    await dp.getList('units', listParams({ ministryId: 'm1' }));
    await dp.getList('accessories', listParams({ condition: 'Good' }));
    await dp.getList('affinityGroups', listParams({ age: 17, maritalStatus: 'Single' }));
    await dp.getList('centers', listParams({ zoneId: 'z1' }));
    expect(api.calls.map((c) => c.query)).toEqual([
      { ...PAGE, MinistryId: 'm1' },
      { ...PAGE, Condition: 'Good' },
      { ...PAGE, Age: '17', MaritalStatus: 'Single' },
      { ...PAGE, ZoneId: 'z1' },
    ]);
  });
});

describe('departments', () => {
  it('lists by total and writes through the Department calls the API contract names', async () => {
    api.on('GET /Department/GetAllDepartmentByTotal', () => rows([{ id: 'd1', departmentName: 'Choir', memberCount: 21 }], 8));
    api.on('GET /Department/GetDepartmentById', () => ok({ id: 'd1', departmentName: 'Choir' }));
    api.on('POST /Department/CreateDepartment', () => ok({ id: 'd2' }));
    api.on('PUT /Department/UpdateDepartment', () => ok({ id: 'd1' }));
    api.on('DELETE /Department/DeleteDepartment', () => ok(null));
    const dp = provider();
    expect(await dp.getList('departments', listParams())).toEqual({
      data: [{ id: 'd1', departmentName: 'Choir', memberCount: 21 }],
      total: 8,
    });
    expect((await dp.getOne('departments', { id: 'd1' })).data.departmentName).toBe('Choir');
    await dp.create('departments', { data: { departmentName: 'Media', hodId: 'u1' } });
    await dp.update('departments', { id: 'd1', data: { departmentName: 'Choir', hodId: 'u2' }, previousData: { id: 'd1' } });
    // A delete answered without data keeps the record react-admin had.
    expect(await dp.delete('departments', { id: 'd1', previousData: { id: 'd1', departmentName: 'Choir' } })).toEqual({
      data: { id: 'd1', departmentName: 'Choir' },
    });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /Department/GetAllDepartmentByTotal',
      'GET /Department/GetDepartmentById',
      'POST /Department/CreateDepartment',
      'PUT /Department/UpdateDepartment',
      'DELETE /Department/DeleteDepartment',
    ]);
    expect(api.calls[3].body).toEqual({ departmentName: 'Choir', hodId: 'u2', id: 'd1' });
    expect(api.calls[4].query).toEqual({ id: 'd1' });
  });

  it("lists a department's members by its id, and its delisted members by DepartmentId", async () => {
    api.on('GET /Department/GetDepartmentMembers', () => rows([{ id: 'u1', isHead: true }], 21));
    api.on('GET /ChurchAffiliation/GetDelistedMembers', () => rows([{ id: 'dl1', reason: 'Moved' }], 1));
    const dp = provider();
    expect(await dp.getList('departmentMembers', listParams({ departmentId: 'd1', q: 'ade' }))).toEqual({
      data: [{ id: 'u1', isHead: true }],
      total: 21,
    });
    expect(await dp.getList('delistedMembers', listParams({ departmentId: 'd1' }))).toEqual({
      data: [{ id: 'dl1', reason: 'Moved' }],
      total: 1,
    });
    expect(api.calls[0].query).toEqual({ ...PAGE, Search: 'ade', id: 'd1' });
    expect(api.calls[1].query).toEqual({ ...PAGE, DepartmentId: 'd1' });
  });

  it('delists with PUT and undoes with DELETE DelistMemberFromDepartment, the member and department in the query', async () => {
    api.on('PUT /ChurchAffiliation/DelistMemberFromDepartment', () =>
      ok({ id: 'dl1' }, { message: 'Member delisted from the department' }),
    );
    api.on('DELETE /ChurchAffiliation/DelistMemberFromDepartment', () => ok({ id: 'dl1' }));
    const dp = provider();
    expect(await dp.delistMember({ userId: 'u1', departmentName: 'Choir', reason: 'Moved away' })).toEqual({
      data: { id: 'dl1' },
      message: 'Member delisted from the department',
    });
    await dp.undoDelisting({ userId: 'u1', departmentName: 'Choir' });
    expect(api.calls.map(({ method, query, body }) => ({ method, query, body }))).toEqual([
      { method: 'PUT', query: { UserId: 'u1', DepartmentName: 'Choir', Reason: 'Moved away' }, body: undefined },
      { method: 'DELETE', query: { UserId: 'u1', DepartmentName: 'Choir' }, body: undefined },
    ]);
  });
});

describe('CIH and members', () => {
  it("GetMyCenter answers the caller's center, members and leaders", async () => {
    const mine = { center: { id: 'c1', centerName: 'Ajah Center' }, members: [{ id: 'u1' }], leaders: [] };
    api.on('GET /Center/GetMyCenter', () => ok(mine));
    expect((await provider().getMyCenter()).data).toEqual(mine);
    expect(api.calls[0].query).toEqual({});
  });

  it('queries members by zone, center and department under their API names', async () => {
    api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([{ id: 'u1', fullName: 'Ada Obi' }], 41));
    const result = await provider().getList('members', listParams({ zoneId: 'z1', centerId: 'c1', departmentId: 'd1', q: 'ada' }));
    expect(result).toEqual({ data: [{ id: 'u1', fullName: 'Ada Obi' }], total: 41 });
    expect(api.calls[0].query).toEqual({ ...PAGE, Search: 'ada', ZoneId: 'z1', CenterId: 'c1', DepartmentId: 'd1' });
  });
});

describe('errors of the structure calls', () => {
  it('a refused delete keeps its 409 and the message saying how many hold it', async () => {
    api.on('DELETE /CIHZone/Delete', () => refusal(409, 'This zone has 2 centers and 41 members; move them before deleting it.'));
    await expect(provider().delete('zones', { id: 'z1', previousData: { id: 'z1' } })).rejects.toMatchObject({
      status: 409,
      message: 'This zone has 2 centers and 41 members; move them before deleting it.',
    });
  });

  it("a 400 gives the form one message per field from the server's lists", async () => {
    api.on('POST /AffinityGroup/Create', () =>
      HttpResponse.json(
        { succeeded: false, message: 'Validation failed', errors: { startAge: ['Start age cannot be greater than end age'] } },
        { status: 400 },
      ),
    );
    await expect(provider().create('affinityGroups', { data: { startAge: 40, endAge: 20 } })).rejects.toMatchObject({
      status: 400,
      body: { errors: { startAge: 'Start age cannot be greater than end age' } },
    });
  });

  it('a delist without the right is refused with the server message', async () => {
    api.on('PUT /ChurchAffiliation/DelistMemberFromDepartment', () => refusal(403, 'Only the head of this department may do this'));
    await expect(provider().delistMember({ userId: 'u1', departmentName: 'Choir', reason: 'x' })).rejects.toMatchObject({
      status: 403,
      message: 'Only the head of this department may do this',
    });
  });
});
