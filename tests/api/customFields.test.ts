import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/queries.js';
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
