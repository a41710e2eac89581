import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { personTags } from '@/server/db/schema/index.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { addPerson } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/**
 * Actions on a selection of any people list (docs/decisions/0222): each list answers its selected
 * rows by id within its own conditions, and tags reach the first-timers of whoever reads them.
 */

const { s, admin } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

const hod = await createUser(s, { role: 'hod' });
const dept = await s.call('POST', '/Department/CreateDepartment', {
  body: { departmentName: 'Ushers', description: 'At the doors', hodId: hod.id },
  token: admin,
});
expect(dept.status, JSON.stringify(dept.body)).toBe(200);
const deptId = dept.body.data.id as string;
const other = await s.call('POST', '/Department/CreateDepartment', { body: { departmentName: 'Media' }, token: admin });
const otherId = other.body.data.id as string;

const usher = await addPerson(s, { firstName: 'Ushe', surName: 'Seltest', departmentIds: [deptId] });
const usher2 = await addPerson(s, { firstName: 'Usha', surName: 'Seltest', departmentIds: [deptId] });
const outsider = await addPerson(s, { firstName: 'Out', surName: 'Seltest', departmentIds: [otherId] });
const newcomer = await addPerson(s, { firstName: 'New', surName: 'Seltest', isFirstTimer: true });
const gone = await addPerson(s, { firstName: 'Gone', surName: 'Seltest', isFirstTimer: true, demise: true });

const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((r) => r.id).sort();
const idParams = (name: string, list: string[]) => list.map((id) => `${name}=${id}`).join('&');

describe("a list's selected rows, by id", () => {
  it('GetAllUsers keeps only the people named, within the Kind asked', async () => {
    const all = await s.call('GET', `/Admin/GetAllUsers?PageSize=100&${idParams('Id', [usher, newcomer, gone])}`, { token: admin });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    // The archived are in no list, so not in a selection's rows either.
    expect(ids(all)).toEqual([usher, newcomer].sort());
    const firstTimers = await s.call('GET', `/Admin/GetAllUsers?Kind=firsttimer&${idParams('Id', [usher, newcomer])}`, { token: admin });
    expect(ids(firstTimers)).toEqual([newcomer]);
    const bad = await s.call('GET', '/Admin/GetAllUsers?Id=nope', { token: admin });
    expect(bad.status).toBe(400);
  });

  it("GetDepartmentMembers keeps only the department's people named, for its head too", async () => {
    const url = `/Department/GetDepartmentMembers?Id=${deptId}&${idParams('UserId', [usher, outsider])}`;
    const asAdmin = await s.call('GET', url, { token: admin });
    expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(200);
    expect(ids(asAdmin)).toEqual([usher]);
    expect(asAdmin.body.totalCount).toBe(1);
    const asHead = await s.call('GET', url, { token: hod.token });
    expect(ids(asHead)).toEqual([usher]);
    // Without UserId, the whole department (its head is one of its members).
    const whole = await s.call('GET', `/Department/GetDepartmentMembers?Id=${deptId}`, { token: hod.token });
    expect(ids(whole)).toEqual([usher, usher2, hod.id].sort());
    // Someone of another department named alone: nobody (the department's conditions stay).
    const outside = await s.call('GET', `/Department/GetDepartmentMembers?Id=${deptId}&UserId=${outsider}`, { token: hod.token });
    expect(outside.status).toBe(200);
    expect(ids(outside)).toEqual([]);
  });
});

describe('tags on first-timers (a selection of the first-timers list)', () => {
  const newTag = async (name: string) => (await s.call('POST', '/Tags/Create', { body: { name }, token: admin })).body.data.id as string;
  const tagged = async (tagId: string) =>
    (await db.select().from(personTags).where(eq(personTags.tagId, tagId))).map((r) => r.userId).sort();

  it('are added by the office that reads first-timers, with members in the same call', async () => {
    const tagId = await newTag('Follow up');
    const res = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'add', userIds: [newcomer, usher] }, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ changed: 2 });
    expect(await tagged(tagId)).toEqual([newcomer, usher].sort());
    const reader = await userWith(s, [P.manageTags, P.viewFirstTimers]);
    const off = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'remove', userIds: [newcomer] }, token: reader.token });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await tagged(tagId)).toEqual([usher]);
  });

  it('are refused to an office that does not read first-timers, and nobody archived is tagged', async () => {
    const tagId = await newTag('Visit');
    const clerk = await userWith(s, [P.manageTags, P.viewMembers]);
    const res = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'add', userIds: [newcomer, usher] }, token: clerk.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('1 of the people chosen is not in your lists of people; nobody was changed');
    const archived = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'add', userIds: [gone, usher] }, token: admin });
    expect(archived.status).toBe(403);
    expect(await tagged(tagId)).toEqual([]);
  });
});
