import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { churchAffiliations, memberDirectory, memberRoleNames, userRoles, users } from '@/server/db/schema/index.js';
import { encodeCursor, rangesAfter } from '@/server/engines/keyset.js';
import { directoryQueries, isChurchMember, isListed, memberFilters, searchTotal } from '@/server/engines/memberList.js';
import { addAffinityGroup, addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import { addPerson } from '@/tests/support/people.js';
import { filedId, requestCalls } from '@/tests/support/requests.js';
import { addRole } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser, signUp } from '@/tests/support/users.js';

/**
 * The member lists over the member directory: the same rows as a reference query over
 * the source tables, keyset paging, the directory following every write, and the plans.
 */

let s: TestServer;
let admin: string;
/** Everyone the fixtures add carries this surname prefix, so a search isolates them. */
const FAMILY = 'Zqd';
const place: Record<string, { id: string }> = {};
let groupName = '';

const SURNAMES = ['Obi', 'Adé', 'Eze', 'Bello', 'Okafor'];
const FIRST = ['Ngozi', 'Ada', 'Tunde', 'Émeka', 'Bisi', 'Kemi'];
const pick = <T>(list: T[], i: number) => list[i % list.length];

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  place.zoneA = await addZone(s);
  place.zoneB = await addZone(s);
  place.center = await addCenter(s, place.zoneA.id);
  place.dept = await addDepartment(s);
  groupName = (await addAffinityGroup(s)).affinityGroupName;
  // 36 people with ties on every key, some NULLs and every list state.
  for (let i = 0; i < 36; i++) {
    await addPerson(s, {
      firstName: pick(FIRST, i),
      surName: `${FAMILY}${pick(SURNAMES, i * 7)}`,
      gender: i % 5 === 0 ? undefined : i % 2 ? 'Male' : 'Female',
      maritalStatus: i % 4 === 0 ? undefined : pick(['Single', 'Married', 'Widow'], i),
      employmentStatus: i % 6 === 0 ? undefined : pick(['Employed', 'Unemployed'], i),
      dateOfBirth: i % 7 === 0 ? undefined : `19${50 + (i % 9)}-0${1 + (i % 9)}-1${i % 10}`,
      state: i % 8 === 0 ? undefined : pick(['Lagos', 'lagos', 'Oyo', 'Enugu'], i),
      mobile1: `0803${String(i).padStart(7, '0')}`,
      zoneId: i % 3 === 0 ? place.zoneA.id : i % 3 === 1 ? place.zoneB.id : undefined,
      centerId: i % 6 === 0 ? place.center.id : undefined,
      cihRole: i === 6 ? 'cihpastor' : undefined,
      affinityGroup: i % 4 === 1 ? [groupName] : undefined,
      departmentIds: i % 5 === 2 ? [place.dept.id] : undefined,
      role: i % 9 === 4 ? 'hod' : 'member',
      disabled: i % 11 === 3,
      isFirstTimer: i % 10 === 7,
      demise: i % 13 === 12,
    });
  }
});
afterAll(() => s?.close());

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The old member query over the source tables: the profile wins over sign-up's values. */
const F = {
  first: sql`coalesce(b.first_name, u.first_name)`,
  sur: sql`coalesce(b.sur_name, u.sur_name)`,
  gender: sql`coalesce(b.gender, u.gender)`,
  dob: sql`b.date_of_birth`,
  marital: sql`b.marital_status`,
  employment: sql`b.employment_status`,
  state: sql`b.state`,
};
const SORT_KEY: Record<string, SQL> = {
  default: F.sur,
  firstName: F.first,
  surName: F.sur,
  dob: F.dob,
  gender: F.gender,
  maritalStatus: F.marital,
  employment: F.employment,
  state: F.state,
};

async function reference(where: SQL, sortBy = 'default', order: 'asc' | 'desc' = 'asc'): Promise<string[]> {
  const dir = sql.raw(order);
  const rows = await s.database.db.execute(sql`select u.id from users u
    left join biodata b on b.user_id = u.id left join church_affiliations a on a.user_id = u.id
    where ${F.sur} like ${`${FAMILY}%`} and not u.is_first_timer and not coalesce(b.demise, false) and ${where}
    order by ${SORT_KEY[sortBy]} ${dir}, ${F.sur} ${dir}, ${F.first} ${dir}, u.id ${dir}`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

const list = async (params: string, path = '/ChurchAffiliation/GetMemberQuery') => {
  const size = /PageSize=/.test(params) ? '' : '&PageSize=100';
  const res = await s.call('GET', `${path}?Search=${FAMILY}${size}&${params}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Array<{ id: string }>; totalCount: number; nextCursor?: string };
};
const ids = async (params: string) => (await list(params)).data.map((r) => r.id);

describe('the member list over the directory', () => {
  const filters: Array<[string, () => string, () => SQL]> = [
    ['none', () => '', () => sql`true`],
    ['zone', () => `ZoneId=${place.zoneA.id}`, () => sql`a.zone_id = ${place.zoneA.id}`],
    ['center', () => `CenterId=${place.center.id}`, () => sql`a.center_id = ${place.center.id}`],
    [
      'department',
      () => `DepartmentId=${place.dept.id}`,
      () => sql`u.id in (select user_id from user_departments where department_id = ${place.dept.id})`,
    ],
    [
      'affinity group (any case)',
      () => `AffinityGroup=${encodeURIComponent(groupName.toUpperCase())}`,
      () => sql`${groupName} = any(a.affinity_group)`,
    ],
    ['gender', () => 'Gender=Female', () => sql`${F.gender} = 'Female'`],
    ['marital status', () => 'MaritalStatus=Married', () => sql`${F.marital} = 'Married'`],
    ['employment status', () => 'EmploymentStatus=Unemployed', () => sql`${F.employment} = 'Unemployed'`],
    ['state (any case)', () => 'State=LAGOS', () => sql`lower(${F.state}) = 'lagos'`],
    [
      'platform role',
      () => 'Role=hod',
      () => sql`u.id in (select ur.user_id from user_roles ur join roles r on r.id = ur.role_id where r.name = 'hod')`,
    ],
    ['CIH role', () => 'Role=CIHPastor', () => sql`lower(a.cih_role) = 'cihpastor'`],
    ['status', () => 'Status=disabled', () => sql`u.disabled`],
  ];

  it.each(filters)('filter %s: the same rows and count as the reference query', async (_name, params, where) => {
    const expected = await reference(where());
    expect(expected.length).toBeGreaterThan(0);
    const body = await list(params());
    expect(body.data.map((r) => r.id)).toEqual(expected);
    expect(body.totalCount).toBe(expected.length);
  });

  const sorts = Object.keys(SORT_KEY).flatMap((k) => [
    [k, 'asc'],
    [k, 'desc'],
  ]) as Array<[string, 'asc' | 'desc']>;
  it.each(sorts)('sort %s %s: the reference order, ties by name in its direction, NULLs as ORDER BY puts them', async (sortBy, order) => {
    expect(await ids(`SortBy=${sortBy}&SortOrder=${order}`)).toEqual(await reference(sql`true`, sortBy, order));
    // A filter with every sort: the zone.
    const inZone = sql`a.zone_id = ${place.zoneB.id}`;
    expect(await ids(`ZoneId=${place.zoneB.id}&SortBy=${sortBy}&SortOrder=${order}`)).toEqual(await reference(inZone, sortBy, order));
  });

  it('searches names, email and phone anywhere, ignoring case and accents', async () => {
    const search = async (term: string) =>
      (
        await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${encodeURIComponent(term)}&PageSize=100`, { token: admin })
      ).body.data.map((r: { id: string }) => r.id);
    const accented = await reference(sql`${F.sur} = ${`${FAMILY}Adé`}`);
    expect(await search(`${FAMILY.toUpperCase()}ADE`)).toEqual(accented);
    expect(await search(`${FAMILY}adé`)).toEqual(accented);
    expect((await search('emeka')).length).toBe((await reference(sql`${F.first} = 'Émeka'`)).length);
    expect(await search('0803000001')).toEqual(
      await reference(sql`u.id in (select user_id from biodata where mobile1 like '0803000001%')`),
    );
    expect(await search('%')).toEqual([]);
  });
});

describe("the user list's sorts", () => {
  const USER_KEY: Record<string, SQL> = {
    email: sql`u.email`,
    createdAt: sql`u.created_at`,
    convertedAt: sql`u.converted_at`,
    status: sql`u.disabled`,
  };
  /** The user list over the source tables: first-timers too, the archived left out. */
  async function users(sortBy: string, order: 'asc' | 'desc'): Promise<string[]> {
    const rows = await s.database.db.execute(sql`select u.id from users u left join biodata b on b.user_id = u.id
      where ${F.sur} like ${`${FAMILY}%`} and not coalesce(b.demise, false)
      order by ${USER_KEY[sortBy]} ${sql.raw(order)}, ${F.sur} ${sql.raw(order)}, ${F.first} ${sql.raw(order)}, u.id ${sql.raw(order)}`);
    return rowsOf<{ id: string }>(rows).map((r) => r.id);
  }
  const userIds = async (params: string) => (await list(params, '/Admin/GetAllUsers')).data.map((r) => r.id);

  it.each(Object.keys(USER_KEY).flatMap((k) => [`${k}:asc`, `${k}:desc`]))(
    'sort %s: the reference order, ties by name in its direction, NULLs as ORDER BY puts them',
    async (sort) => {
      const [sortBy, order] = sort.split(':') as [string, 'asc' | 'desc'];
      const expected = await users(sortBy, order);
      expect(expected.length).toBeGreaterThan(30);
      expect(await userIds(`SortBy=${sortBy}&SortOrder=${order}`)).toEqual(expected);
    },
  );
});

/**
 * A descending sort is the ascending one reversed, ties (by surname, first name, id) and NULL keys
 * with it (docs/decisions/0239): the whole list, each page by PageNumber, and a walk by Cursor.
 * The fixtures have ties on every key and NULLs on all but the names, email and creation time.
 */
describe('descending is ascending reversed', () => {
  const lists: Array<[string, string, string]> = [
    ...Object.keys(SORT_KEY).map((k): [string, string, string] => ['members', '/ChurchAffiliation/GetMemberQuery', k]),
    ...['email', 'createdAt', 'convertedAt', 'status'].map((k): [string, string, string] => ['users', '/Admin/GetAllUsers', k]),
  ];
  const all = async (path: string, params: string) => (await list(params, path)).data.map((r) => r.id);
  async function byPageNumber(path: string, params: string, total: number) {
    const seen: string[][] = [];
    for (let n = 1; (n - 1) * 7 < total; n++) seen.push(await all(path, `PageSize=7&PageNumber=${n}&${params}`));
    return seen;
  }
  async function byCursor(path: string, params: string) {
    const seen: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`PageSize=7&${params}${cursor ? `&Cursor=${cursor}` : ''}`, path);
      seen.push(page.data.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }
  /** Pages of a list read back to front, each page reversed: what a reversed order's pages must be. */
  const pagesOf = (ids: string[]) => Array.from({ length: Math.ceil(ids.length / 7) }, (_, i) => ids.slice(i * 7, i * 7 + 7));

  it.each(lists)('%s by %s (%s)', async (_list, path, sortBy) => {
    const ascending = await all(path, `SortBy=${sortBy}&SortOrder=asc`);
    expect(ascending.length).toBeGreaterThan(20);
    const reversed = [...ascending].reverse();
    expect(await all(path, `SortBy=${sortBy}&SortOrder=desc`)).toEqual(reversed);
    const desc = `SortBy=${sortBy}&SortOrder=desc`;
    expect(await byPageNumber(path, desc, ascending.length)).toEqual(pagesOf(reversed));
    expect(await byCursor(path, desc)).toEqual(pagesOf(reversed));
    // And the ascending pages agree with the whole ascending list, both ways.
    expect(await byCursor(path, `SortBy=${sortBy}&SortOrder=asc`)).toEqual(pagesOf(ascending));
    expect(await byPageNumber(path, `SortBy=${sortBy}&SortOrder=asc`, ascending.length)).toEqual(pagesOf(ascending));
  });

  it('the fixtures have what makes the rule bite: ties on a key and a block of NULL keys', async () => {
    const rows = rowsOf<{ tied: number; nulls: number }>(
      await s.database.db.execute(sql`select
        (select count(*) from (select gender from member_directory where sur_name like ${`${FAMILY}%`} and gender is not null
          group by gender having count(*) > 1) t)::int as tied,
        (select count(*) from member_directory where sur_name like ${`${FAMILY}%`} and date_of_birth is null)::int as nulls`),
    );
    expect(rows[0].tied).toBeGreaterThan(0);
    expect(rows[0].nulls).toBeGreaterThan(0);
  });
});

describe('keyset paging', () => {
  const walk = async (sort: string) => {
    const seen: string[] = [];
    const before = await reference(sql`true`, ...(sort.split(':') as [string, 'asc' | 'desc']));
    const [sortBy, order] = sort.split(':');
    let cursor: string | undefined;
    let added = 0;
    do {
      const page = await list(`PageSize=4&SortBy=${sortBy}&SortOrder=${order}${cursor ? `&Cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((r) => r.id));
      cursor = page.nextCursor;
      // Someone joins while the list is read: at the front, in the middle and at the end.
      await addPerson(s, { firstName: pick(FIRST, added), surName: `${FAMILY}${pick(['Aaa', 'Obi', 'Zzz'], added++)}`, gender: 'Male' });
    } while (cursor);
    const after = await reference(sql`true`, sortBy, order as 'asc' | 'desc');
    return { seen, before, after };
  };

  it.each(['default:asc', 'default:desc', 'dob:asc', 'dob:desc', 'gender:asc', 'state:desc', 'firstName:desc'])(
    '%s: no gap and no repeat while people are added',
    async (sort) => {
      const { seen, before, after } = await walk(sort);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
      // What was seen is in list order: a subsequence of the final order.
      expect(after.filter((id) => seen.includes(id))).toEqual(seen);
    },
  );

  it('refuses a cursor it did not make, or one made for another sort', async () => {
    const bad = await s.call('GET', '/ChurchAffiliation/GetMemberQuery?Cursor=abc', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Cursor must be a nextCursor returned by this list');
    const forged = Buffer.from(JSON.stringify({ s: 'dob', o: 'asc', v: ['not a date', 'x', 'y', 'z'] })).toString('base64url');
    const typed = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?SortBy=dob&Cursor=${forged}`, { token: admin });
    expect(typed.status).toBe(400);
    const { nextCursor } = await list('PageSize=2&SortBy=firstName');
    const other = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?SortBy=surName&Cursor=${nextCursor}`, { token: admin });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Cursor was made for another SortBy or SortOrder');
  });
});

describe('the directory follows every write', () => {
  const row = async (userId: string) => (await s.database.db.select().from(memberDirectory).where(eq(memberDirectory.userId, userId)))[0];
  const roleNames = async (userId: string) =>
    (await s.database.db.select().from(memberRoleNames).where(eq(memberRoleNames.userId, userId)))[0]?.names ?? [];
  const inList = async (userId: string, params: string, path = '/ChurchAffiliation/GetMemberQuery') => {
    const res = await s.call('GET', `${path}?PageSize=100&${params}`, { token: admin });
    return res.body.data.some((r: { id: string }) => r.id === userId);
  };

  it('sign-up, biodata update, delete and create', async () => {
    const user = await createUser(s, { overrides: { firstName: 'Yemi', surName: 'Zqsign' } });
    expect(await row(user.id)).toMatchObject({ firstName: 'Yemi', surName: 'Zqsign', isFirstTimer: false, archived: false });
    const [bio] = rowsOf<{ id: string }>(await s.database.db.execute(sql`select id from biodata where user_id = ${user.id}`));
    const form = (await s.call('GET', `/Biodata/GetBiodataByUserId?id=${user.id}`, { token: admin })).body.data;
    const update = await s.call('PUT', '/Biodata/UpdateBiodata', {
      body: {
        id: form.id,
        userId: user.id,
        firstName: 'Yemisi',
        surName: 'Zqmoved',
        email: form.email,
        mobile1: form.mobile1,
        maritalStatus: 'Widow',
        dateOfBirth: '1970-02-03',
        state: 'Kano',
        country: 'Nigeria',
        title: 'Mrs',
      },
      token: user.token,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(await row(user.id)).toMatchObject({
      firstName: 'Yemisi',
      surName: 'Zqmoved',
      maritalStatus: 'Widow',
      state: 'Kano',
      location: 'Kano, Nigeria',
      gender: 'Female',
    });
    const listed = await s.call('GET', '/ChurchAffiliation/GetMemberQuery?Search=zqmoved', { token: admin });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: user.id, location: 'Kano, Nigeria' })]);
    expect(await inList(user.id, 'Search=zqmoved&MaritalStatus=Widow&State=kano')).toBe(true);
    expect((await s.call('DELETE', `/Biodata/DeleteBiodata?id=${bio.id}`, { token: admin })).status).toBe(200);
    // Without biodata, the account's own names (UpdateBiodata kept them in step) and no profile fields.
    expect(await row(user.id)).toMatchObject({ firstName: 'Yemisi', surName: 'Zqmoved', maritalStatus: null, state: null, location: null });
    const created = await s.call('POST', '/Biodata/CreateBiodata', {
      body: { userId: user.id, firstName: 'Yemi', surName: 'Zqagain', email: user.email, mobile1: '08099990000' },
      token: admin,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await row(user.id)).toMatchObject({ surName: 'Zqagain', phone: '08099990000' });
    expect(await inList(user.id, 'Search=09999')).toBe(true);
  });

  it('archive and restore, disable, role change', async () => {
    const m = await createUser(s);
    expect((await s.call('PUT', `/Biodata/ArchiveMember?userId=${m.id}`, { token: admin })).status).toBe(200);
    expect(await inList(m.id, `Search=${m.email}`)).toBe(false);
    expect(await inList(m.id, `Search=${m.email}`, '/Biodata/GetAllDemise')).toBe(true);
    expect((await s.call('PUT', `/Biodata/RestoreMember?userId=${m.id}`, { token: admin })).status).toBe(200);
    expect(await inList(m.id, `Search=${m.email}`)).toBe(true);
    expect((await s.call('DELETE', `/Admin/DisableUser?userId=${m.id}`, { token: admin })).status).toBe(200);
    expect(await inList(m.id, `Search=${m.email}&Status=disabled`)).toBe(true);
    const [hod] = rowsOf<{ id: string }>(await s.database.db.execute(sql`select id from roles where name = 'hod'`));
    expect(await roleNames(m.id)).toEqual(['member']);
    expect((await s.call('PUT', `/Admin/ChangeUserRole?userId=${m.id}&roleId=${hod.id}`, { token: admin })).status).toBe(200);
    expect(await inList(m.id, `Search=${m.email}&Role=hod`)).toBe(true);
    expect(await roleNames(m.id)).toEqual(['hod']);
  });

  it("role names follow a grant, a role's rename and a revocation", async () => {
    const m = await createUser(s);
    const role = await addRole(s, [], 'zq greeters');
    await s.database.db.insert(userRoles).values({ userId: m.id, roleId: role.id });
    expect(await roleNames(m.id)).toEqual(['member', 'zq greeters']);
    const renamed = await s.call('PUT', '/Roles/UpdateRole', { body: { id: role.id, name: 'zq welcomers' }, token: admin });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const listed = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${m.email}`, { token: admin });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: m.id, userRole: 'member, zq welcomers' })]);
    const users = await s.call('GET', `/Admin/GetAllUsers?Search=${m.email}`, { token: admin });
    expect(users.body.data).toEqual([expect.objectContaining({ id: m.id, roles: ['member', 'zq welcomers'] })]);
    await s.database.db.delete(userRoles).where(eq(userRoles.userId, m.id));
    expect(await roleNames(m.id)).toEqual([]);
    const none = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${m.email}`, { token: admin });
    expect(none.body.data).toEqual([expect.objectContaining({ id: m.id, userRole: null })]);
  });

  it('first-timer conversion, one and in bulk', async () => {
    const one = await signUp(s, { surName: 'Zqfirst' });
    const many = [await signUp(s, { surName: 'Zqbulk' }), await signUp(s, { surName: 'Zqbulk' })];
    for (const u of [one, ...many]) {
      expect(await roleNames(u.id)).toEqual(['firsttimers']);
      expect(await inList(u.id, `Search=${u.email}`)).toBe(false);
      expect(await inList(u.id, `Search=${u.email}&Kind=firsttimer`, '/Admin/GetAllUsers')).toBe(true);
    }
    expect((await s.call('PUT', `/Admin/ConvertFirstTimersToMembers?id=${one.id}`, { token: admin })).status).toBe(200);
    const bulk = await s.call('PUT', '/Admin/BulkConvertFirstTimersToMembers', { body: { ids: many.map((u) => u.id) }, token: admin });
    expect(bulk.status).toBe(200);
    for (const u of [one, ...many]) expect(await inList(u.id, `Search=${u.email}`)).toBe(true);
    for (const u of [one, ...many]) expect(await roleNames(u.id)).toEqual(['member']);
    // The flags-only path of the users trigger copies the flag and the time as users holds them.
    const [source] = await s.database.db.select().from(users).where(eq(users.id, one.id));
    expect(await row(one.id)).toMatchObject({ isFirstTimer: false, convertedAt: source.convertedAt, surName: 'Zqfirst' });
    expect(source.convertedAt).toBeInstanceOf(Date);
  });

  it('conversion leaves member as the one role, whether the first-timer held member too or no role', async () => {
    const both = await signUp(s, { surName: 'Zqboth' });
    const none = await signUp(s, { surName: 'Zqnone' });
    const [member] = rowsOf<{ id: string }>(await s.database.db.execute(sql`select id from roles where name = 'member'`));
    await s.database.db.insert(userRoles).values({ userId: both.id, roleId: member.id });
    await s.database.db.delete(userRoles).where(eq(userRoles.userId, none.id));
    expect(await roleNames(both.id)).toEqual(['firsttimers', 'member']);
    expect(await roleNames(none.id)).toEqual([]);
    const bulk = await s.call('PUT', '/Admin/BulkConvertFirstTimersToMembers', { body: { ids: [both.id, none.id] }, token: admin });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(await roleNames(both.id)).toEqual(['member']);
    expect(await roleNames(none.id)).toEqual(['member']);
  });

  it('a statement that changes a flag and a listed field together recomputes the row', async () => {
    const u = await signUp(s, { surName: 'Zqboth' });
    const email = `renamed.${u.email}`;
    await s.database.db.update(users).set({ disabled: true, email }).where(eq(users.id, u.id));
    expect(await row(u.id)).toMatchObject({ disabled: true, email });
    expect(await inList(u.id, `Search=${email}&Status=disabled`, '/Admin/GetAllUsers')).toBe(true);
  });

  it('unfiltered totals (kept counts) equal a count over the source tables, through writes', async () => {
    const total = async (path: string) =>
      (await s.call('GET', `${path}${path.includes('?') ? '&' : '?'}PageSize=1`, { token: admin })).body.totalCount;
    const counted = async (where: SQL) =>
      rowsOf<{ n: number }>(
        await s.database.db.execute(sql`select count(*)::int as n from users u left join biodata b on b.user_id = u.id where ${where}`),
      )[0].n;
    const check = async () => {
      expect(await total('/ChurchAffiliation/GetMemberQuery')).toBe(
        await counted(sql`not u.is_first_timer and not coalesce(b.demise, false)`),
      );
      expect(await total('/Admin/GetAllUsers')).toBe(await counted(sql`not coalesce(b.demise, false)`));
      expect(await total('/Biodata/GetAllDemise')).toBe(await counted(sql`coalesce(b.demise, false)`));
      expect(await total('/Admin/GetAllUsers?Kind=firsttimer')).toBe(
        await counted(sql`u.is_first_timer and not coalesce(b.demise, false)`),
      );
      expect(await total('/Admin/GetAllUsers?Kind=member')).toBe(
        await counted(sql`not u.is_first_timer and not coalesce(b.demise, false)`),
      );
      // A search's total counts the narrow copy of the search text (member_search_texts).
      for (const term of ['zq', 'zqcount', 'zqrenamed']) {
        const found = sql`u.id in (select user_id from member_directory where search_text like ${`%${term}%`})`;
        expect(await total(`/ChurchAffiliation/GetMemberQuery?Search=${term}`)).toBe(
          await counted(sql`not u.is_first_timer and not coalesce(b.demise, false) and ${found}`),
        );
        expect(await total(`/Admin/GetAllUsers?Search=${term}&Kind=firsttimer`)).toBe(
          await counted(sql`u.is_first_timer and not coalesce(b.demise, false) and ${found}`),
        );
        expect(await total(`/Biodata/GetAllDemise?Search=${term}`)).toBe(await counted(sql`coalesce(b.demise, false) and ${found}`));
      }
    };
    await check();
    const newcomer = await signUp(s, { surName: 'Zqcount' });
    await check();
    expect((await s.call('PUT', `/Admin/ConvertFirstTimersToMembers?id=${newcomer.id}`, { token: admin })).status).toBe(200);
    await check();
    // The name as the profile holds it (the profile's names win over sign-up's).
    await s.database.db.update(users).set({ surName: 'Zqrenamed' }).where(eq(users.id, newcomer.id));
    await s.database.db.execute(sql`update biodata set sur_name = 'Zqrenamed' where user_id = ${newcomer.id}`);
    expect(await total('/ChurchAffiliation/GetMemberQuery?Search=zqrenamed')).toBe(1);
    await check();
    expect((await s.call('PUT', `/Biodata/ArchiveMember?userId=${newcomer.id}`, { token: admin })).status).toBe(200);
    expect(await total('/Biodata/GetAllDemise?Search=zqrenamed')).toBe(1);
    await check();
    await s.database.db.delete(users).where(eq(users.id, newcomer.id));
    await check();
  });

  it('affiliation change and approved requests (zone, affinity group)', async () => {
    const m = await createUser(s);
    const created = await s.call('POST', '/ChurchAffiliation/CreateChurchAffiliation', {
      body: { userId: m.id, zoneId: place.zoneB.id },
      token: admin,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await inList(m.id, `ZoneId=${place.zoneB.id}&Search=${m.email}`)).toBe(true);
    const res = await s.call('PUT', '/ChurchAffiliation/UpdateChurchAffiliation', {
      body: { userId: m.id, zoneId: place.zoneA.id, centerId: place.center.id },
      token: admin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await inList(m.id, `CenterId=${place.center.id}&Search=${m.email}`)).toBe(true);
    const calls = requestCalls(s);
    const moved = filedId(await calls.changeZone(m, place.zoneB.id));
    expect((await calls.decide('ApproveChangeOfCIHZone', moved, true, admin)).status).toBe(200);
    expect(await inList(m.id, `ZoneId=${place.zoneB.id}&Search=${m.email}`)).toBe(true);
    const joined = filedId(await calls.joinGroup(m, groupName));
    expect((await calls.decide('ApproveAffinityGroupRequest', joined, true, admin)).status).toBe(200);
    expect(await inList(m.id, `AffinityGroup=${encodeURIComponent(groupName)}&Search=${m.email}`)).toBe(true);
    // A write outside the API (the fixtures' way) is followed too.
    await s.database.db
      .update(churchAffiliations)
      .set({ zoneId: null, centerId: null, affinityGroup: [] })
      .where(eq(churchAffiliations.userId, m.id));
    expect(await row(m.id)).toMatchObject({ zoneId: null, centerId: null, affinityGroups: [] });
  });
});

describe('plans', () => {
  /** EXPLAIN in a transaction where the planner may not read the whole table or sort it: it must find an index. */
  async function plan(query: SQL | { getSQL(): SQL }) {
    return s.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const db = () => s.database.db;
  type Query = Parameters<typeof memberFilters>[1];
  const memberQuery = (q: Query) => directoryQueries(db(), q, [isChurchMember, ...memberFilters(db(), q)]);

  beforeAll(async () => {
    await s.database.db.execute(sql`vacuum analyze member_directory`);
  });

  it('zone + gender by surname: an ordered index scan for the page, an index-only count', async () => {
    const q = memberQuery({ zoneId: place.zoneA.id, gender: 'Female', sortBy: 'surName', pageNumber: 3, pageSize: 25 });
    const page = await plan(q.ids);
    expect(page).toMatch(/Index (Only )?Scan using member_directory_zone_idx/);
    // enable_sort off makes a sort cost a fortune; the plan has none.
    expect(page).not.toMatch(/Sort/);
    // First-timers are left out through users' index of them, not by reading directory rows.
    expect(await plan(q.count)).toMatch(/Index Only Scan using member_directory_zone_idx/);
    expect(await plan(q.count)).toMatch(/users_first_timers_idx/);
    // Read once into a hash each row probes, not an anti-join rescanning a set per row (5x on a deep page).
    expect(page).toMatch(/hashed SubPlan/);
    expect(page).not.toMatch(/Anti Join/);
  });

  it('no directory index holds the first-timer flag or converted_at, in its key or its predicate', async () => {
    const rows = rowsOf<{ name: string }>(
      await s.database.db.execute(sql`select i.indexrelid::regclass::text as name from pg_index i
        where i.indrelid = 'member_directory'::regclass
          and (exists (select 1 from pg_attribute a where a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                 and a.attname in ('is_first_timer', 'converted_at'))
            or pg_get_expr(i.indpred, i.indrelid) ~ '(is_first_timer|converted_at)')`),
    );
    expect(rows.map((r) => r.name)).toEqual([]);
    // The table keeps room in each page for a conversion's row versions (a HOT update).
    const [{ options }] = rowsOf<{ options: string[] }>(
      await s.database.db.execute(sql`select reloptions as options from pg_class where oid = 'member_directory'::regclass`),
    );
    expect(options).toContain('fillfactor=50');
  });

  /** Each sort's one index (server/db/schema/people.ts); convertedAt has none (0072). */
  const INDEX: Record<string, string> = {
    default: 'sur_name',
    surName: 'sur_name',
    firstName: 'first_name',
    dob: 'dob',
    gender: 'gender',
    maritalStatus: 'marital',
    employment: 'employment',
    state: 'state',
    email: 'email',
    createdAt: 'created',
    status: 'disabled',
  };
  /** Ascending: the index read forwards; descending: the same index read backwards (docs/decisions/0239). */
  const expectScan = (page: string, sortBy: string, sortOrder: string, index = INDEX[sortBy]) => {
    const scan = sortOrder === 'desc' ? 'Index Only Scan Backward' : 'Index Only Scan';
    expect(page).toMatch(new RegExp(`${scan} using member_directory_${index}_idx `));
    if (sortOrder === 'asc') expect(page).not.toMatch(/Backward/);
    // enable_sort off makes a sort cost a fortune; the plan has none, incremental or not.
    expect(page).not.toMatch(/Sort/);
  };

  it.each(Object.keys(SORT_KEY).flatMap((k) => [`${k}:asc`, `${k}:desc`]))('sort %s: an index-only scan, no Sort node', async (sort) => {
    const [sortBy, sortOrder] = sort.split(':');
    expectScan(await plan(memberQuery({ sortBy, sortOrder: sortOrder as 'asc' | 'desc' }).ids), sortBy, sortOrder);
    // A deep page too.
    expectScan(
      await plan(memberQuery({ sortBy, sortOrder: sortOrder as 'asc' | 'desc', pageNumber: 40, pageSize: 25 }).ids),
      sortBy,
      sortOrder,
    );
  });

  /** A cursor's sort key per sort, and NULL for the sorts whose key may be NULL (the NULL block's ranges). */
  const CURSOR_KEY: Record<string, Array<string | null>> = {
    default: ['ZqdObi'],
    surName: ['ZqdObi'],
    firstName: ['Ada'],
    dob: ['1960-05-15', null],
    gender: ['Female', null],
    maritalStatus: ['Married', null],
    employment: ['Employed', null],
    state: ['Oyo', null],
  };
  const ZERO_ID = '00000000-0000-0000-0000-000000000000';
  it.each(Object.keys(SORT_KEY).flatMap((k) => [`${k}:asc`, `${k}:desc`]))(
    'sort %s after a cursor: each range (the rest of a tie, the keys beyond, the NULLs) an index-only scan in its direction',
    async (sort) => {
      const [sortBy, sortOrder] = sort.split(':') as [string, 'asc' | 'desc'];
      const q = { sortBy, sortOrder };
      const { ordering } = memberQuery(q);
      const ties = ordering.keys
        .slice(1)
        .map((k) => (k === memberDirectory.userId ? ZERO_ID : k === memberDirectory.surName ? 'ZqdObi' : 'Ada'));
      for (const key of CURSOR_KEY[sortBy]) {
        const ranges = rangesAfter(ordering, encodeCursor(ordering, [key, ...ties]), !ordering.keys[0].notNull);
        expect(ranges.length).toBeGreaterThan(0);
        for (const range of ranges) {
          // The rest of a surname's tie may read the first-name index (its order, the surname fixed).
          const page = await plan(directoryQueries(db(), q, [isChurchMember, ...memberFilters(db(), q), range]).ids);
          expectScan(page, sortBy, sortOrder, '\\w+');
        }
      }
    },
  );

  // The user list's own sorts (server/modules/people/accounts.ts); convertedAt has no index (0072).
  const userSorts = { email: memberDirectory.email, createdAt: memberDirectory.createdAt, status: memberDirectory.disabled };
  it.each(Object.keys(userSorts).flatMap((k) => [`${k}:asc`, `${k}:desc`]))(
    'user sort %s: an index-only scan, no Sort node',
    async (sort) => {
      const [sortBy, sortOrder] = sort.split(':');
      const page = await plan(directoryQueries(db(), { sortBy, sortOrder: sortOrder as 'asc' | 'desc' }, [isListed], userSorts).ids);
      expectScan(page, sortBy, sortOrder);
    },
  );

  it('no sort keeps a descending twin of its index (docs/decisions/0239)', async () => {
    const twins = rowsOf<{ name: string }>(
      await s.database.db.execute(sql`select indexrelid::regclass::text as name from pg_index
        where indrelid = 'member_directory'::regclass and indexrelid::regclass::text like '%desc%'`),
    );
    expect(twins).toEqual([]);
  });

  it("a search's total over a base list counts the narrow copy through its trigram index", async () => {
    const total = searchTotal(db(), { search: 'okafor' }, [isChurchMember]);
    expect(total).toBeDefined();
    // A filter beyond the base conditions counts the directory itself.
    expect(searchTotal(db(), { search: 'okafor' }, [isChurchMember, eq(memberDirectory.gender, 'Female')])).toBeUndefined();
    const text = await s.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${total}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(text).toMatch(/Bitmap Index Scan on member_search_texts_idx/);
    expect(text).not.toMatch(/member_directory/);
  });

  it('a search in the name order reads the rows it passes over from the name index carrying the search text', async () => {
    const q = memberQuery({ search: 'okafor', sortBy: 'surName', pageNumber: 1, pageSize: 25 });
    expect(await plan(q.ids)).toMatch(/Index Only Scan using member_directory_name_search_idx/);
    // Without a search the page keeps the narrow sort index (a deep page passes over its entries).
    const unfiltered = memberQuery({ sortBy: 'surName', pageNumber: 3, pageSize: 25 });
    expect(await plan(unfiltered.ids)).toMatch(/member_directory_sur_name_idx/);
  });

  it('search goes through the trigram index', async () => {
    // The search alone (as the archive list without its flag): the trigram index is the one that can serve it.
    const q = directoryQueries(db(), { search: 'okafor' }, []);
    const text = await s.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${q.count}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(text).toMatch(/Bitmap Index Scan on member_directory_search_idx/);
  });
});
