import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/queries.js';
import { customFieldValues } from '@/server/db/schema/index.js';
import { P } from '@/domain/roles/permissions.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { addPerson, auditOf } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/** The church's own fields on people (docs/decisions/0209): definitions, values, visibility, the member list's filter. */

const { s, admin, member, other } = await serverWithMembers();
afterAll(() => s.close());

const hod = await createUser(s, { role: 'hod' });
/** The office without being an administrator: the new permission and the right to edit others. */
const clerk = await userWith(s, [P.manageCustomFields, P.updateOtherMembers, P.viewMembers]);

const create = (body: Record<string, unknown>, token = admin) => s.call('POST', '/CustomFields/Create', { body, token });
const update = (body: Record<string, unknown>, token = admin) => s.call('PUT', '/CustomFields/Update', { body, token });
const listFields = (token: string, includeRetired = false) =>
  s.call('GET', `/CustomFields/GetAll${includeRetired ? '?IncludeRetired=true' : ''}`, { token });
const valuesOf = (userId: string, token: string) => s.call('GET', `/CustomFields/GetValues?UserId=${userId}`, { token });
const save = (userId: string, values: Record<string, unknown>, token: string) =>
  s.call('PUT', '/CustomFields/SaveValues', { body: { userId, values }, token });
const members = (qs: string, token = admin) => s.call('GET', `/ChurchAffiliation/GetMemberQuery?PageSize=100&${qs}`, { token });

async function field(body: Record<string, unknown>) {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; name: string; updatedAt: string };
}

const baptised = await field({ name: 'Baptised on', type: 'date', visibility: 'everyone' });
const blood = await field({ name: 'Blood group', type: 'choice', choices: ['A', 'B', 'AB', 'O'], visibility: 'everyone', required: true });
const classes = await field({ name: 'Classes attended', type: 'number', visibility: 'leaders' });
const pastoral = await field({ name: 'Pastoral note', type: 'text', visibility: 'office' });
const foundation = await field({ name: 'Foundation class completed', type: 'yesno', visibility: 'everyone' });

describe('definitions', () => {
  it('are made only by the office: a member and a head of department are refused', async () => {
    for (const token of [member.token, hod.token]) {
      expect((await create({ name: 'Nope', type: 'text', visibility: 'everyone' }, token)).status).toBe(403);
      expect((await s.call('DELETE', `/CustomFields/Delete?id=${baptised.id}`, { token })).status).toBe(403);
    }
    const byClerk = await create({ name: 'Clerk field', type: 'text', visibility: 'office' }, clerk.token);
    expect(byClerk.status).toBe(200);
    expect(await auditOf(s, byClerk.body.data.id)).toEqual([expect.objectContaining({ action: 'create', entity: 'customField' })]);
  });

  it.each([
    [{ type: 'text', visibility: 'everyone' }, 'Name is required'],
    [{ name: 'X', type: 'colour', visibility: 'everyone' }, 'Type must be one of text, number, date, choice, yesno'],
    [{ name: 'X', type: 'text', visibility: 'pastors' }, 'Visibility must be one of everyone, leaders, office'],
    [{ name: 'X', type: 'choice', visibility: 'everyone' }, 'A field of type choice needs at least one choice'],
    [{ name: 'X', type: 'choice', choices: ['A', 'a'], visibility: 'everyone' }, 'Each choice may appear only once'],
  ])('refuses %o with "%s"', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a second field of the same name, whatever its case', async () => {
    const res = await create({ name: 'blood GROUP', type: 'text', visibility: 'office' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A field with this name already exists');
  });

  it('lists by tier: a member sees fields for everyone, a leader also leader fields, the office all', async () => {
    const names = async (token: string) => ((await listFields(token)).body.data as Array<{ name: string }>).map((f) => f.name);
    expect(await names(member.token)).toEqual(['Baptised on', 'Blood group', 'Foundation class completed']);
    expect(await names(hod.token)).toEqual(['Baptised on', 'Blood group', 'Classes attended', 'Foundation class completed']);
    expect(await names(admin)).toEqual(expect.arrayContaining(['Pastoral note', 'Classes attended']));
  });

  it('orders the fields as the office asks', async () => {
    const res = await s.call('PUT', '/CustomFields/Reorder', { body: { ids: [foundation.id, baptised.id] }, token: admin });
    expect(res.status).toBe(200);
    expect((res.body.data as Array<{ name: string }>).slice(0, 3).map((f) => f.name)).toEqual([
      'Foundation class completed',
      'Baptised on',
      'Blood group',
    ]);
    const bad = await s.call('PUT', '/CustomFields/Reorder', { body: { ids: [member.id] }, token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(`Unknown field: ${member.id}`);
  });
});

describe('values on a profile', () => {
  it('keeps a value of each type and reads it back', async () => {
    const res = await save(
      member.id,
      { [baptised.id]: '2020-03-15', [blood.id]: 'O', [foundation.id]: true, [classes.id]: 4, [pastoral.id]: 'Visits weekly' },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byName = Object.fromEntries((res.body.data as Array<{ name: string; value: unknown }>).map((f) => [f.name, f.value]));
    expect(byName).toMatchObject({
      'Baptised on': '2020-03-15',
      'Blood group': 'O',
      'Foundation class completed': true,
      'Classes attended': 4,
      'Pastoral note': 'Visits weekly',
    });
  });

  it.each([
    ['Baptised on', '2020-02-30', 'Baptised on must be a real date'],
    ['Baptised on', 'last year', 'Baptised on must be a date (YYYY-MM-DD)'],
    ['Blood group', 'Z', 'Blood group must be one of A, B, AB, O'],
    ['Classes attended', 'many', 'Classes attended must be a number'],
    ['Foundation class completed', 'maybe', 'Foundation class completed must be yes or no (true or false)'],
  ])('refuses a bad %s (%s) with a 400 naming the field', async (name, value, message) => {
    const id = [baptised, blood, classes, foundation].find((f) => f.name === name)!.id;
    const res = await save(member.id, { [id]: value }, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[name]).toEqual([message]);
  });

  it('requires the required fields when the office saves', async () => {
    const res = await save(other.id, { [baptised.id]: '2021-01-01' }, clerk.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Blood group is required');
    const clearing = await save(member.id, { [blood.id]: null }, admin);
    expect(clearing.body.message).toBe('Blood group is required');
  });

  it('lets a member see and keep only the fields for everyone on their own profile', async () => {
    const read = await valuesOf(member.id, member.token);
    expect(read.status).toBe(200);
    expect((read.body.data as Array<{ name: string }>).map((f) => f.name)).toEqual([
      'Foundation class completed',
      'Baptised on',
      'Blood group',
    ]);
    const own = await save(member.id, { [baptised.id]: '2019-05-05', [blood.id]: 'A' }, member.token);
    expect(own.status).toBe(200);
    const hidden = await save(member.id, { [classes.id]: 9 }, member.token);
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors[classes.id]).toEqual(['Unknown field, or one you may not change']);
    expect((await valuesOf(other.id, member.token)).status).toBe(403);
    expect((await save(other.id, { [baptised.id]: '2019-05-05' }, member.token)).status).toBe(403);
    const trail = await auditOf(s, member.id);
    expect(trail.filter((r) => r.entity === 'customFieldValues').length).toBeGreaterThanOrEqual(2);
  });

  it("requires of a member only the required fields they see: a member's own save needs the blood group", async () => {
    const res = await save(other.id, { [baptised.id]: '2018-01-01' }, other.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Blood group is required');
  });

  it('shows a leader the leader fields of people they may see, never the office fields, and lets them change none of another', async () => {
    const read = await valuesOf(member.id, hod.token);
    expect(read.status).toBe(200);
    const fields = read.body.data as Array<{ name: string; value: unknown; editable: boolean }>;
    expect(fields.map((f) => f.name)).toContain('Classes attended');
    expect(fields.map((f) => f.name)).not.toContain('Pastoral note');
    expect(fields.find((f) => f.name === 'Classes attended')).toMatchObject({ value: 4, editable: false });
    expect((await save(member.id, { [classes.id]: 5 }, hod.token)).status).toBe(403);
  });

  it('keeps the values of a retired field, hides it, and refuses to delete a field with values', async () => {
    const refused = await s.call('DELETE', `/CustomFields/Delete?id=${pastoral.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Pastoral note holds values for 1 person: retire it instead, which keeps them');
    const current = (await listFields(admin)).body.data.find((f: { id: string }) => f.id === pastoral.id);
    const retired = await update({ ...current, retired: true });
    expect(retired.status).toBe(200);
    expect((await valuesOf(member.id, admin)).body.data.map((f: { name: string }) => f.name)).not.toContain('Pastoral note');
    const all = (await listFields(admin, true)).body.data as Array<{ name: string; retired: boolean }>;
    expect(all.find((f) => f.name === 'Pastoral note')?.retired).toBe(true);
    const back = await update({ ...current, retired: false, updatedAt: retired.body.data.updatedAt });
    expect(back.status).toBe(200);
    expect((await valuesOf(member.id, admin)).body.data.find((f: { name: string }) => f.name === 'Pastoral note').value).toBe(
      'Visits weekly',
    );
    const unused = await field({ name: 'Unused', type: 'text', visibility: 'office' });
    expect((await s.call('DELETE', `/CustomFields/Delete?id=${unused.id}`, { token: admin })).status).toBe(200);
  });

  it('refuses to change the type of a field with values, and to drop a choice in use', async () => {
    const current = (await listFields(admin)).body.data.find((f: { id: string }) => f.id === blood.id);
    const retyped = await update({ ...current, type: 'text' });
    expect(retyped.status).toBe(409);
    expect(retyped.body.message).toBe('Blood group holds values, so its type cannot change; add a new field and retire this one');
    const dropped = await update({ ...current, choices: ['B', 'AB', 'O'] });
    expect(dropped.status).toBe(409);
    expect(dropped.body.message).toBe('Some people hold A: keep these choices, or change those people first');
  });
});

describe('the member list sorted by a custom field', () => {
  const ids: Record<string, string> = {};
  type Row = { id: string; firstName: string };
  const sorted = async (qs: string, token = admin) => {
    const size = qs.includes('PageSize=') ? '' : '&PageSize=100';
    const res = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=Sorttest&${qs}${size}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: Row[]; totalCount: number; nextCursor?: string };
  };
  const firstNames = (rows: Row[]) => rows.map((r) => r.firstName);
  /** Ties on the value go by id, in the sort's direction (one scan of the values' index). */
  const byId = (names: string[], desc = false) => names.sort((a, b) => (ids[a] < ids[b] ? -1 : 1) * (desc ? -1 : 1));

  it('orders by the value ascending and descending, those without a value last, by name', async () => {
    for (const [name, classCount, day] of [
      ['Eze', 3, '2019-03-01'],
      ['Femi', 7, '2012-05-05'],
      ['Gbenga', 3, null],
      ['Hadiza', null, '2020-01-01'],
      ['Ify', null, null],
    ] as const) {
      ids[name] = await addPerson(s, { firstName: name, surName: 'Sorttest' });
      const res = await save(ids[name], { [blood.id]: 'O', [classes.id]: classCount, [baptised.id]: day }, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const up = await sorted(`SortBy=custom:${classes.id}&SortOrder=asc`);
    expect(firstNames(up.data)).toEqual([...byId(['Eze', 'Gbenga']), 'Femi', 'Hadiza', 'Ify']);
    expect(up.totalCount).toBe(5);
    const down = await sorted(`SortBy=custom:${classes.id}&SortOrder=desc`);
    expect(firstNames(down.data)).toEqual(['Femi', ...byId(['Eze', 'Gbenga'], true), 'Hadiza', 'Ify']);
    expect(firstNames((await sorted(`SortBy=custom:${baptised.id}&SortOrder=desc`)).data)).toEqual([
      'Hadiza',
      'Eze',
      'Femi',
      'Gbenga',
      'Ify',
    ]);
    // A leader sorts by a leaders' field; the filter and the search still apply.
    const filtered = await sorted(`SortBy=custom:${classes.id}&SortOrder=desc&CustomField=${baptised.id}&CustomFrom=2000-01-01`, hod.token);
    expect(firstNames(filtered.data)).toEqual(['Femi', 'Eze', 'Hadiza']);
    expect(filtered.totalCount).toBe(3);
  });

  it('pages across the valued and the unvalued people, by PageNumber and by Cursor', async () => {
    for (const [field, order] of [
      [classes.id, 'asc'],
      [classes.id, 'desc'],
      [baptised.id, 'asc'],
    ] as const) {
      const all = firstNames((await sorted(`SortBy=custom:${field}&SortOrder=${order}`)).data);
      const byNumber: string[] = [];
      for (const page of [1, 2, 3]) {
        byNumber.push(...firstNames((await sorted(`SortBy=custom:${field}&SortOrder=${order}&PageSize=2&PageNumber=${page}`)).data));
      }
      expect(byNumber).toEqual(all);
      const byCursor: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await sorted(`SortBy=custom:${field}&SortOrder=${order}&PageSize=2${cursor ? `&Cursor=${cursor}` : ''}`);
        expect(page.data.length).toBeGreaterThan(0);
        byCursor.push(...firstNames(page.data));
        cursor = page.nextCursor;
      } while (cursor);
      expect(byCursor).toEqual(all);
    }
  });

  it('refuses a field the caller may not see, a retired, unknown or malformed one, and a cursor of another sort', async () => {
    const message = 'SortBy must be a custom field you may sort by';
    const hidden = await members(`SortBy=custom:${pastoral.id}`, hod.token);
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe(message);
    expect((await members(`SortBy=custom:${pastoral.id}`)).status).toBe(200);
    expect((await members(`SortBy=custom:${member.id}`)).body.message).toBe(message);
    expect((await members('SortBy=custom:nope')).body.message).toBe(message);
    const old = await field({ name: 'Old sort field', type: 'number', visibility: 'everyone' });
    expect((await update({ ...old, type: 'number', visibility: 'everyone', retired: true })).status).toBe(200);
    expect((await members(`SortBy=custom:${old.id}`)).body.message).toBe(message);
    const page = await sorted(`SortBy=custom:${classes.id}&PageSize=2`);
    const wrong = await members(`Search=Sorttest&SortBy=custom:${baptised.id}&Cursor=${page.nextCursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Cursor was made for another SortBy or SortOrder');
  });
});

describe('the spreadsheet import with custom fields', () => {
  const HEADERS = ['Name', 'Phone', 'Email', 'Blood group', 'Classes attended', 'Baptised on', 'Foundation class completed'];
  const mapping = {
    name: 0,
    phone: 1,
    email: 2,
    custom: { [blood.id]: 3, [classes.id]: 4, [baptised.id]: 5, [foundation.id]: 6 },
  };
  const mail = (n: string) => `cf-import-${n}@example.org`;
  const rows = [
    ['Kemi Importtest', '0809 555 0101', mail('kemi'), 'AB', '4', '2020-02-02', 'Yes'],
    ['Lola Importtest', '0809 555 0102', mail('lola'), 'Z', 'many', '2020-13-01', 'maybe'],
    ['Musa Importtest', '0809 555 0103', mail('musa'), '', '', '', ''],
  ];
  const post = (path: string, body: unknown, token = admin) => s.call('POST', `/MemberImport/${path}`, { body, token });

  it('suggests the columns of the fields the importer may write, by their names', async () => {
    const form = new FormData();
    form.append('file', new Blob([[...HEADERS, 'Pastoral note'].join(',') + '\nx,y,z,A,1,2020-01-01,no,n\n']), 'people.csv');
    const upload = async (token: string) => {
      const res = await fetch(`${s.url}/api/MemberImport/Upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { mapping: { custom: Record<string, number> } } }).data.mapping.custom;
    };
    expect(await upload(admin)).toEqual({ [blood.id]: 3, [classes.id]: 4, [baptised.id]: 5, [foundation.id]: 6, [pastoral.id]: 7 });
    const importer = await userWith(s, [P.createUserManagement]);
    expect(await upload(importer.token)).toEqual({ [blood.id]: 3, [baptised.id]: 5, [foundation.id]: 6 });
  });

  it("reports each row's bad and missing required values, as the profile's save words them", async () => {
    const res = await post('Preview', { rows, mapping });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { good, bad, rows: problems } = res.body.data as { good: number; bad: number; rows: Array<{ line: number; problems: string[] }> };
    expect([good, bad]).toEqual([1, 2]);
    expect(problems.find((r) => r.line === 3)!.problems).toEqual([
      'Blood group must be one of A, B, AB, O',
      'Classes attended must be a number',
      'Baptised on must be a real date',
      'Foundation class completed must be yes or no (true or false)',
    ]);
    expect(problems.find((r) => r.line === 4)!.problems).toEqual(['Blood group is required']);
  });

  it('refuses a mapping to a field the importer may not write, or a retired one', async () => {
    const importer = await userWith(s, [P.createUserManagement]);
    const res = await post('Preview', { rows, mapping: { ...mapping, custom: { [classes.id]: 4 } } }, importer.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The mapping names a custom field you may not import');
    const unknown = await post('Preview', { rows, mapping: { ...mapping, custom: { [member.id]: 4 } } });
    expect(unknown.body.message).toBe('The mapping names a custom field you may not import');
    const malformed = await post('Preview', { rows, mapping: { ...mapping, custom: { nope: 4 } } });
    expect(malformed.status).toBe(400);
  });

  it("writes the good rows' values with the people, in one transaction; mode all writes nothing", async () => {
    const all = await post('Commit', { rows, mapping, mode: 'all' });
    expect(all.status).toBe(400);
    expect((await members('Search=Importtest')).body.totalCount).toBe(0);
    const res = await post('Commit', { rows, mapping, mode: 'good' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 1, skipped: 2 });
    const [kemi] = res.body.data.userIds as string[];
    const values = Object.fromEntries(
      ((await valuesOf(kemi, admin)).body.data as Array<{ id: string; value: unknown }>).map((f) => [f.id, f.value]),
    );
    expect(values).toMatchObject({ [blood.id]: 'AB', [classes.id]: 4, [baptised.id]: '2020-02-02', [foundation.id]: true });
    const listed = await members(`Search=Importtest&CustomField=${blood.id}&CustomValue=AB`);
    expect((listed.body.data as Array<{ id: string }>).map((r) => r.id)).toEqual([kemi]);
    const trail = await s.database.db.execute(
      sql`select after from audit_logs where entity = 'customFieldValues' and action = 'import' order by created_at desc limit 1`,
    );
    expect(rowsOf<{ after: unknown }>(trail)[0].after).toEqual({
      count: 4,
      fields: ['Blood group', 'Classes attended', 'Baptised on', 'Foundation class completed'],
    });
  });
});

describe('the member list filtered by a custom field', () => {
  const people: Record<string, string> = {};
  it('filters by equality, one of, a range of numbers and of dates, and yes/no', async () => {
    for (const [name, classCount, day, group, done] of [
      ['Ada', 1, '2010-01-01', 'A', true],
      ['Bola', 5, '2015-06-01', 'B', false],
      ['Chidi', 9, '2022-09-09', 'O', true],
    ] as const) {
      people[name] = await addPerson(s, { firstName: name, surName: 'Fieldtest' });
      const res = await save(
        people[name],
        { [classes.id]: classCount, [baptised.id]: day, [blood.id]: group, [foundation.id]: done },
        admin,
      );
      expect(res.status).toBe(200);
    }
    const names = async (qs: string, token = admin) => {
      const res = await members(`Search=Fieldtest&${qs}`, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as Array<{ firstName: string }>).map((r) => r.firstName).sort();
    };
    expect(await names(`CustomField=${blood.id}&CustomValue=B`)).toEqual(['Bola']);
    expect(await names(`CustomField=${blood.id}&CustomValue=A&CustomValue=O`)).toEqual(['Ada', 'Chidi']);
    expect(await names(`CustomField=${classes.id}&CustomFrom=2&CustomTo=9`)).toEqual(['Bola', 'Chidi']);
    expect(await names(`CustomField=${baptised.id}&CustomTo=2015-12-31`)).toEqual(['Ada', 'Bola']);
    expect(await names(`CustomField=${foundation.id}&CustomValue=true`)).toEqual(['Ada', 'Chidi']);
    expect(await names(`CustomField=${classes.id}&CustomFrom=2`, hod.token)).toEqual(['Bola', 'Chidi']);
  });

  it('counts, without a search, the people holding the value whom the list shows (docs/decisions/0254)', async () => {
    const counted = await field({ name: 'Visits counted', type: 'number', visibility: 'everyone' });
    const holders = {
      Dayo: await addPerson(s, { firstName: 'Dayo', surName: 'Counttest' }),
      Efe: await addPerson(s, { firstName: 'Efe', surName: 'Counttest' }),
      Gone: await addPerson(s, { firstName: 'Gone', surName: 'Counttest', demise: true }),
      New: await addPerson(s, { firstName: 'New', surName: 'Counttest', isFirstTimer: true }),
    };
    for (const id of Object.values(holders))
      await s.database.db.insert(customFieldValues).values({ fieldId: counted.id, userId: id, numberValue: 40 });
    const res = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?PageSize=1&CustomField=${counted.id}&CustomFrom=30&CustomTo=50`, {
      token: admin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.data.map((r: { firstName: string }) => r.firstName)).toEqual(['Dayo']);
  });

  it('refuses a field the caller may not see, a retired or unknown one, and a bad value, naming the field', async () => {
    const hidden = await members(`CustomField=${pastoral.id}&CustomValue=x`, hod.token);
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toBe('CustomField must be a field you may filter by');
    expect((await members(`CustomField=${member.id}&CustomValue=x`)).body.message).toBe('CustomField must be a field you may filter by');
    const bad = await members(`CustomField=${classes.id}&CustomFrom=lots`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Classes attended must be a number');
    const range = await members(`CustomField=${blood.id}&CustomFrom=A`);
    expect(range.body.message).toBe('Blood group is not a number or a date: filter it by CustomValue');
    expect((await members(`CustomValue=x`)).body.message).toBe('CustomValue, CustomFrom and CustomTo need CustomField');
  });

  it('adds, when asked, the values of the fields the caller sees to each row (the CSV export)', async () => {
    const rowOf = async (token: string) => {
      const res = await members(`Search=Fieldtest&WithCustomFields=true&CustomField=${blood.id}&CustomValue=B`, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data[0] as { firstName: string; customFields: Record<string, unknown> };
    };
    const byOffice = await rowOf(admin);
    expect(byOffice.firstName).toBe('Bola');
    expect(byOffice.customFields).toEqual({ [classes.id]: 5, [baptised.id]: '2015-06-01', [blood.id]: 'B', [foundation.id]: false });
    const byLeader = await rowOf(hod.token);
    expect(Object.keys(byLeader.customFields).sort()).toEqual([baptised.id, blood.id, classes.id, foundation.id].sort());
    await save(people.Bola, { [pastoral.id]: 'Office only' }, admin);
    expect((await rowOf(admin)).customFields[pastoral.id]).toBe('Office only');
    expect((await rowOf(hod.token)).customFields).not.toHaveProperty(pastoral.id);
    // Without the flag the rows are the list's usual summaries.
    expect((await members(`Search=Fieldtest`)).body.data[0]).not.toHaveProperty('customFields');
  });

  it("goes with the person's erasure", async () => {
    const res = await s.call('POST', '/Stewardship/ErasePerson', { body: { userId: people.Ada }, token: admin });
    expect(res.status).toBe(200);
    const left = await s.database.db.execute(sql`select count(*)::int as n from custom_field_values where user_id = ${people.Ada}`);
    expect(rowsOf<{ n: number }>(left)[0].n).toBe(0);
  });
});
