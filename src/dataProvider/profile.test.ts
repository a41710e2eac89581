import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ENDPOINTS } from '@/src/endpoints';
import { createDataProvider } from './index';

/** The profile's and the member list's rows of the endpoint table, against the API contract. */

const BASE = 'http://flock.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Seen = { method: string; path: string; query: Record<string, string>; body: unknown; type: string };

function answer(reply: () => Response): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const type = request.headers.get('content-type') ?? '';
      const body = type.includes('json') ? await request.json() : type.includes('multipart') ? await request.formData() : undefined;
      seen.push({
        method: request.method,
        path: url.pathname.slice('/api'.length),
        query: Object.fromEntries(url.searchParams),
        body,
        type,
      });
      return reply();
    }),
  );
  return seen;
}

const ok =
  (data: unknown, extra: object = {}) =>
  () =>
    HttpResponse.json({ succeeded: true, message: 'Done', data, ...extra });
const fail = (status: number, body: object) => () => HttpResponse.json({ succeeded: false, ...body }, { status });
const api = () => createDataProvider({ baseUrl: BASE, getToken: () => 'tok', table: ENDPOINTS });

const USER = '11111111-1111-4111-8111-111111111111';
const RECORD = '22222222-2222-4222-8222-222222222222';
const EVERY_ROW = { pagination: { page: 1, perPage: 25000 }, sort: { field: 'id', order: 'ASC' as const } };
const call = (seen: Seen[]) => seen.map(({ method, path }) => `${method} ${path}`);

describe('one record per member, asked for by the member id', () => {
  it.each([
    ['profiles', '/UserManagement/GetUserbyId', 'UserId'],
    ['biodata', '/Biodata/GetBiodataByUserId', 'id'],
    ['spouses', '/Spouse/GetByUserId', 'id'],
    ['employers', '/Employer/GetByUserId', 'id'],
    ['churchAffiliations', '/ChurchAffiliation/GetChurchAffiliationByUserId', 'id'],
  ])('%s.getOne GETs %s?%s', async (resource, path, idParam) => {
    const seen = answer(ok({ id: RECORD, userId: USER }));
    expect(await api().getOne(resource, { id: USER })).toEqual({ data: { id: RECORD, userId: USER } });
    expect(seen[0]).toMatchObject({ method: 'GET', path, query: { [idParam]: USER } });
  });

  it.each([
    ['biodata', '/Biodata/CreateBiodata', '/Biodata/UpdateBiodata'],
    ['spouses', '/Spouse/Create', '/Spouse/Update'],
    ['employers', '/Employer/Create', '/Employer/Update'],
    ['churchAffiliations', '/ChurchAffiliation/CreateChurchAffiliation', '/ChurchAffiliation/UpdateChurchAffiliation'],
    ['qualifications', '/Qualification/Create', '/Qualification/Update'],
    ['children', '/Children/Create', '/Children/Update'],
  ])('%s creates by POST %s (no id) and updates by PUT %s (with the id)', async (resource, createPath, updatePath) => {
    const seen = answer(ok({ id: RECORD, userId: USER, firstName: 'Ada' }));
    await api().create(resource, { data: { userId: USER, firstName: 'Ada' } });
    await api().update(resource, { id: RECORD, data: { userId: USER, firstName: 'Ada' }, previousData: { id: RECORD } });
    expect(call(seen)).toEqual([`POST ${createPath}`, `PUT ${updatePath}`]);
    expect(seen[0].body).toEqual({ userId: USER, firstName: 'Ada' });
    expect(seen[1].body).toEqual({ userId: USER, firstName: 'Ada', id: RECORD });
  });

  it('an update sends the updatedAt its form loaded (previousData), not one the form holds', async () => {
    const loaded = '2026-01-02T03:04:05.678Z';
    const seen = answer(ok({ id: RECORD }));
    await api().update('biodata', {
      id: RECORD,
      data: { userId: USER, firstName: 'Ada', updatedAt: '2026-06-01T00:00:00.000Z' },
      previousData: { id: RECORD, updatedAt: loaded },
    });
    expect(seen[0].body).toEqual({ userId: USER, firstName: 'Ada', id: RECORD, updatedAt: loaded });
  });
});

describe("a member's rows", () => {
  it.each([
    ['qualifications', '/Qualification/GetByUserId'],
    ['children', '/Children/GetByUserId'],
  ])('%s.getList GETs %s with only the member id, and deletes by id', async (resource, path) => {
    const rows = [{ id: RECORD, userId: USER }];
    const seen = answer(ok(rows));
    expect(await api().getList(resource, { ...EVERY_ROW, filter: { userId: USER } })).toEqual({ data: rows, total: 1 });
    expect(seen[0]).toMatchObject({ method: 'GET', path, query: { id: USER } });
    await api().delete(resource, { id: RECORD, previousData: rows[0] });
    expect(seen[1]).toMatchObject({ method: 'DELETE', path: path.replace('GetByUserId', 'Delete'), query: { id: RECORD } });
  });

  it('memberDepartments keys each department by its id and setPrimaryDepartment PUTs UserId and DepartmentName', async () => {
    const seen = answer(ok([{ departmentId: RECORD, departmentName: 'Choir', isPrimaryDepartment: true }]));
    const { data } = await api().getList('memberDepartments', { ...EVERY_ROW, filter: { userId: USER } });
    expect(data).toEqual([{ id: RECORD, departmentId: RECORD, departmentName: 'Choir', isPrimaryDepartment: true }]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/Department/GetDepartmentByUserId', query: { id: USER } });
    await api().setPrimaryDepartment({ userId: USER, departmentName: 'Choir' });
    expect(seen[1]).toMatchObject({
      method: 'PUT',
      path: '/Department/SetPrimaryDepartment',
      query: { UserId: USER, DepartmentName: 'Choir' },
      body: undefined,
    });
  });
});

describe("the member's requests (PUT with userId, target and Reason)", () => {
  it.each([
    [
      'requestToJoinDepartment',
      { department: 'Choir', reason: 'I sing' },
      'RequestByMemberToJoinDepartment',
      { department: 'Choir', Reason: 'I sing' },
    ],
    ['requestToJoinAffinityGroup', { affinityGroup: 'Men' }, 'RequestByMemberToJoinAffinityGroup', { affinityGroup: 'Men' }],
    [
      'requestChangeOfAffinityGroup',
      { newAffinityGroup: 'Men', reason: 'Moved' },
      'RequestChangeOfAffinityGroup',
      { newAffinityGroup: 'Men', Reason: 'Moved' },
    ],
    [
      'requestChangeOfZone',
      { newCihZone: 'Ikeja Zone', newCenter: 'Ogba Center' },
      'RequestChangeOfCIHZone',
      { newCihZone: 'Ikeja Zone', newCenter: 'Ogba Center' },
    ],
  ])('%s PUTs /ChurchAffiliation/%s with its query', async (name, params, call, query) => {
    const seen = answer(ok({ id: RECORD }));
    const result = await (api() as any)[name]({ userId: USER, ...params });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      path: `/ChurchAffiliation/${call}`,
      query: { userId: USER, ...query },
      body: undefined,
    });
    expect(result.message).toBe('Done');
  });

  it('drops the fields left empty (both fields of an affinity request are optional)', async () => {
    const seen = answer(ok({ id: RECORD }));
    await api().requestToJoinAffinityGroup({ userId: USER, affinityGroup: '', reason: undefined });
    expect(seen[0].query).toEqual({ userId: USER });
  });

  it("rejects with the server's message, which the modal does not show", async () => {
    answer(fail(409, { message: 'A request to join a department is already pending for this member; wait for its decision' }));
    await expect(api().requestToJoinDepartment({ userId: USER, department: 'Choir', reason: 'x' })).rejects.toMatchObject({ status: 409 });
  });
});

describe('avatar', () => {
  it('getUserAvatar GETs UserId and answers {fileBase64, contentType}', async () => {
    const seen = answer(ok({ fileBase64: 'iVBORw0KGgo=', contentType: 'image/png' }));
    expect((await api().getUserAvatar({ userId: USER })).data).toEqual({ fileBase64: 'iVBORw0KGgo=', contentType: 'image/png' });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/UserManagement/GetUserAvatar', query: { UserId: USER } });
  });

  it('uploadAvatar POSTs multipart to /Files/uploadfile?UserId&FileType=avatar with UserId, FileType and the file', async () => {
    const seen = answer(ok({ id: RECORD }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await api().uploadAvatar({ userId: USER, file });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/Files/uploadfile', query: { UserId: USER, FileType: 'avatar' } });
    expect(seen[0].type).toMatch(/^multipart\/form-data/);
    const form = seen[0].body as FormData;
    expect([form.get('UserId'), form.get('FileType'), (form.get('file') as File).name]).toEqual([USER, 'avatar', 'me.png']);
  });

  it.each([
    [415, 'cv.pdf is not a valid image file (SVG, JPEG, JPG, PNG allowed)'],
    [413, 'big.png exceeds the maximum file size (800KB)'],
  ])('a %s rejects with the server message', async (status, message) => {
    answer(fail(status, { message }));
    const file = new File(['x'], 'x.png', { type: 'image/png' });
    await expect(api().uploadAvatar({ userId: USER, file })).rejects.toMatchObject({ status, message });
  });
});

describe('dropdowns and the member list', () => {
  it.each([
    ['zoneChoices', '/CIHZone/GetAll', {}],
    ['departmentChoices', '/Department/GetAllDepartment', {}],
    ['affinityGroups', '/AffinityGroup/GetAll', {}],
    ['centerChoices', '/Center/GetAll', { ZoneId: RECORD }],
  ])('%s asks %s for page 1 of 25000', async (resource, path, query) => {
    const seen = answer(ok([{ id: RECORD }], { totalCount: 1 }));
    await api().getList(resource, { ...EVERY_ROW, filter: 'ZoneId' in query ? { zoneId: RECORD } : {} });
    expect(seen[0]).toMatchObject({ method: 'GET', path });
    expect(seen[0].query).toEqual({ PageNumber: '1', PageSize: '25000', ...query });
  });

  it('members.getList sends every filter and sort under its API name and reads data and totalCount', async () => {
    const seen = answer(ok([{ id: USER, fullName: 'Ada Okafor' }], { totalCount: 169 }));
    const result = await api().getList('members', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'maritalStatus', order: 'DESC' },
      filter: {
        q: 'ada',
        zoneId: 'z',
        centerId: 'c',
        departmentId: 'd',
        departmentName: 'Choir',
        affinityGroup: 'Men',
        gender: 'Female',
        maritalStatus: 'Single',
        employmentStatus: 'Employed',
        state: 'Lagos',
        role: 'hod',
        status: 'active',
      },
    });
    expect(result).toEqual({ data: [{ id: USER, fullName: 'Ada Okafor' }], total: 169 });
    expect(seen[0].path).toBe('/ChurchAffiliation/GetMemberQuery');
    expect(seen[0].query).toEqual({
      PageNumber: '3',
      PageSize: '25',
      SortBy: 'maritalStatus',
      SortOrder: 'desc',
      Search: 'ada',
      ZoneId: 'z',
      CenterId: 'c',
      DepartmentId: 'd',
      DepartmentName: 'Choir',
      AffinityGroup: 'Men',
      Gender: 'Female',
      MaritalStatus: 'Single',
      EmploymentStatus: 'Employed',
      State: 'Lagos',
      Role: 'hod',
      Status: 'active',
    });
  });
});

describe('errors of the profile calls', () => {
  it.each([
    ['biodata', 'Biodata not found!'],
    ['spouses', 'Spouse Detail not found!'],
    ['employers', 'Employer not found!'],
    ['churchAffiliations', 'Church Affiliation not found!'],
  ])("%s without a record rejects with 404 '%s', which the profile reads as none yet", async (resource, message) => {
    answer(fail(404, { message }));
    await expect(api().getOne(resource, { id: USER })).rejects.toMatchObject({ status: 404, message });
  });

  it('a refused save gives the form its field messages', async () => {
    answer(fail(400, { message: 'Email cannot be changed once it is set', errors: { email: ['Email cannot be changed once it is set'] } }));
    await expect(
      api().update('biodata', { id: RECORD, data: { email: 'new@example.org' }, previousData: { id: RECORD } }),
    ).rejects.toMatchObject({
      status: 400,
      body: { errors: { email: 'Email cannot be changed once it is set' } },
    });
  });

  it("another member's record answers 403 with the server's message", async () => {
    answer(fail(403, { message: 'You are not authorised' }));
    await expect(api().getOne('biodata', { id: USER })).rejects.toMatchObject({ status: 403, message: 'You are not authorised' });
  });
});
