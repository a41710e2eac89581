import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { rowsOf } from '@/server/db/queries.js';
import { auditLogs, biodata, children, consents, householdMembers, households, spouses, users } from '@/server/db/schema/index.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { addPerson } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';
import { startServer } from '@/tests/support/server.js';

/** Households: families, their members, the shared address (docs/decisions/0213-households.md). */

const { s, admin, member, other } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

const hod = await createUser(s, { role: 'hod' });
/** The office without being an administrator: households and the member list, not those hidden from leaders. */
const clerk = await userWith(s, [P.manageHouseholds, P.viewMembers]);
/** Reads profiles and the member list, keeps no household. */
const reader = await userWith(s, [P.viewMembers]);

type Res = { status: number; body: { data: any; message: string; totalCount?: number } };
const create = (body: Record<string, unknown>, token = clerk.token): Promise<Res> => s.call('POST', '/Households/Create', { body, token });
const byId = (id: string, token = clerk.token): Promise<Res> => s.call('GET', `/Households/GetById?id=${id}`, { token });
const byPerson = (userId: string, token = clerk.token): Promise<Res> =>
  s.call('GET', `/Households/GetByPerson?userId=${userId}`, { token });
const list = (qs = '', token = clerk.token): Promise<Res> => s.call('GET', `/Households/GetAll?PageSize=100&${qs}`, { token });
const memberQuery = (qs: string, token = admin): Promise<Res> =>
  s.call('GET', `/ChurchAffiliation/GetMemberQuery?PageSize=100&${qs}`, { token });

async function newFamily(body: Record<string, unknown>, token = clerk.token) {
  const res = await create(body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; name: string; members: Array<{ id: string; userId: string; fullName: string; role: string }> };
}

const people = {
  Femi: await addPerson(s, { firstName: 'Femi', surName: 'Okafor' }),
  Grace: await addPerson(s, { firstName: 'Grace', surName: 'Okafor' }),
  Lone: await addPerson(s, { firstName: 'Lone', surName: 'Person' }),
  Taken: await addPerson(s, { firstName: 'Taken', surName: 'Already' }),
};
const hidden = await addPerson(s, { firstName: 'Hidden', surName: 'Okafor' });
await db.insert(consents).values({ userId: hidden, category: 'listing', granted: false, wording: 'v1' });

const okafor = await newFamily({
  name: 'Okafor family',
  address: '12 Allen Avenue, Ikeja',
  members: [
    { userId: people.Femi, role: 'head' },
    { userId: people.Grace, role: 'spouse' },
    {
      person: { firstName: 'Chiamaka', surName: 'Okafor', gender: 'Female', dateOfBirth: '2015-03-02', mobile1: '08031112222' },
      role: 'child',
    },
  ],
});
const chiamaka = okafor.members.find((m) => m.fullName === 'Chiamaka Okafor')!;

describe('adding a family in one form', () => {
  it('creates the household, its new people and their memberships, the head first', async () => {
    expect(okafor.members.map((m) => [m.fullName, m.role])).toEqual([
      ['Femi Okafor', 'head'],
      ['Grace Okafor', 'spouse'],
      ['Chiamaka Okafor', 'child'],
    ]);
    const [person] = await db.select().from(users).where(eq(users.id, chiamaka.userId));
    expect(person).toMatchObject({ firstName: 'Chiamaka', gender: 'Female', isFirstTimer: false, passwordHash: null });
    const [bio] = await db.select().from(biodata).where(eq(biodata.userId, chiamaka.userId));
    expect(bio).toMatchObject({ dateOfBirth: '2015-03-02', mobile1: '08031112222' });
  });

  it('is all or none: a person already in a household refuses the whole form (409) and creates nobody', async () => {
    await newFamily({ name: 'Already family', members: [{ userId: people.Taken, role: 'head' }] });
    const before = (await db.select({ id: users.id }).from(users)).length;
    const res = await create({
      name: 'Second family',
      members: [
        { person: { firstName: 'Nobody', surName: 'Second', gender: 'Male' }, role: 'child' },
        { userId: people.Taken, role: 'head' },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("already belongs to the household 'Already family'");
    expect((await db.select({ id: users.id }).from(users)).length).toBe(before);
    expect(await db.select().from(households).where(eq(households.name, 'Second family'))).toEqual([]);
  });

  it('refuses a person named twice (400), a form without people (400) and a bad role (400)', async () => {
    const twice = await create({
      name: 'Twice',
      members: [
        { userId: people.Lone, role: 'head' },
        { userId: people.Lone, role: 'other' },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await create({ name: 'Empty', members: [] })).status).toBe(400);
    expect((await create({ name: 'Bad', members: [{ userId: people.Lone, role: 'cousin' }] })).status).toBe(400);
    expect(
      (
        await create({
          name: 'Both',
          members: [{ userId: people.Lone, person: { firstName: 'A', surName: 'B', gender: 'Male' }, role: 'head' }],
        })
      ).status,
    ).toBe(400);
  });

  it('is audited: the household, each membership (about its person) and each new person', async () => {
    const rows = await db.select().from(auditLogs).where(eq(auditLogs.entityId, okafor.id));
    expect(rows.map((r) => [r.action, r.entity])).toEqual([['create', 'household']]);
    const memberships = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'householdMember'), eq(auditLogs.subjectId, people.Femi)));
    expect(memberships.map((r) => r.action)).toEqual(['create']);
    const created = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.entityId, chiamaka.userId)));
    expect(created.map((r) => r.action)).toEqual(['create-user']);
  });
});

describe('rights', () => {
  it('only the office (CAN_UPDATE_HOUSEHOLDS) adds and changes families', async () => {
    for (const token of [member.token, hod.token, reader.token]) {
      expect((await create({ name: 'Nope', members: [{ userId: people.Lone, role: 'head' }] }, token)).status).toBe(403);
      expect((await s.call('PUT', '/Households/Update', { body: { id: okafor.id, name: 'X' }, token })).status).toBe(403);
      expect((await s.call('DELETE', `/Households/Delete?id=${okafor.id}`, { token })).status).toBe(403);
      const add = { householdId: okafor.id, userId: people.Lone, role: 'other' };
      expect((await s.call('POST', '/Households/AddMember', { body: add, token })).status).toBe(403);
      expect((await s.call('PUT', '/Households/ChangeRole', { body: { id: chiamaka.id, role: 'other' }, token })).status).toBe(403);
      expect((await s.call('DELETE', `/Households/RemoveMember?id=${chiamaka.id}`, { token })).status).toBe(403);
    }
  });

  it('readers of profiles read families; a member reads their own family only', async () => {
    expect((await byId(okafor.id, reader.token)).status).toBe(200);
    expect((await list('', reader.token)).status).toBe(200);
    expect((await byId(okafor.id, member.token)).status).toBe(403);
    expect((await list('', member.token)).status).toBe(403);
    expect((await byPerson(people.Femi, member.token)).status).toBe(403);
    const own = await newFamily({ name: 'Member family', members: [{ userId: member.id, role: 'head' }] });
    expect((await byId(own.id, member.token)).status).toBe(200);
    const mine = await byPerson(member.id, member.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.name).toBe('Member family');
    expect((await byId(own.id, other.token)).status).toBe(403);
  });
});

describe('listing visibility', () => {
  it('a person who said no to listing cannot be added by the office without CAN_UPDATE_OTHER_MEMBERS; an administrator can', async () => {
    const add = (token: string) =>
      s.call('POST', '/Households/AddMember', { body: { householdId: okafor.id, userId: hidden, role: 'other' }, token });
    expect((await add(clerk.token)).status).toBe(403);
    expect((await add(admin)).status).toBe(200);
  });

  it('is counted, not named, on the family page of a reader who does not see them; the administrator sees them', async () => {
    const seen = await byId(okafor.id, reader.token);
    expect(seen.body.data.members.map((m: { fullName: string }) => m.fullName)).not.toContain('Hidden Okafor');
    expect(seen.body.data.hiddenMembers).toBe(1);
    const all = await byId(okafor.id, admin);
    expect(all.body.data.members.map((m: { fullName: string }) => m.fullName)).toContain('Hidden Okafor');
    expect(all.body.data.hiddenMembers).toBe(0);
  });

  it('a family whose every member is hidden is left out of the list for those who do not see them', async () => {
    const quiet = await addPerson(s, { firstName: 'Quiet', surName: 'Solo' });
    await db.insert(consents).values({ userId: quiet, category: 'listing', granted: false, wording: 'v1' });
    await newFamily({ name: 'Solo household', members: [{ userId: quiet, role: 'head' }] }, admin);
    expect((await list('Search=solo', reader.token)).body.data).toEqual([]);
    expect((await list('Search=solo', admin)).body.data.map((h: { name: string }) => h.name)).toEqual(['Solo household']);
  });
});

describe('the households list', () => {
  it('searches the family name, the address and the members, with the head and the count', async () => {
    const byName = await list('Search=okafor');
    expect(byName.body.data).toEqual([
      { id: okafor.id, name: 'Okafor family', address: '12 Allen Avenue, Ikeja', head: 'Femi Okafor', members: 3 },
    ]);
    expect((await list('Search=allen avenue')).body.data.map((h: { id: string }) => h.id)).toEqual([okafor.id]);
    expect((await list('Search=chiamaka')).body.data.map((h: { id: string }) => h.id)).toEqual([okafor.id]);
  });

  it('pages with a total, and refuses an unknown sort', async () => {
    const all = await list('');
    const first: Res = await s.call('GET', '/Households/GetAll?PageSize=1&PageNumber=1', { token: clerk.token });
    expect(first.body.data).toHaveLength(1);
    expect(first.body.totalCount).toBe(all.body.data.length);
    expect((await list('SortBy=secret')).status).toBe(400);
  });
});

describe('a profile and the member list', () => {
  it("a member's profile shows their household: name, role, address and the other members", async () => {
    const res = await byPerson(people.Grace, reader.token);
    expect(res.body.data).toMatchObject({ id: okafor.id, name: 'Okafor family', address: '12 Allen Avenue, Ikeja' });
    expect((await byPerson(people.Lone)).body.data).toBeNull();
  });

  it('a family name finds its members in the member search, and each row names its household', async () => {
    const res = await memberQuery('Search=okafor family');
    expect(res.status).toBe(200);
    const names = res.body.data.map((r: { fullName: string }) => r.fullName).sort();
    expect(names).toEqual(['Chiamaka Okafor', 'Femi Okafor', 'Grace Okafor', 'Hidden Okafor']);
    expect(res.body.totalCount).toBe(4);
    const femi = res.body.data.find((r: { id: string }) => r.id === people.Femi);
    expect(femi.household).toBe('Okafor family');
    const lone = (await memberQuery('Search=lone')).body.data[0];
    expect(lone.household).toBeNull();
  });

  it('the family search keeps the listing rule', async () => {
    const res = await memberQuery('Search=okafor family', clerk.token);
    expect(res.body.data.map((r: { fullName: string }) => r.fullName)).not.toContain('Hidden Okafor');
  });
});

describe('editing a family', () => {
  it('changes the name and address, a role, adds and removes a member, each audited', async () => {
    const family = await newFamily({ name: 'Edit family', members: [{ userId: people.Lone, role: 'head' }] });
    const update = await s.call('PUT', '/Households/Update', {
      body: { id: family.id, name: 'Edited family', address: '3 New Road' },
      token: clerk.token,
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toMatchObject({ name: 'Edited family', address: '3 New Road' });
    const added = await s.call('POST', '/Households/AddMember', {
      body: { householdId: family.id, person: { firstName: 'Baby', surName: 'Edited', gender: 'Male' }, role: 'child' },
      token: clerk.token,
    });
    expect(added.status).toBe(200);
    const baby = added.body.data.members.find((m: { fullName: string }) => m.fullName === 'Baby Edited');
    const role = await s.call('PUT', '/Households/ChangeRole', { body: { id: baby.id, role: 'other' }, token: clerk.token });
    expect(role.body.data.members.find((m: { id: string }) => m.id === baby.id).role).toBe('other');
    const removed = await s.call('DELETE', `/Households/RemoveMember?id=${baby.id}`, { token: clerk.token });
    expect(removed.body.data.members.map((m: { fullName: string }) => m.fullName)).toEqual(['Lone Person']);
    expect(await db.select().from(users).where(eq(users.id, baby.userId))).toHaveLength(1);
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.entityId, baby.id));
    expect(trail.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('deleting a family keeps its people; they may then join another', async () => {
    const family = await newFamily({ name: 'Gone family', members: [{ userId: people.Lone, role: 'head' }] }).catch(() => undefined);
    // Lone is in 'Edited family': delete that one instead.
    const [row] = await db.select().from(householdMembers).where(eq(householdMembers.userId, people.Lone));
    expect(family).toBeUndefined();
    const res = await s.call('DELETE', `/Households/Delete?id=${row.householdId}`, { token: clerk.token });
    expect(res.status).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, people.Lone))).toHaveLength(1);
    expect(await db.select().from(householdMembers).where(eq(householdMembers.householdId, row.householdId))).toEqual([]);
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, row.householdId), eq(auditLogs.action, 'delete')));
    expect(audit).toHaveLength(1);
    await newFamily({ name: 'New home', members: [{ userId: people.Lone, role: 'head' }] });
  });

  it('answers 404 for an unknown household or membership', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await byId(unknown)).status).toBe(404);
    expect((await s.call('DELETE', `/Households/RemoveMember?id=${unknown}`, { token: clerk.token })).status).toBe(404);
  });
});

describe('erasure and merge', () => {
  it('erasing a person takes them out of their family; the family and the others stay', async () => {
    const gone = await addPerson(s, { firstName: 'Erase', surName: 'Mehouse' });
    const family = await newFamily({
      name: 'Erasure family',
      members: [
        { userId: gone, role: 'head' },
        { userId: people.Grace, role: 'other' },
      ],
    }).catch(() => undefined);
    // Grace is an Okafor: the family holds only the person erased and a new one.
    expect(family).toBeUndefined();
    const kept = await newFamily({
      name: 'Erasure family',
      members: [
        { userId: gone, role: 'head' },
        { person: { firstName: 'Stays', surName: 'Here', gender: 'Male' }, role: 'child' },
      ],
    });
    const res = await s.call('POST', '/Stewardship/ErasePerson', { body: { userId: gone }, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await byId(kept.id, admin);
    expect(after.body.data.members.map((m: { fullName: string }) => m.fullName)).toEqual(['Stays Here']);
  });

  it('merging two records keeps the kept record’s family, or takes the other’s when it has none', async () => {
    const keep = await addPerson(s, { firstName: 'Merge', surName: 'Keeper', email: 'merge.keeper@example.org' });
    const drop = await addPerson(s, { firstName: 'Merge', surName: 'Keeper', email: 'merge.keeper2@example.org' });
    const family = await newFamily({ name: 'Merged family', members: [{ userId: drop, role: 'spouse' }] });
    const res = await s.call('POST', '/Duplicates/Merge', { body: { keepId: keep, mergeId: drop, choices: {} }, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await db.select().from(householdMembers).where(eq(householdMembers.userId, keep));
    expect(row).toMatchObject({ householdId: family.id, role: 'spouse' });
  });
});

describe('the migration of spouses and children (households_from_profiles) on the demo seed', () => {
  it('makes a household per profile with a spouse or children, its owner the head, every field left in place', async () => {
    const demo = await startServer({ demo: true });
    try {
      const ddb = demo.database.db;
      const [a, b, c] = await ddb.select({ id: users.id, surName: users.surName }).from(users).orderBy(users.createdAt).limit(3);
      const [spouse] = await ddb
        .insert(spouses)
        .values({
          userId: a.id,
          firstName: 'Ngozi',
          surName: a.surName,
          email: 'ngozi@example.org',
          mobile1: '08030000001',
          weddingAnniversary: '2010-06-12',
        })
        .returning();
      const kids = await ddb
        .insert(children)
        .values([
          { userId: a.id, firstName: 'Tobi', surName: a.surName, gender: 'Male', dateOfBirth: '2012-01-05', position: 1 },
          { userId: b.id, firstName: 'Ife', surName: b.surName, gender: 'Female', dateOfBirth: '2016-09-30', email: 'ife@example.org' },
        ])
        .returning();
      const before = { spouses: await ddb.select().from(spouses), children: await ddb.select().from(children) };
      const run = async () => rowsOf<{ n: number }>(await ddb.execute(sql`select households_from_profiles() as n`))[0].n;
      expect(await run()).toBe(2);
      // Every field of the records stays where it was.
      expect(await ddb.select().from(spouses)).toEqual(before.spouses);
      expect(await ddb.select().from(children)).toEqual(before.children);
      const members = await ddb.select().from(householdMembers);
      const ofA = members.filter((m) => members.find((h) => h.userId === a.id)?.householdId === m.householdId);
      expect(ofA.map((m) => [m.role, m.userId ?? m.spouseId ?? m.childId]).sort()).toEqual(
        [
          ['child', kids[0].id],
          ['head', a.id],
          ['spouse', spouse.id],
        ].sort(),
      );
      const [family] = await ddb.select().from(households).where(eq(households.id, ofA[0].householdId));
      expect(family.name).toBe(`${a.surName} family`);
      // The family page names the records' people.
      const page = await demo.call('GET', `/Households/GetByPerson?userId=${a.id}`, { token: await demo.login('admin@example.org') });
      expect(page.body.data.members.map((m: { fullName: string; kind: string }) => [m.kind, m.fullName])).toEqual([
        ['person', expect.any(String)],
        ['spouse', `Ngozi ${a.surName}`],
        ['child', `Tobi ${a.surName}`],
      ]);
      expect(members.some((m) => m.userId === c.id)).toBe(false);
      // Again: nothing more.
      expect(await run()).toBe(0);
    } finally {
      await demo.close();
    }
  });
});
