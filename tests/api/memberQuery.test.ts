import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/queries.js';
import { addPerson } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

let s: TestServer;
let admin: string;
const ids: Record<string, string> = {};
let zone: { id: string };
let center: { id: string };
let department: { id: string };

/** Everyone the fixtures add carries this surname prefix, so a search isolates them. */
const FAMILY = 'Qx';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  const post = async (path: string, body: unknown) => (await s.call('POST', path, { body, token: admin })).body.data;
  zone = await post('/CIHZone/Create', { zoneName: 'Query Zone' });
  center = await post('/Center/Create', { centerName: 'Query Center', zoneId: zone.id });
  department = await post('/Department/CreateDepartment', { departmentName: 'Query Department' });
  ids.amaka = await addPerson(s, {
    firstName: 'Amaka',
    surName: `${FAMILY}Obi`,
    middleName: 'Joy',
    email: 'amaka.obi@example.org',
    mobile1: '08031112222',
    gender: 'Female',
    maritalStatus: 'Married',
    employmentStatus: 'Employed',
    dateOfBirth: '1990-04-01',
    state: 'Lagos',
    country: 'Nigeria',
    zoneId: zone.id,
    centerId: center.id,
    cihRole: 'cihpastor',
    affinityGroup: ['Couples'],
    role: 'member',
    departmentIds: [department.id],
  });
  ids.bode = await addPerson(s, {
    firstName: 'Bode',
    surName: `${FAMILY}Adeyemi`,
    gender: 'Male',
    maritalStatus: 'Single',
    employmentStatus: 'Unemployed',
    dateOfBirth: '2001-09-12',
    state: 'Oyo',
    zoneId: zone.id,
    role: 'hod',
  });
  ids.chi = await addPerson(s, {
    firstName: 'Chi',
    surName: `${FAMILY}Eze`,
    gender: 'Female',
    maritalStatus: 'Single',
    dateOfBirth: '1985-01-20',
    state: 'Enugu',
    disabled: true,
    role: 'member',
  });
  ids.firstTimer = await addPerson(s, { firstName: 'Dayo', surName: `${FAMILY}New`, isFirstTimer: true });
  ids.archived = await addPerson(s, { firstName: 'Efe', surName: `${FAMILY}Late`, demise: true });
});
afterAll(() => s?.close());

const query = async (params: string, token = admin) =>
  s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${FAMILY}&PageSize=50&${params}`, { token });
const firstNames = async (params: string) => {
  const res = await query(params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((m: any) => m.firstName);
};

describe('GetMemberQuery', () => {
  it('lists members only: no first-timers, no archived people', async () => {
    const res = await query('');
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((m: any) => m.firstName).sort()).toEqual(['Amaka', 'Bode', 'Chi']);
  });

  it("answers each row as the spec's member summary", async () => {
    const res = await query(`CenterId=${center.id}`);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: ids.amaka,
        fullName: `Amaka Joy ${FAMILY}Obi`,
        firstName: 'Amaka',
        lastName: `${FAMILY}Obi`,
        middleName: 'Joy',
        email: 'amaka.obi@example.org',
        phoneNumber: '08031112222',
        location: 'Lagos, Nigeria',
        userRole: 'member',
        zoneName: 'Query Zone',
        centerName: 'Query Center',
        gender: 'Female',
        maritalStatus: 'Married',
        dateOfBirth: '1990-04-01',
        cihRole: 'cihpastor',
        status: 'active',
      }),
    ]);
  });

  it('searches names, email and phone', async () => {
    const search = async (term: string) =>
      (await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${encodeURIComponent(term)}`, { token: admin })).body.data.map(
        (m: any) => m.id,
      );
    expect(await search('amaka.obi@')).toEqual([ids.amaka]);
    expect(await search('0803111')).toEqual([ids.amaka]);
    expect(await search('joy')).toEqual([ids.amaka]);
    expect(await search(`${FAMILY}adeyemi`)).toEqual([ids.bode]);
    expect(await search('100%')).toEqual([]);
  });

  it.each([
    ['zone', () => `ZoneId=${zone.id}`, ['Amaka', 'Bode']],
    ['center', () => `CenterId=${center.id}`, ['Amaka']],
    ['department id', () => `DepartmentId=${department.id}`, ['Amaka']],
    ['department name', () => 'DepartmentName=query department', ['Amaka']],
    ['affinity group', () => 'AffinityGroup=couples', ['Amaka']],
    ['gender', () => 'Gender=Female', ['Amaka', 'Chi']],
    ['marital status', () => 'MaritalStatus=Single', ['Bode', 'Chi']],
    ['employment status', () => 'EmploymentStatus=Unemployed', ['Bode']],
    ['state', () => 'State=lagos', ['Amaka']],
    ['platform role', () => 'Role=hod', ['Bode']],
    ['CIH role', () => 'Role=cihpastor', ['Amaka']],
    ['status disabled', () => 'Status=disabled', ['Chi']],
    ['status active', () => 'Status=active', ['Amaka', 'Bode']],
  ])('filters by %s', async (_name, params, expected) => {
    expect((await firstNames(params())).sort()).toEqual(expected);
  });

  it.each([
    ['firstName', 'asc', ['Amaka', 'Bode', 'Chi']],
    ['firstName', 'desc', ['Chi', 'Bode', 'Amaka']],
    ['surName', 'asc', ['Bode', 'Chi', 'Amaka']],
    ['dob', 'asc', ['Chi', 'Amaka', 'Bode']],
    ['dateOfBirth', 'desc', ['Bode', 'Amaka', 'Chi']],
    ['state', 'asc', ['Chi', 'Amaka', 'Bode']],
    ['maritalStatus', 'asc', ['Amaka', 'Bode', 'Chi']],
    ['employmentStatus', 'asc', ['Amaka', 'Bode', 'Chi']],
    // Ties (two women) by surname in the sort's direction: descending is ascending reversed (0239).
    ['gender', 'asc', ['Chi', 'Amaka', 'Bode']],
    ['gender', 'desc', ['Bode', 'Amaka', 'Chi']],
    ['default', 'asc', ['Bode', 'Chi', 'Amaka']],
  ])('sorts by %s %s', async (field, order, expected) => {
    expect(await firstNames(`SortBy=${field}&SortOrder=${order}`)).toEqual(expected);
  });

  it('refuses an unknown sort field, an unknown filter and a bad filter value', async () => {
    const sort = await query('SortBy=passwordHash');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/^SortBy must be one of: default, firstName, surName/);
    expect((await query('Colour=red')).status).toBe(400);
    const gender = await query('Gender=Other');
    expect(gender.status).toBe(400);
    expect(gender.body.errors.gender).toEqual(['Gender must be one of Male, Female']);
    expect((await query('ZoneId=zone-1')).body.errors.zoneId).toEqual(['ZoneId must be a valid id']);
  });

  it('pages with totalCount', async () => {
    const res = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${FAMILY}&SortBy=firstName&PageNumber=2&PageSize=2`, {
      token: admin,
    });
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((m: any) => m.firstName)).toEqual(['Chi']);
  });

  it('reuses one statement for one shape of page, with each call its own values', async () => {
    const byZone = async (zoneId: string, page: number) =>
      (
        await s.call('GET', `/ChurchAffiliation/GetMemberQuery?ZoneId=${zoneId}&SortBy=firstName&PageSize=1&PageNumber=${page}`, {
          token: admin,
        })
      ).body;
    const other = (await s.call('POST', '/CIHZone/Create', { body: { zoneName: 'Query Zone 2' }, token: admin })).body.data;
    expect((await byZone(zone.id, 1)).data.map((m: any) => m.firstName)).toEqual(['Amaka']);
    expect(await byZone(other.id, 1)).toMatchObject({ data: [], totalCount: 0 });
    expect((await byZone(zone.id, 1)).totalCount).toBe((await query(`ZoneId=${zone.id}`)).body.totalCount);
    if (s.database.kind !== 'pglite') return;
    // PGlite's one connection shows its statements: the page's shape was prepared once, by name.
    const prepared = rowsOf<{ name: string }>(await s.database.db.execute(sql`select name from pg_prepared_statements`));
    expect(prepared.filter((p) => p.name.startsWith('stmt_')).length).toBeGreaterThan(0);
    expect(new Set(prepared.map((p) => p.name)).size).toBe(prepared.length);
  });

  it('needs CAN_VIEW_MEMBERS or CAN_VIEW_CIH_MANAGEMENT', async () => {
    const member = await createUser(s);
    expect((await query('', member.token)).status).toBe(403);
    const inspector = await createUser(s, { role: 'inspectorate' });
    expect((await query('', inspector.token)).body.totalCount).toBe(3);
  });
});
