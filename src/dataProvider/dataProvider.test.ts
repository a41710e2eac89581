import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { defineCall } from '@/domain/common/calls';
import { filesCalls } from '@/domain/files/calls';
import { ENDPOINTS } from '@/src/endpoints';
import { createDataProvider } from './index';
import { create, list, listByReference, one, remove, update, type EndpointTable } from './endpoints';
import { queryString } from './http';

const BASE = 'http://flock.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Seen = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };

/** Answers every request with `reply` and records what reached the server. */
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
        query: url.searchParams,
        headers: request.headers,
        body,
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
const fail = (status: number, body?: object) => () => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }));
const provider = (token: string | null = 'tok-1', table: EndpointTable = ENDPOINTS) =>
  createDataProvider({ baseUrl: BASE, getToken: () => token, table });

describe('custom methods of the endpoint table', () => {
  const posts: Array<[string, string, object]> = [
    ['login', '/Auth/Login', { username: 'ann@example.org', password: 'pw' }],
    ['logout', '/Auth/Logout', {}],
    ['signUp', '/UserManagement/SignUpUser', { firstName: 'Ann', surName: 'Lee', email: 'ann@example.org', mobile1: '1', password: 'pw' }],
    ['validateEmailInitiate', '/Auth/ValidateEmailInitiate', { email: 'ann@example.org' }],
    ['validateEmailComplete', '/Auth/ValidateEmailComplete', { email: 'ann@example.org', otp: '123456' }],
    ['requestOtp', '/Auth/RequestOtp', { email: 'ann@example.org', purpose: 'verify' }],
    ['changePasswordInitiate', '/Auth/ChangePasswordInitiate', { email: 'ann@example.org' }],
    ['changePasswordComplete', '/Auth/ChangePasswordComplete', { email: 'ann@example.org', otp: '123456', newPassword: 'new-pass-1' }],
    ['changePasswordInside', '/Auth/ChangePasswordCompleteInside', { currentPassword: 'a', newPassword: 'new-pass-1' }],
  ];

  it.each(posts)('%s POSTs its body to %s and unwraps the envelope', async (name, path, params) => {
    const seen = answer(ok({ token: 'fresh' }));
    const result = await (provider() as any)[name](params);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path, body: params });
    expect([...seen[0].query.keys()]).toEqual([]);
    expect(result).toEqual({ data: { token: 'fresh' }, message: 'Done' });
  });

  it('getAdminDashboardStats GETs /Stats/GetAdminDashboardStats and returns its counts', async () => {
    const counts = { members: 12, firstTimers: 3, departments: 4, zones: 2 };
    const seen = answer(ok(counts));
    const result = await provider().getAdminDashboardStats();
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/Stats/GetAdminDashboardStats', body: undefined });
    expect(result.data).toEqual(counts);
  });

  it('sends the stored token as a bearer token, and none when signed out', async () => {
    const seen = answer(ok(null));
    await provider('tok-1').getAdminDashboardStats();
    await provider(null).getAdminDashboardStats();
    expect(seen[0].headers.get('authorization')).toBe('Bearer tok-1');
    expect(seen[1].headers.get('authorization')).toBeNull();
  });

  it('refuses a table that defines one custom name twice', () => {
    const table: EndpointTable = {
      a: { custom: { go: one(defineCall({ method: 'GET', path: '/A' })) } },
      b: { custom: { go: one(defineCall({ method: 'GET', path: '/B' })) } },
    };
    expect(() => provider('t', table)).toThrow(/go/);
  });
});

describe('a table given in slices, as App gives it', () => {
  const TABLE: EndpointTable = { things: { getOne: one(defineCall({ method: 'GET', path: '/Thing/GetById' })) } };
  const OTHER: EndpointTable = { others: { custom: { getOther: { call: defineCall({ method: 'GET', path: '/Other/Get' }) } } } };

  it('loads every slice at the first call, each once, and calls through them', async () => {
    const seen = answer(ok({ id: '7' }));
    let loads = 0;
    const api = createDataProvider({
      baseUrl: BASE,
      getToken: () => null,
      table: [async () => (loads++, ENDPOINTS), async () => (loads++, TABLE)],
    });
    expect(loads).toBe(0);
    await api.getOne('goals', { id: '7' });
    await api.getOne('things', { id: '7' });
    await api.getAdminDashboardStats();
    expect(loads).toBe(2);
    expect(seen.map((s) => s.path)).toEqual(['/Goal/GetById', '/Thing/GetById', '/Stats/GetAdminDashboardStats']);
  });

  it('calls as soon as the slice holding the endpoint is in, without waiting for the others', async () => {
    const seen = answer(ok({ id: '1' }));
    let arrive: (table: EndpointTable) => void = () => undefined;
    const held = () => new Promise<EndpointTable>((resolve) => (arrive = resolve));
    const api = createDataProvider({ baseUrl: BASE, getToken: () => null, table: [held, async () => TABLE] });
    // The first slice has not arrived: the call goes out all the same.
    await expect(api.getOne('things', { id: '1' })).resolves.toEqual({ data: { id: '1' } });
    const other = (api as unknown as Record<string, () => Promise<unknown>>).getOther();
    arrive(OTHER);
    await other;
    expect(seen.map((s) => s.path)).toEqual(['/Thing/GetById', '/Other/Get']);
  });

  it('tries a slice again after it failed (a chunk not fetched offline), and only that one', async () => {
    answer(ok({ id: '1' }));
    let attempts = 0;
    let others = 0;
    const api = createDataProvider({
      baseUrl: BASE,
      getToken: () => null,
      table: [
        async () => {
          if (++attempts === 1) throw new Error('Failed to fetch dynamically imported module');
          return TABLE;
        },
        async () => (others++, OTHER),
      ],
    });
    await expect(api.getOne('things', { id: '1' })).rejects.toThrow(/dynamically imported/);
    await expect(api.getOne('things', { id: '1' })).resolves.toEqual({ data: { id: '1' } });
    expect([attempts, others]).toEqual([2, 1]);
  });

  it('rejects a call that no slice has once all are in, and is no promise itself', async () => {
    const api = createDataProvider({ baseUrl: BASE, getToken: () => null, table: [async () => TABLE, async () => OTHER] });
    await expect((api as unknown as Record<string, () => Promise<unknown>>).noSuchCall()).rejects.toThrow(/noSuchCall/);
    await expect(api.getOne('nothing', { id: '1' })).rejects.toThrow(/getOne on nothing/);
    expect(await Promise.resolve(api)).toBe(api);
  });
});

describe('standard methods built from the table', () => {
  const calls = {
    getAll: defineCall({ method: 'GET', path: '/People/GetAll' }),
    getById: defineCall({ method: 'GET', path: '/People/GetById' }),
    create: defineCall({ method: 'POST', path: '/People/Create' }),
    update: defineCall({ method: 'PUT', path: '/People/Update' }),
    delete: defineCall({ method: 'DELETE', path: '/People/Delete' }),
  };
  const table: EndpointTable = {
    people: {
      getList: list(calls.getAll, { zone: 'ZoneId' }),
      getOne: one(calls.getById, 'UserId'),
      getManyReference: listByReference(calls.getAll, { department: 'DepartmentName' }),
      create: create(calls.create),
      update: update(calls.update),
      delete: remove(calls.delete),
    },
  };
  const people = () => provider('tok-1', table);

  it('getList maps paging, sort, search and filters to the API parameter names and drops empty ones', async () => {
    const seen = answer(ok([{ id: 'p1' }, { id: 'p2' }], { totalCount: 42 }));
    const result = await people().getList('people', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'firstName', order: 'DESC' },
      filter: { q: 'ann', zone: 'z1', gender: '', state: null, lga: undefined, blank: '  ' },
    });
    expect(seen[0].path).toBe('/People/GetAll');
    expect(Object.fromEntries(seen[0].query)).toEqual({
      PageNumber: '2',
      PageSize: '25',
      SortBy: 'firstName',
      SortOrder: 'desc',
      Search: 'ann',
      ZoneId: 'z1',
    });
    expect(result).toEqual({ data: [{ id: 'p1' }, { id: 'p2' }], total: 42 });
  });

  it("getList leaves react-admin's default 'id' sort to the server's order", async () => {
    const seen = answer(ok([], { totalCount: 0 }));
    await people().getList('people', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(seen[0].query.has('SortBy')).toBe(false);
    expect(seen[0].query.has('SortOrder')).toBe(false);
  });

  it('getOne asks by the named id parameter; getMany asks once per id', async () => {
    const seen = answer(ok({ id: 'p1', firstName: 'Ann' }));
    expect(await people().getOne('people', { id: 'p1' })).toEqual({ data: { id: 'p1', firstName: 'Ann' } });
    await people().getMany('people', { ids: ['p1', 'p2'] });
    expect(seen.map((s) => s.query.get('UserId'))).toEqual(['p1', 'p1', 'p2']);
  });

  it('getManyReference filters by the target under its API name', async () => {
    const seen = answer(ok([{ id: 'p1' }], { totalCount: 1 }));
    await people().getManyReference('people', {
      target: 'department',
      id: 'Choir',
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(seen[0].query.get('DepartmentName')).toBe('Choir');
    expect(seen[0].query.get('PageSize')).toBe('5');
  });

  it('create POSTs the record, update PUTs it with its id, delete sends the id as a query', async () => {
    const seen = answer(ok({ id: 'p9', firstName: 'Ann' }));
    const api = people();
    expect(await api.create('people', { data: { firstName: 'Ann' } })).toEqual({ data: { id: 'p9', firstName: 'Ann' } });
    await api.update('people', { id: 'p9', data: { firstName: 'Anne' }, previousData: { id: 'p9' } });
    await api.delete('people', { id: 'p9', previousData: { id: 'p9' } });
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /People/Create',
      'PUT /People/Update',
      'DELETE /People/Delete',
    ]);
    expect(seen[1].body).toEqual({ firstName: 'Anne', id: 'p9' });
    expect(seen[2].query.get('id')).toBe('p9');
  });

  it('rejects a method the table does not map', async () => {
    await expect(
      people().getList('nothing', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow(/getList on nothing/);
  });

  it('sends FormData as multipart, not JSON', async () => {
    const seen = answer(ok(null));
    const form = new FormData();
    form.append('FileType', 'avatar');
    const table: EndpointTable = {
      files: { custom: { upload: { call: filesCalls.uploadFile, body: (p: { form: FormData }) => p.form } } },
    };
    await (provider('t', table) as any).upload({ form });
    expect(seen[0].headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect((seen[0].body as FormData).get('FileType')).toBe('avatar');
  });
});

describe('errors', () => {
  const call = () => provider().getAdminDashboardStats();
  const cases: Array<[string, () => Response, number, string]> = [
    ['401 is always Token expired', fail(401, { succeeded: false, message: 'jwt expired' }), 401, 'Token expired'],
    ['500 shows the server message', fail(500, { succeeded: false, message: 'Database down' }), 500, 'Database down'],
    ['500 without a message', fail(500), 500, 'Something went wrong'],
    ['404 shows the server message', fail(404, { succeeded: false, message: 'Biodata not found!' }), 404, 'Biodata not found!'],
    ['403 shows the server message', fail(403, { succeeded: false, message: 'You are not authorised' }), 403, 'You are not authorised'],
    ['4xx without a message', fail(400), 400, 'Something went wrong'],
    ['only 200 counts as success', () => HttpResponse.json({ succeeded: true, data: {} }, { status: 201 }), 201, 'Something went wrong'],
    [
      'succeeded false fails with the server message',
      () => HttpResponse.json({ succeeded: false, message: 'Email taken' }),
      200,
      'Email taken',
    ],
    ['other statuses pass through', () => new HttpResponse('<html>', { status: 502, statusText: 'Bad Gateway' }), 502, 'Bad Gateway'],
  ];

  it.each(cases)('%s', async (_name, reply, status, message) => {
    answer(reply);
    await expect(call()).rejects.toMatchObject({ name: 'HttpError', status, message });
  });

  it("gives react-admin forms one message per field from the server's lists", async () => {
    answer(fail(400, { succeeded: false, message: 'Bad', errors: { email: ['Please enter a valid email address', 'second'] } }));
    await expect(call()).rejects.toMatchObject({ body: { errors: { email: 'Please enter a valid email address' } } });
  });
});

describe('queryString', () => {
  it('drops empty values, repeats arrays and writes dates as ISO', () => {
    const when = new Date('2024-01-02T03:04:05.000Z');
    expect(queryString({ a: 'x y', b: '', c: null, d: undefined, e: ['1', '', '2'], f: when, g: 0, h: false })).toBe(
      '?a=x+y&e=1&e=2&f=2024-01-02T03%3A04%3A05.000Z&g=0&h=false',
    );
    expect(queryString({ a: '' })).toBe('');
  });
});
