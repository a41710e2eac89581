import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { churchAffiliations } from '@/server/db/schema/index.js';
import { addPerson, auditOf } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

let s: TestServer;
let admin: string;
let member: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  member = (await createUser(s)).token;
});
afterAll(() => s?.close());

/** Each lookup list: its controller, a valid form, the name field and its message, whether members read it. */
const KINDS = [
  {
    controller: 'Ministry',
    form: { name: 'Music Ministry', code: 'MUS' },
    nameField: 'name',
    nameMessage: 'Ministry name is required',
    membersRead: true,
  },
  {
    controller: 'Unit',
    form: { name: 'Keyboard Unit', code: 'KEY' },
    nameField: 'name',
    nameMessage: 'Unit name is required',
    membersRead: true,
  },
  {
    controller: 'SpecialUnit',
    form: { name: 'Rapid Response', code: 'RR' },
    nameField: 'name',
    nameMessage: 'Special unit name is required',
    membersRead: true,
  },
  {
    controller: 'Accessory',
    form: { name: 'Wireless microphone', quantity: 4, condition: 'Good', location: 'Store A' },
    nameField: 'name',
    nameMessage: 'Accessory name is required',
    membersRead: false,
  },
  {
    controller: 'MOI',
    form: { name: 'International passport', requiresNumber: true },
    nameField: 'name',
    nameMessage: 'Means of identification name is required',
    membersRead: true,
  },
  {
    controller: 'MountainOfInfluence',
    form: { name: 'Education', code: 'EDU' },
    nameField: 'name',
    nameMessage: 'Mountain of influence name is required',
    membersRead: true,
  },
  {
    controller: 'AffinityGroup',
    form: { affinityGroupName: 'Young Adults', affinityGroupCode: 'YA', startAge: 18, endAge: 35, maritalStatus: 'Single' },
    nameField: 'affinityGroupName',
    nameMessage: 'Affinity group name is required',
    membersRead: true,
  },
] as const;

const call = (method: string, path: string, body?: unknown, token = admin) => s.call(method, path, { body, token });

async function createOf(controller: string, form: Record<string, unknown>) {
  const res = await call('POST', `/${controller}/Create`, form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe.each(KINDS)('/$controller/', ({ controller, form, nameField, nameMessage, membersRead }) => {
  it('creates, reads, updates and deletes, each mutation with its audit row', async () => {
    const created = await createOf(controller, form);
    expect(created).toMatchObject(form);
    const one = await call('GET', `/${controller}/GetById?id=${created.id}`);
    expect(one.body.data).toMatchObject({ id: created.id, ...form });

    const renamed = { ...form, [nameField]: `${form[nameField as keyof typeof form]} 2`, description: 'Changed' };
    const updated = await call('PUT', `/${controller}/Update`, { id: created.id, ...renamed });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject(renamed);

    const list = await call(
      'GET',
      `/${controller}/GetAll?Search=${encodeURIComponent(String(renamed[nameField as keyof typeof renamed]))}`,
    );
    expect(list.body.totalCount).toBe(1);

    const deleted = await call('DELETE', `/${controller}/Delete?id=${created.id}`);
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/${controller}/GetById?id=${created.id}`)).status).toBe(404);
    expect((await auditOf(s, created.id)).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('says which field is missing', async () => {
    const res = await call('POST', `/${controller}/Create`, {});
    expect(res.status).toBe(400);
    expect(res.body.errors[nameField]).toEqual([nameMessage]);
  });

  it('refuses a taken name, whatever its letter case', async () => {
    const first = await createOf(controller, { ...form, [nameField]: `Taken ${controller}`, ...codeOf(controller, 'T1') });
    const again = await call('POST', `/${controller}/Create`, { ...form, [nameField]: `TAKEN ${controller}`, ...codeOf(controller, 'T2') });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^There is already an? [a-z ]+ named "TAKEN /);
    await call('DELETE', `/${controller}/Delete?id=${first.id}`);
  });

  it('refuses an unknown sort field and an unknown filter', async () => {
    expect((await call('GET', `/${controller}/GetAll?SortBy=passwordHash`)).status).toBe(400);
    expect((await call('GET', `/${controller}/GetAll?Flavour=mint`)).status).toBe(400);
  });

  it(`is read by ${membersRead ? 'any signed-in user' : 'accessory or venue managers only'}; members may not write it`, async () => {
    const created = await createOf(controller, { ...form, [nameField]: `Guarded ${controller}`, ...codeOf(controller, 'G1') });
    expect((await call('GET', `/${controller}/GetAll?PageSize=25000`, undefined, member)).status).toBe(membersRead ? 200 : 403);
    expect((await call('GET', `/${controller}/GetById?id=${created.id}`, undefined, member)).status).toBe(membersRead ? 200 : 403);
    const writes = await Promise.all([
      call('POST', `/${controller}/Create`, form, member),
      call('PUT', `/${controller}/Update`, { id: created.id, ...form }, member),
      call('DELETE', `/${controller}/Delete?id=${created.id}`, undefined, member),
    ]);
    expect(writes.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await call('GET', `/${controller}/GetById?id=${created.id}`)).status).toBe(200);
  });
});

/** A fresh code for the kinds that have one as required or optional field. */
function codeOf(controller: string, code: string) {
  if (controller === 'AffinityGroup') return { affinityGroupCode: `${code}${Math.random().toString(36).slice(2, 6)}` };
  return controller === 'Accessory' || controller === 'MOI' ? {} : { code: `${code}${Math.random().toString(36).slice(2, 6)}` };
}

describe('lookup fields', () => {
  it('refuses a taken code with a clear message', async () => {
    await createOf('Ministry', { name: 'Ushering Ministry', code: 'USH' });
    const res = await call('POST', '/Ministry/Create', { name: 'Other', code: 'ush' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('There is already a ministry with the code "ush"');
    await createOf('AffinityGroup', { affinityGroupName: 'Men', affinityGroupCode: 'MEN' });
    const group = await call('POST', '/AffinityGroup/Create', { affinityGroupName: 'Gentlemen', affinityGroupCode: 'MEN' });
    expect(group.status).toBe(409);
    expect(group.body.message).toBe('The affinity group code "MEN" is already in use');
  });

  it('checks codes, leaders and ministries', async () => {
    const bad = await call('POST', '/Unit/Create', { name: 'Drums', code: 'dr ums', leaderId: '5a7c0c57-0000-4000-8000-000000000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.code).toEqual(['Code may hold only letters, digits, dashes and underscores']);
    const noLeader = await call('POST', '/Unit/Create', { name: 'Drums', leaderId: '5a7c0c57-0000-4000-8000-000000000000' });
    expect(noLeader.body.errors.leaderId).toEqual(['No user has this leader id']);
    const noMinistry = await call('POST', '/Unit/Create', { name: 'Drums', ministryId: '5a7c0c57-0000-4000-8000-000000000000' });
    expect(noMinistry.body.errors.ministryId).toEqual(['No ministry has this id']);

    const leader = await addPerson(s, { firstName: 'Segun', surName: 'Ola' });
    const ministry = await createOf('Ministry', { name: 'Percussion Ministry', leaderId: leader });
    expect(ministry.leaderName).toBe('Segun Ola');
    const unit = await createOf('Unit', { name: 'Drums', leaderId: leader, ministryId: ministry.id });
    expect(unit).toMatchObject({ leaderName: 'Segun Ola', ministryName: 'Percussion Ministry' });
    await createOf('Unit', { name: 'Bells' });
    const byMinistry = await call('GET', `/Unit/GetAll?MinistryId=${ministry.id}`);
    expect(byMinistry.body.data.map((u: any) => u.name)).toEqual(['Drums']);
  });

  it("checks an accessory's quantity and condition", async () => {
    const res = await call('POST', '/Accessory/Create', { name: 'Projector', quantity: -1, condition: 'Broken' });
    expect(res.status).toBe(400);
    expect(res.body.errors.quantity).toEqual(['Quantity cannot be negative']);
    expect(res.body.errors.condition).toEqual(['Condition must be one of New, Good, Fair, Poor']);
    const custodian = await addPerson(s, { firstName: 'Ife', surName: 'Dada' });
    const made = await createOf('Accessory', { name: 'Projector', custodianId: custodian });
    expect(made).toMatchObject({ quantity: 0, condition: null, custodianName: 'Ife Dada' });
    const fair = await call('GET', '/Accessory/GetAll?Condition=Fair');
    expect(fair.body.totalCount).toBe(0);
  });

  it("checks an affinity group's ages and marital status", async () => {
    const res = await call('POST', '/AffinityGroup/Create', {
      affinityGroupName: 'Odd',
      affinityGroupCode: 'ODD',
      startAge: 40,
      endAge: 30,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.startAge).toEqual(['Start age cannot be greater than end age']);
    const more = await call('POST', '/AffinityGroup/Create', { affinityGroupName: 'Odd', startAge: 121, maritalStatus: 'Engaged' });
    expect(more.body.errors).toMatchObject({
      affinityGroupCode: ['Affinity group code is required'],
      startAge: ['Start age cannot be above 120'],
      maritalStatus: ['Choose a marital status from the list'],
    });
    const none = await call('POST', '/AffinityGroup/Create', { affinityGroupName: 'NONE', affinityGroupCode: 'NONE' });
    expect(none.body.errors.affinityGroupName).toEqual(["'None' cannot name an affinity group"]);
    const update = await call('PUT', '/AffinityGroup/Update', {
      id: '5a7c0c57-0000-4000-8000-000000000000',
      affinityGroupName: 'Odd',
      affinityGroupCode: 'ODD',
      startAge: 40,
      endAge: 30,
    });
    expect(update.body.errors.startAge).toEqual(['Start age cannot be greater than end age']);
  });

  it('suggests the affinity groups a member of an age and marital status fits', async () => {
    await createOf('AffinityGroup', {
      affinityGroupName: 'Teens',
      affinityGroupCode: 'TEEN',
      startAge: 13,
      endAge: 19,
      maritalStatus: 'Single',
    });
    await createOf('AffinityGroup', { affinityGroupName: 'Couples', affinityGroupCode: 'CPL', startAge: 18, maritalStatus: 'Married' });
    await createOf('AffinityGroup', { affinityGroupName: 'Everyone', affinityGroupCode: 'ALL' });
    const names = async (q: string) =>
      (await call('GET', `/AffinityGroup/GetAll?${q}&SortBy=affinityGroupName&PageSize=100`)).body.data.map(
        (g: any) => g.affinityGroupName,
      );
    expect(await names('Age=16&MaritalStatus=Single')).toEqual(expect.arrayContaining(['Teens', 'Everyone']));
    expect(await names('Age=16&MaritalStatus=Single')).not.toContain('Couples');
    expect(await names('Age=30&MaritalStatus=Married')).toEqual(expect.arrayContaining(['Couples', 'Everyone']));
    expect(await names('Age=30&MaritalStatus=Married')).not.toContain('Teens');
  });

  it('an update replaces the whole form: a field left out is cleared', async () => {
    const made = await createOf('MountainOfInfluence', { name: 'Media', code: 'MED', description: 'Press and broadcast' });
    const res = await call('PUT', '/MountainOfInfluence/Update', { id: made.id, name: 'Media' });
    expect(res.body.data).toMatchObject({ name: 'Media', code: null, description: null });
  });

  it('lists with paging and totalCount', async () => {
    for (const name of ['Page A', 'Page B', 'Page C']) await createOf('MOI', { name });
    const res = await call('GET', '/MOI/GetAll?Search=page&SortBy=name&SortOrder=desc&PageNumber=2&PageSize=2');
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((m: any) => m.name)).toEqual(['Page A']);
  });
});

describe('in use', () => {
  it('an affinity group held by members cannot be deleted; renaming it renames it in their profiles', async () => {
    const group = await createOf('AffinityGroup', { affinityGroupName: 'Singles', affinityGroupCode: 'SGL' });
    const a = await addPerson(s, { affinityGroup: ['singles', 'Choir Friends'] });
    await addPerson(s, { affinityGroup: ['Singles'] });
    const res = await call('DELETE', `/AffinityGroup/Delete?id=${group.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This affinity group is held by 2 members; remove it from them before deleting it.');

    await call('PUT', '/AffinityGroup/Update', { id: group.id, affinityGroupName: 'Singles Fellowship', affinityGroupCode: 'SGL' });
    const [aff] = await s.database.db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, a));
    expect(aff.affinityGroup).toEqual(['Singles Fellowship', 'Choir Friends']);
  });

  it('a mountain of influence held by a member cannot be deleted', async () => {
    const mountain = await createOf('MountainOfInfluence', { name: 'Business' });
    await addPerson(s, { mountainOfInfluence: 'business' });
    const res = await call('DELETE', `/MountainOfInfluence/Delete?id=${mountain.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This mountain of influence is held by 1 member; remove it from them before deleting it.');
  });

  it('a ministry with units cannot be deleted', async () => {
    const ministry = await createOf('Ministry', { name: 'Technical Ministry' });
    await createOf('Unit', { name: 'Cameras', ministryId: ministry.id });
    await createOf('SpecialUnit', { name: 'Live Stream', ministryId: ministry.id });
    const res = await call('DELETE', `/Ministry/Delete?id=${ministry.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This ministry has 1 unit and 1 special unit; move them before deleting it.');
  });
});
