import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  biodata,
  churchAffiliations,
  consents,
  memberDirectory,
  memberRoleNames,
  memberSearchTexts,
  memberStages,
  roles,
  userRoles,
  users,
} from '@/server/db/schema/index.js';
import { addCenter, addZone } from '@/tests/support/churchStructure.js';
import { startServer, type TestServer } from '@/tests/support/server.js';

/**
 * The directory's statement triggers (issue 35) give a statement that writes many people the
 * directory, search texts, role names and listing flags that one statement per person gives: the
 * same people written both ways, then changed both ways, read back equal field by field.
 */

let s: TestServer;
let zones: string[];
let center: string;
let roleIds: string[];

/** Six people with nulls, accents, two mobiles, an archive, a first-timer, and every place kind. */
const PEOPLE = Array.from({ length: 6 }, (_, i) => ({
  firstName: ['Émeka', 'Ngozi', 'Ada', 'Tunde', 'Bisi', 'Kemi'][i],
  surName: `Zqbulk${['Adé', 'Obi', 'Eze', 'Bello', 'Okafor', 'Ìbí'][i]}`,
  middleName: i % 2 ? `Mid${i}` : null,
  gender: i % 3 === 0 ? null : i % 2 ? 'Male' : 'Female',
  mobile1: `0803${String(i).padStart(7, '0')}`,
  mobile2: i % 2 ? null : `0705${String(i).padStart(7, '0')}`,
  state: i % 4 === 0 ? null : ['Lagos', 'Oyo', 'Enugu'][i % 3],
  country: i % 2 ? 'Nigeria' : null,
  maritalStatus: i % 3 === 1 ? 'Married' : null,
  dateOfBirth: i % 5 === 0 ? null : `19${60 + i}-0${1 + i}-1${i}`,
  demise: i === 4,
  isFirstTimer: i === 5,
  zone: i % 3,
  center: i % 2 === 0,
  cihRole: i === 2 ? 'cihpastor' : null,
  affinityGroup: i % 2 ? ['Choir', 'Ushers'] : [],
  role: i % 3,
  listed: i % 2 === 0,
}));
type Person = (typeof PEOPLE)[number];

const email = (path: string, i: number) => `${path}.${i}.zqbulk@example.org`;

const userRow = (p: Person, path: string, i: number) => ({
  email: email(path, i),
  firstName: p.firstName,
  surName: p.surName,
  gender: p.gender,
  mobile1: p.mobile1,
  isFirstTimer: p.isFirstTimer,
});
const biodataRow = (p: Person, userId: string, path: string, i: number) => ({
  userId,
  firstName: p.firstName,
  surName: p.surName,
  middleName: p.middleName,
  email: email(path, i),
  mobile1: p.mobile1,
  mobile2: p.mobile2,
  gender: p.gender,
  state: p.state,
  country: p.country,
  maritalStatus: p.maritalStatus,
  dateOfBirth: p.dateOfBirth,
  demise: p.demise,
});
const affiliationRow = (p: Person, userId: string) => ({
  userId,
  zoneId: p.zone < 2 ? zones[p.zone] : null,
  centerId: p.center ? center : null,
  cihRole: p.cihRole,
  affinityGroup: p.affinityGroup,
});
const consentRow = (p: Person, userId: string) => ({ userId, category: 'listing' as const, granted: p.listed, wording: 'test' });
const stageRow = (userId: string, i: number) => ({
  userId,
  stage: i % 2 ? ('worker' as const) : ('leader' as const),
  startedOn: '2020-01-01',
});

/** Writes the people one statement per row: the per-row path the triggers had before. */
async function writeOneByOne(path: string): Promise<string[]> {
  const db = s.database.db;
  const ids: string[] = [];
  for (const [i, p] of PEOPLE.entries()) {
    const [u] = await db
      .insert(users)
      .values(userRow(p, path, i))
      .returning({ id: users.id });
    ids.push(u.id);
    await db.insert(biodata).values(biodataRow(p, u.id, path, i));
    await db.insert(churchAffiliations).values(affiliationRow(p, u.id));
    await db.insert(userRoles).values({ userId: u.id, roleId: roleIds[p.role] });
    await db.insert(consents).values(consentRow(p, u.id));
    await db.insert(memberStages).values(stageRow(u.id, i));
  }
  return ids;
}

/** Writes the same people with one statement per table. */
async function writeAtOnce(path: string): Promise<string[]> {
  const db = s.database.db;
  const created = await db
    .insert(users)
    .values(PEOPLE.map((p, i) => userRow(p, path, i)))
    .returning({ id: users.id, email: users.email });
  const ids = PEOPLE.map((_, i) => created.find((c) => c.email === email(path, i))!.id);
  await db.insert(biodata).values(PEOPLE.map((p, i) => biodataRow(p, ids[i], path, i)));
  await db.insert(churchAffiliations).values(PEOPLE.map((p, i) => affiliationRow(p, ids[i])));
  await db.insert(userRoles).values(PEOPLE.map((p, i) => ({ userId: ids[i], roleId: roleIds[p.role] })));
  await db.insert(consents).values(PEOPLE.map((p, i) => consentRow(p, ids[i])));
  await db.insert(memberStages).values(PEOPLE.map((_, i) => stageRow(ids[i], i)));
  return ids;
}

/** The changes, each as one statement over the given people: names, places, flags, listing, a removal. */
function changes(ids: string[]): SQL[] {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return [
    sql`update biodata set sur_name = sur_name || 'x', middle_name = null, mobile2 = '0809' || right(mobile1, 7), state = 'Kano', demise = not demise where user_id in (${list})`,
    sql`update church_affiliations set zone_id = ${zones[1]}, center_id = null, affinity_group = array['Protocol'] where user_id in (${list})`,
    sql`update users set disabled = true, first_name = first_name || 'y' where id in (${list})`,
    sql`update users set is_first_timer = false, converted_at = '2026-01-01T00:00:00Z' where id in (${list})`,
    sql`update user_roles set role_id = ${roleIds[1]} where user_id in (${list})`,
    sql`insert into consents (user_id, category, granted, wording) select id, 'listing', false, 'test' from users where id in (${list})`,
    sql`delete from biodata where user_id in (${list}) and gender = 'Male'`,
  ];
}

/** What the directory, its search copy and the role names hold for these people, in PEOPLE's order, with the path's mark taken out. */
async function derived(ids: string[], path: string) {
  const db = s.database.db;
  const byId = <T extends { userId: string }>(rows: T[]) => ids.map((id) => rows.find((r) => r.userId === id));
  const unmark = (v: unknown) => JSON.parse(JSON.stringify(v ?? null).replaceAll(`${path}.`, 'path.'));
  const directory = byId(await db.select().from(memberDirectory).where(inArray(memberDirectory.userId, ids)));
  const texts = byId(await db.select().from(memberSearchTexts).where(inArray(memberSearchTexts.userId, ids)));
  const names = byId(await db.select().from(memberRoleNames).where(inArray(memberRoleNames.userId, ids)));
  return ids.map((_, i) => {
    const { userId: _d, createdAt: _c, ...row } = directory[i]!;
    return unmark({ row, text: { ...texts[i], userId: undefined }, names: names[i]?.names ?? null });
  });
}

beforeAll(async () => {
  s = await startServer();
  zones = [(await addZone(s)).id, (await addZone(s)).id];
  center = (await addCenter(s, zones[0])).id;
  const named = await s.database.db.select({ id: roles.id, name: roles.name }).from(roles);
  roleIds = ['member', 'hod', 'firsttimers'].map((n) => named.find((r) => r.name === n)!.id);
});
afterAll(() => s?.close());

describe('a statement over many people keeps the directory as one statement per person does', () => {
  let one: string[];
  let many: string[];

  it('inserts: users, biodata, affiliations, roles, listing choices and stages', async () => {
    one = await writeOneByOne('one');
    many = await writeAtOnce('many');
    const perRow = await derived(one, 'one');
    expect(perRow[0].row).toMatchObject({ firstName: 'Émeka', searchText: expect.stringContaining('emeka'), hiddenFromLeaders: false });
    expect(perRow[1].row).toMatchObject({ hiddenFromLeaders: true, affinityGroups: ['choir', 'ushers'], stage: 'worker' });
    expect(perRow[4].row.archived).toBe(true);
    expect(await derived(many, 'many')).toEqual(perRow);
  });

  it('updates, a conversion, a role move, a new listing choice and a removal', async () => {
    const steps = changes(many).length;
    for (let k = 0; k < steps; k++) {
      for (const id of one) await s.database.db.execute(changes([id])[k]);
      await s.database.db.execute(changes(many)[k]);
    }
    const perRow = await derived(one, 'one');
    expect(perRow[1].row).toMatchObject({ disabled: true, isFirstTimer: false, hiddenFromLeaders: true, zoneId: zones[1], centerId: null });
    expect(perRow[1].row.state).toBe(null);
    expect(perRow[0].row).toMatchObject({ state: 'Kano', archived: true });
    expect(perRow[0].names).toEqual(['hod']);
    expect(await derived(many, 'many')).toEqual(perRow);
  });
});
