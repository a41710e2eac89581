import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_TAGGED_AT_ONCE } from '@/domain/people/tags.js';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, consents, memberDirectory, personTags } from '@/server/db/schema/index.js';
import { rowsOf } from '@/server/db/queries.js';
import { idTotal, isChurchMember } from '@/server/engines/memberList.js';
import { tagCondition, tagsExtra } from '@/server/modules/people/tags.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { addPerson } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/** Tags on people and the member list's actions on a selection (docs/decisions/0212-tags-and-bulk-actions.md). */

const { s, admin, member } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

const hod = await createUser(s, { role: 'hod' });
/** The office without being an administrator: tags and the member list, but not those hidden from leaders. */
const clerk = await userWith(s, [P.manageTags, P.viewMembers]);

const create = (body: Record<string, unknown>, token = admin) => s.call('POST', '/Tags/Create', { body, token });
const apply = (body: Record<string, unknown>, token = admin) => s.call('POST', '/Tags/Apply', { body, token });
const members = (qs: string, token = admin) => s.call('GET', `/ChurchAffiliation/GetMemberQuery?PageSize=100&${qs}`, { token });
const namesOf = (res: { body: { data: Array<{ firstName: string }> } }) => res.body.data.map((r) => r.firstName).sort();

async function newTag(name: string, colour?: string) {
  const res = await create({ name, colour });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; name: string };
}

const choir = await newTag('Choir', 'blue');
const youth = await newTag('Youth');
const people = {
  Ade: await addPerson(s, { firstName: 'Ade', surName: 'Tagtest' }),
  Bisi: await addPerson(s, { firstName: 'Bisi', surName: 'Tagtest' }),
  Chidi: await addPerson(s, { firstName: 'Chidi', surName: 'Tagtest' }),
};
const hidden = await addPerson(s, { firstName: 'Hidden', surName: 'Tagtest' });
await db.insert(consents).values({ userId: hidden, category: 'listing', granted: false, wording: 'v1' });
const firstTimer = await addPerson(s, { firstName: 'First', surName: 'Tagtest', isFirstTimer: true });

const tagRowsOf = async (tagId: string) =>
  (await db.select().from(personTags).where(eq(personTags.tagId, tagId))).map((r) => r.userId).sort();
const auditsOf = (tagId: string) =>
  db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityId, tagId), inArray(auditLogs.action, ['tag-people', 'untag-people'])));

describe('the catalogue of tags', () => {
  it('is kept only by the office: a member and a head of department are refused', async () => {
    for (const token of [member.token, hod.token]) {
      expect((await create({ name: 'Nope' }, token)).status).toBe(403);
      expect((await s.call('PUT', '/Tags/Update', { body: { id: choir.id, name: 'X' }, token })).status).toBe(403);
      expect((await s.call('DELETE', `/Tags/Delete?id=${choir.id}`, { token })).status).toBe(403);
      expect((await apply({ tagId: choir.id, action: 'add', userIds: [people.Ade] }, token)).status).toBe(403);
    }
    const byClerk = await create({ name: 'Ushers', colour: 'green' }, clerk.token);
    expect(byClerk.status).toBe(200);
    expect(byClerk.body.data).toMatchObject({ name: 'Ushers', colour: 'green', people: 0 });
  });

  it('is read by member list readers and refused to a member', async () => {
    expect((await s.call('GET', '/Tags/GetAll', { token: member.token })).status).toBe(403);
    const res = await s.call('GET', '/Tags/GetAll', { token: hod.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Choir', 'Youth', 'Ushers']));
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: 'x'.repeat(41) }, 'Name must be at most 40 characters'],
    [{ name: 'Band', colour: 'magenta' }, 'Colour must be one of grey, red, orange, yellow, green, teal, blue, purple, pink'],
  ])('refuses %o with "%s"', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a second tag of the same name, whatever its case, also on a rename', async () => {
    const res = await create({ name: 'cHOIR' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A tag with this name already exists');
    const rename = await s.call('PUT', '/Tags/Update', { body: { id: youth.id, name: 'choir' }, token: admin });
    expect(rename.status).toBe(409);
  });

  it('renames and recolours a tag, and a deleted tag comes off everyone', async () => {
    const band = await newTag('Band');
    const renamed = await s.call('PUT', '/Tags/Update', { body: { id: band.id, name: 'Worship band', colour: 'purple' }, token: admin });
    expect(renamed.body.data).toMatchObject({ name: 'Worship band', colour: 'purple' });
    expect((await apply({ tagId: band.id, action: 'add', userIds: [people.Ade] })).status).toBe(200);
    expect((await s.call('DELETE', `/Tags/Delete?id=${band.id}`, { token: admin })).status).toBe(200);
    expect(await tagRowsOf(band.id)).toEqual([]);
    expect((await s.call('DELETE', `/Tags/Delete?id=${band.id}`, { token: admin })).status).toBe(404);
  });
});

describe('adding and removing a tag on a selection', () => {
  it('adds a tag to many people in one call, audited once with the count; adding again changes nobody', async () => {
    const res = await apply({ tagId: choir.id, action: 'add', userIds: [people.Ade, people.Bisi] }, clerk.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ changed: 2 });
    expect(await tagRowsOf(choir.id)).toEqual([people.Ade, people.Bisi].sort());
    const again = await apply({ tagId: choir.id, action: 'add', userIds: [people.Ade] }, clerk.token);
    expect(again.body.data).toEqual({ changed: 0 });
    const audits = await auditsOf(choir.id);
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.after)).toEqual(
      expect.arrayContaining([
        { tag: 'Choir', people: 2, changed: 2 },
        { tag: 'Choir', people: 1, changed: 0 },
      ]),
    );
  });

  it('refuses, changing nobody, when one of the people is not in the caller’s member list', async () => {
    const before = await tagRowsOf(youth.id);
    // Hidden from leaders: the clerk (without CAN_UPDATE_OTHER_MEMBERS) does not list them.
    const res = await apply({ tagId: youth.id, action: 'add', userIds: [people.Chidi, hidden] }, clerk.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('1 of the people chosen is not in your lists of people; nobody was changed');
    // A first-timer is not in the lists of a clerk who does not read first-timers; an unknown id in nobody's.
    const unknown = '00000000-0000-4000-8000-000000000001';
    const both = await apply({ tagId: youth.id, action: 'add', userIds: [people.Chidi, firstTimer, unknown] }, clerk.token);
    expect(both.status).toBe(403);
    expect(both.body.message).toBe('2 of the people chosen are not in your lists of people; nobody was changed');
    expect(await tagRowsOf(youth.id)).toEqual(before);
    expect(await auditsOf(youth.id)).toEqual([]);
    // The administrator sees those hidden from leaders.
    expect((await apply({ tagId: youth.id, action: 'add', userIds: [people.Chidi, hidden] })).status).toBe(200);
    expect(await tagRowsOf(youth.id)).toEqual([people.Chidi, hidden].sort());
  });

  it(`refuses an empty list, more than ${MAX_TAGGED_AT_ONCE} people, a bad id, an unknown action or tag`, async () => {
    const many = Array.from({ length: MAX_TAGGED_AT_ONCE + 1 }, () => people.Ade);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ tagId: choir.id, action: 'add', userIds: [] }, 400, 'Select at least one person'],
      [{ tagId: choir.id, action: 'add', userIds: many }, 400, `At most ${MAX_TAGGED_AT_ONCE} people at once`],
      [{ tagId: choir.id, action: 'add', userIds: ['nope'] }, 400, 'UserIds must be a valid id'],
      [{ tagId: choir.id, action: 'toggle', userIds: [people.Ade] }, 400, "Action must be 'add' or 'remove'"],
      [{ action: 'add', userIds: [people.Ade] }, 400, 'TagId is required'],
      [{ tagId: '00000000-0000-4000-8000-000000000002', action: 'add', userIds: [people.Ade] }, 404, 'Tag not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await apply(body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
  });

  it('removes a tag from the people chosen only', async () => {
    const res = await apply({ tagId: choir.id, action: 'remove', userIds: [people.Bisi, people.Chidi] }, clerk.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: 1 });
    expect(await tagRowsOf(choir.id)).toEqual([people.Ade]);
    expect((await auditsOf(choir.id)).some((a) => a.action === 'untag-people')).toBe(true);
  });
});

describe('tags in the member list and on the profile', () => {
  it('shows each row’s tags and filters by one tag or several (people holding all)', async () => {
    await apply({ tagId: youth.id, action: 'add', userIds: [people.Ade] });
    const all = await members('Search=Tagtest');
    const ade = all.body.data.find((r: { id: string }) => r.id === people.Ade);
    expect(ade.tags.map((t: { name: string }) => t.name)).toEqual(['Choir', 'Youth']);
    expect(ade.tags[0]).toEqual({ id: choir.id, name: 'Choir', colour: 'blue' });
    expect(all.body.data.find((r: { id: string }) => r.id === people.Bisi).tags).toEqual([]);
    expect(namesOf(await members(`Tag=${youth.id}`))).toEqual(['Ade', 'Chidi', 'Hidden']);
    expect(namesOf(await members(`Tag=${youth.id}&Tag=${choir.id}`))).toEqual(['Ade']);
    // A leader's list leaves out whoever said no to listing, filtered or not.
    expect(namesOf(await members(`Tag=${youth.id}`, hod.token))).toEqual(['Ade', 'Chidi']);
  });

  it('refuses an unknown tag or a bad id in the filter', async () => {
    const unknown = await members('Tag=00000000-0000-4000-8000-000000000003');
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Tag must be a tag of the list']);
    const bad = await members('Tag=choir');
    expect([bad.status, bad.body.message]).toEqual([400, 'Tag must be a valid id']);
  });

  it("shows a person's tags to the office and member list readers, not to a member", async () => {
    const path = `/Tags/OfPerson?UserId=${people.Ade}`;
    expect((await s.call('GET', path, { token: member.token })).status).toBe(403);
    const res = await s.call('GET', path, { token: hod.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { name: string }) => t.name)).toEqual(['Choir', 'Youth']);
  });
});

describe('the total of the tag filter (docs/decisions/0254)', () => {
  it('counts the holders the list shows: not the archived nor first-timers, the hidden only for the office', async () => {
    const counted = await newTag('Counted');
    const alsoCounted = await newTag('Counted too');
    const archived = await addPerson(s, { firstName: 'Gone', surName: 'Tagtest', demise: true });
    // Straight into the table: the list's own action refuses people the list does not show.
    const holders = [people.Ade, people.Bisi, hidden, firstTimer, archived];
    await db.insert(personTags).values(holders.map((userId) => ({ tagId: counted.id, userId })));
    await db.insert(personTags).values([people.Ade, hidden, archived].map((userId) => ({ tagId: alsoCounted.id, userId })));
    const answer = async (qs: string, token: string, size: number) => {
      const res = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?PageSize=${size}&${qs}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { data: Array<{ firstName: string }>; totalCount: number };
    };
    for (const [qs, token, names] of [
      [`Tag=${counted.id}`, admin, ['Ade', 'Bisi', 'Hidden']],
      [`Tag=${counted.id}`, clerk.token, ['Ade', 'Bisi']],
      [`Tag=${counted.id}&Tag=${alsoCounted.id}`, admin, ['Ade', 'Hidden']],
      [`Tag=${counted.id}&Tag=${alsoCounted.id}`, clerk.token, ['Ade']],
    ] as const) {
      const all = await answer(qs, token, 100);
      expect(all.data.map((r) => r.firstName).sort()).toEqual(names);
      // A page of one: the total is counted, not the rows shown.
      expect((await answer(qs, token, 1)).totalCount).toBe(names.length);
    }
  });

  it('is counted from the tag’s people, each looked up in the directory’s key, not from a read of the directory', async () => {
    const condition = (await tagCondition(db, [choir.id]))!;
    const total = idTotal(db, {}, [isChurchMember, condition]);
    expect(total).toBeDefined();
    const text = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${total!.getSQL()}`));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(text).toMatch(/member_directory_pkey/);
    expect(text).toMatch(/person_tags_pkey/);
    // No sort index read entry by entry, and no NOT IN whose hash the planner charges to each lookup.
    expect(text).not.toMatch(/member_directory_(?!pkey|archived_idx)[a-z_]+idx/);
    expect(text).not.toMatch(/hashed SubPlan/);
    // A search, or a condition beyond the id, is counted as before.
    expect(idTotal(db, { search: 'Ade' }, [isChurchMember, condition])).toBeUndefined();
    expect(idTotal(db, {}, [isChurchMember, condition, eq(memberDirectory.gender, 'Female')])).toBeUndefined();
    expect(idTotal(db, {}, [isChurchMember])).toBeUndefined();
  });
});

describe('tags go with the person', () => {
  it("goes with the person's erasure", async () => {
    const res = await s.call('POST', '/Stewardship/ErasePerson', { body: { userId: people.Chidi }, token: admin });
    expect(res.status).toBe(200);
    expect(await db.select().from(personTags).where(eq(personTags.userId, people.Chidi))).toEqual([]);
  });

  it('a merge keeps the union of both records’ tags, each once', async () => {
    const kept = await addPerson(s, { firstName: 'Kemi', surName: 'Mergetag' });
    const merged = await addPerson(s, { firstName: 'Kemi', surName: 'Mergetag' });
    await apply({ tagId: choir.id, action: 'add', userIds: [kept, merged] });
    await apply({ tagId: youth.id, action: 'add', userIds: [merged] });
    const res = await s.call('POST', '/Duplicates/Merge', { body: { keepId: kept, mergeId: merged }, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await db
      .select()
      .from(personTags)
      .where(inArray(personTags.userId, [kept, merged]));
    expect(rows.map((r) => `${r.userId === kept ? 'kept' : 'merged'}:${r.tagId}`).sort()).toEqual(
      [`kept:${choir.id}`, `kept:${youth.id}`].sort(),
    );
  });
});

describe('the indexes serve the tag filter and the row’s tags', () => {
  /** EXPLAIN where the planner may not read a whole table (as care.test.ts does). */
  async function plan(query: SQL) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('reads a tag’s people as one range of person_tags’ key, and a row’s tags through the person index', async () => {
    await db.execute(sql`analyze person_tags`);
    const condition = await tagCondition(db, [choir.id]);
    expect(await plan(sql`select user_id from ${memberDirectory} where ${condition}`)).toMatch(/person_tags_pkey/);
    const rowTags = sql`select ${tagsExtra.tags} from ${memberDirectory} where ${memberDirectory.userId} = ${people.Ade}`;
    expect(await plan(rowTags)).toMatch(/person_tags_user_idx/);
  });
});
