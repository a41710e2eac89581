import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { summariesInOrder } from '@/server/engines/memberList.js';
import {
  biodata,
  centers,
  churchAffiliations,
  files,
  householdMembers,
  households,
  memberDirectory,
  memberSummaries,
  personTags,
  roles,
  tags,
  users,
  zones,
} from '@/server/db/schema/index.js';
import { tagsExtra } from '@/server/modules/people/tags.js';
import { householdExtra } from '@/server/modules/households/memberList.js';
import { avatarExtra } from '@/server/modules/people/directory.js';
import { addCenter, addZone } from '@/tests/support/churchStructure.js';
import { addPerson, setAffiliation } from '@/tests/support/people.js';
import { setRole } from '@/tests/support/users.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';

/**
 * The member list's lines kept in member_summaries (migration 0054_member_summaries,
 * docs/decisions/0250): after every kind of write to what a line shows, every kept line is the
 * line the list makes from the source tables, and the list's next call shows the change.
 */

let s: TestServer;
let admin: string;
let zoneId: string;
let person: string;
let other: string;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  zoneId = (await addZone(s)).id;
  person = await addPerson(s, { zoneId, surName: 'Zms0', role: 'member' });
  other = await addPerson(s, { zoneId, surName: 'Zms1', role: 'member' });
});
afterAll(() => s?.close());

type Line = {
  id: string;
  lastName: string;
  fullName: string;
  zoneName: string | null;
  centerName: string | null;
  userRole: string | null;
  stage: string;
  status: string;
  tags: Array<{ id: string; name: string; colour: string | null }>;
  household: string | null;
  avatar: string | null;
};

/** Every kept line equals the line made from the source tables now, and every directory row has one. */
async function expectLinesCurrent() {
  const db = s.database.db;
  const ids = (await db.select({ id: memberDirectory.userId }).from(memberDirectory)).map((r) => r.id).sort();
  const made = await summariesInOrder(db, ids, { ...tagsExtra, ...householdExtra, ...avatarExtra });
  const kept = await db.select().from(memberSummaries);
  const keptById = new Map(kept.map((k) => [k.userId, JSON.parse(k.summary) as unknown]));
  expect(kept.length).toBe(ids.length);
  // The role names are read beside the kept line (server/engines/memberList.ts storedLine).
  const withoutRole = (line: string) => {
    const { userRole: _, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return rest;
  };
  expect(ids.map((id) => keptById.get(id))).toEqual(made.map(withoutRole));
}

/** The person's row in the list's next call (the answer kept per version, docs/decisions/0241). */
async function listed(id = person): Promise<Line | undefined> {
  const res = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?ZoneId=${zoneId}&PageSize=100`, { token: admin });
  expect(res.status).toBe(200);
  return (res.body as { data: Line[] }).data.find((r) => r.id === id);
}

describe('the kept member list lines', () => {
  it('are made for every directory row, and removed with it', async () => {
    await expectLinesCurrent();
    const gone = await addPerson(s, { zoneId, surName: 'Zmsgone' });
    expect((await listed(gone))?.lastName).toBe('Zmsgone');
    await s.database.db.delete(users).where(eq(users.id, gone));
    expect(await listed(gone)).toBeUndefined();
    await expectLinesCurrent();
  });

  it('follow a name, a role, the stage and the account status', async () => {
    const db = s.database.db;
    await db.update(biodata).set({ surName: 'Zmsrenamed', middleName: 'Ade' }).where(eq(biodata.userId, person));
    expect((await listed())?.fullName).toBe('Tolu Ade Zmsrenamed');
    await setRole(s, person, 'hod');
    expect((await listed())?.userRole).toBe('hod');
    await db.update(roles).set({ name: 'hodrenamed' }).where(eq(roles.name, 'hod'));
    expect((await listed())?.userRole).toBe('hodrenamed');
    await db.update(roles).set({ name: 'hod' }).where(eq(roles.name, 'hodrenamed'));
    await db.update(users).set({ disabled: true }).where(eq(users.id, person));
    expect((await listed())?.status).toBe('disabled');
    await db.update(users).set({ disabled: false }).where(eq(users.id, person));
    await expectLinesCurrent();
  });

  it('follow the zone and the center, their names and leaving the center', async () => {
    const db = s.database.db;
    const center = await addCenter(s, zoneId, 'Zms center');
    await setAffiliation(s, person, { zoneId, centerId: center.id });
    expect((await listed())?.centerName).toBe('Zms center');
    await db.update(centers).set({ centerName: 'Zms center renamed' }).where(eq(centers.id, center.id));
    expect((await listed())?.centerName).toBe('Zms center renamed');
    await db.update(zones).set({ zoneName: 'Zms zone renamed' }).where(eq(zones.id, zoneId));
    expect((await listed())?.zoneName).toBe('Zms zone renamed');
    await db.update(churchAffiliations).set({ centerId: null }).where(eq(churchAffiliations.userId, person));
    expect((await listed())?.centerName).toBeNull();
    await expectLinesCurrent();
  });

  it('follow tags: given, renamed, recoloured, taken off and deleted', async () => {
    const db = s.database.db;
    const [b, a] = await db
      .insert(tags)
      .values([{ name: 'Zms b' }, { name: 'zms A', colour: '#ff0000' }])
      .returning();
    await db.insert(personTags).values([
      { tagId: b.id, userId: person },
      { tagId: a.id, userId: person },
      { tagId: b.id, userId: other },
    ]);
    expect((await listed())?.tags).toEqual([
      { id: a.id, name: 'zms A', colour: '#ff0000' },
      { id: b.id, name: 'Zms b', colour: null },
    ]);
    await db.update(tags).set({ name: 'Zms c', colour: '#00ff00' }).where(eq(tags.id, b.id));
    expect((await listed(other))?.tags).toEqual([{ id: b.id, name: 'Zms c', colour: '#00ff00' }]);
    await db.delete(personTags).where(eq(personTags.tagId, a.id));
    expect((await listed())?.tags.map((t) => t.name)).toEqual(['Zms c']);
    await db.delete(tags).where(eq(tags.id, b.id));
    expect((await listed())?.tags).toEqual([]);
    expect((await listed(other))?.tags).toEqual([]);
    await expectLinesCurrent();
  });

  it('follow the household: joined, renamed, moved, left and removed', async () => {
    const db = s.database.db;
    const [home, away] = await db
      .insert(households)
      .values([{ name: 'Zms family' }, { name: 'Zms others' }])
      .returning();
    const [membership] = await db.insert(householdMembers).values({ householdId: home.id, userId: person, role: 'head' }).returning();
    expect((await listed())?.household).toBe('Zms family');
    await db.update(households).set({ name: 'Zms family renamed' }).where(eq(households.id, home.id));
    expect((await listed())?.household).toBe('Zms family renamed');
    await db.update(householdMembers).set({ householdId: away.id }).where(eq(householdMembers.id, membership.id));
    expect((await listed())?.household).toBe('Zms others');
    await db.update(householdMembers).set({ userId: other }).where(eq(householdMembers.id, membership.id));
    expect((await listed())?.household).toBeNull();
    expect((await listed(other))?.household).toBe('Zms others');
    await db.delete(households).where(eq(households.id, away.id));
    expect((await listed(other))?.household).toBeNull();
    await expectLinesCurrent();
  });

  it('follow the photo: uploaded, replaced and removed; other files change nothing shown', async () => {
    const db = s.database.db;
    const photo = { userId: person, fileName: 'me.jpg', contentType: 'image/jpeg', size: 3, data: Buffer.from('abc') };
    const [avatar] = await db
      .insert(files)
      .values({ ...photo, fileType: 'avatar', updatedAt: new Date('2026-01-01T00:00:00Z') })
      .returning();
    expect((await listed())?.avatar).toBe(String(Date.parse('2026-01-01T00:00:00Z')));
    await db
      .update(files)
      .set({ updatedAt: new Date('2026-02-01T00:00:00Z') })
      .where(eq(files.id, avatar.id));
    expect((await listed())?.avatar).toBe(String(Date.parse('2026-02-01T00:00:00Z')));
    await db.update(files).set({ userId: other }).where(eq(files.id, avatar.id));
    expect((await listed())?.avatar).toBeNull();
    expect((await listed(other))?.avatar).toBe(String(Date.parse('2026-02-01T00:00:00Z')));
    await db.delete(files).where(eq(files.id, avatar.id));
    expect((await listed(other))?.avatar).toBeNull();
    await expectLinesCurrent();
  });

  it('are made again, when one is missing, as the triggers make it', async () => {
    const db = s.database.db;
    const before = await listed();
    await db.execute(sql`delete from member_summaries where user_id = ${person}`);
    // A write of something else moves the version, so the list is made again.
    await db.update(biodata).set({ state: 'Lagos' }).where(eq(biodata.userId, other));
    expect(await listed()).toEqual(before);
    await db.update(biodata).set({ state: 'Oyo' }).where(eq(biodata.userId, person));
    await expectLinesCurrent();
  });
});
