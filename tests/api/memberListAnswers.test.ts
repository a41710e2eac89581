import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { forgetAnswers } from '@/server/engines/listAnswers.js';
import {
  biodata,
  churchAffiliations,
  consents,
  customFields,
  customFieldValues,
  permissions,
  personTags,
  rolePermissions,
  roles,
  tags,
  zones,
} from '@/server/db/schema/index.js';
import { permissionString } from '@/domain/roles/permissions.js';
import { addDepartment, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { addPerson, setAffiliation } from '@/tests/support/people.js';
import { addRole, userWith } from '@/tests/support/roles.js';
import { setRole } from '@/tests/support/users.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';

/**
 * The member list's answer is kept per version of what it shows (server/engines/listAnswers.ts,
 * docs/decisions/0241): after every kind of change the kept answer is the one a fresh call
 * makes, callers with other rights never get each other's, and the ETag answers 304 until the
 * data changes.
 */

let s: TestServer;
let admin: string;
let viewer: Awaited<ReturnType<typeof userWith>>;
let zoneId: string;
let people: string[];

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  viewer = await userWith(s, [P.viewMembers]);
  zoneId = (await addZone(s)).id;
  people = [];
  for (let i = 0; i < 3; i++) people.push(await addPerson(s, { zoneId, surName: `Zlc${i}` }));
});
afterAll(() => s?.close());

const list = (token: string, query: string, headers: Record<string, string> = {}) =>
  s.call('GET', `/ChurchAffiliation/GetMemberQuery?${query}`, { token, headers });

const inZone = () => `ZoneId=${zoneId}&WithCustomFields=true`;

type Row = { id: string; lastName: string; zoneName: string; tags: Array<{ name: string }>; customFields?: Record<string, unknown> };

/** The answer as served (kept or not), checked equal to the answer made afresh at the same moment. */
async function checked(token: string, query = inZone()) {
  const served = await list(token, query);
  expect(served.status).toBe(200);
  forgetAnswers(s.database.db);
  const fresh = await list(token, query);
  expect(served.body).toEqual(fresh.body);
  return served.body as { data: Row[]; totalCount: number };
}

const ids = (body: { data: Row[] }) => body.data.map((r) => r.id).sort();
const row = (body: { data: Row[] }, id: string) => body.data.find((r) => r.id === id);

/** Writes with the database's triggers off (as a replica applies changes): no version moves. */
const unseen = (statement: ReturnType<typeof sql>) =>
  s.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

describe('the kept member list answer', () => {
  it('is served again while nothing is written (a write the triggers do not see stays unseen)', async () => {
    const before = await checked(admin);
    await unseen(sql`update member_directory set sur_name = 'Zlcunseen' where user_id = ${people[0]}`);
    const again = await list(admin, inZone());
    expect(again.body).toEqual(before);
    await unseen(sql`update member_directory set sur_name = 'Zlc0' where user_id = ${people[0]}`);
  });

  it('is the fresh answer after every kind of change', async () => {
    const db = s.database.db;
    await checked(admin);
    // A member added.
    const added = await addPerson(s, { zoneId, surName: 'Zlcadded' });
    people.push(added);
    expect(ids(await checked(admin))).toContain(added);
    // Edited.
    await db.update(biodata).set({ surName: 'Zlcedited' }).where(eq(biodata.userId, added));
    expect(row(await checked(admin), added)?.lastName).toBe('Zlcedited');
    // The zone renamed: its name is on every row.
    await db.update(zones).set({ zoneName: 'Zlc renamed zone' }).where(eq(zones.id, zoneId));
    expect(row(await checked(admin), added)?.zoneName).toBe('Zlc renamed zone');
    // A tag.
    const [tag] = await db.insert(tags).values({ name: 'Zlc tag' }).returning();
    await db.insert(personTags).values({ tagId: tag.id, userId: added });
    expect(row(await checked(admin), added)?.tags.map((t) => t.name)).toEqual(['Zlc tag']);
    // A custom field value.
    const [field] = await db.insert(customFields).values({ name: 'Zlc field', type: 'text', visibility: 'everyone' }).returning();
    await db.insert(customFieldValues).values({ fieldId: field.id, userId: added, textValue: 'blue' });
    expect(row(await checked(admin), added)?.customFields?.[field.id]).toBe('blue');
    // A department membership (its filter).
    const dept = await addDepartment(s);
    expect((await checked(admin, `DepartmentId=${dept.id}`)).totalCount).toBe(0);
    await joinDepartments(s, added, [dept.id]);
    expect(ids(await checked(admin, `DepartmentId=${dept.id}`))).toEqual([added]);
    // Listing consent withdrawn: gone for a viewer, still there for the office.
    await checked(viewer.token);
    await db.insert(consents).values({ userId: added, category: 'listing', granted: false, wording: 'no' });
    expect(ids(await checked(viewer.token))).not.toContain(added);
    expect(ids(await checked(admin))).toContain(added);
    // Archived.
    await db.update(biodata).set({ demise: true }).where(eq(biodata.userId, added));
    expect(ids(await checked(admin))).not.toContain(added);
  });

  it('is never shared between callers with other rights, and a change of rights reaches the next call', async () => {
    const db = s.database.db;
    const hidden = await addPerson(s, { zoneId, surName: 'Zlchidden' });
    await db.insert(consents).values({ userId: hidden, category: 'listing', granted: false, wording: 'no' });
    // Both callers ask the same page in turn, each after the other's answer was kept.
    for (let i = 0; i < 2; i++) {
      expect(ids((await list(admin, inZone())).body)).toContain(hidden);
      expect(ids((await list(viewer.token, inZone())).body)).not.toContain(hidden);
    }
    const viewerTag = (await list(viewer.token, inZone())).headers.get('etag');
    expect(viewerTag).not.toBe((await list(admin, inZone())).headers.get('etag'));
    const sees = async (etag?: string) => {
      const res = await list(viewer.token, inZone(), etag ? { 'if-none-match': etag } : {});
      expect(res.status).toBe(200);
      return ids(res.body).includes(hidden);
    };
    const [grant] = (await db.select().from(permissions)).filter((p) => permissionString(p) === P.updateOtherMembers);
    // A permission granted to the viewer's role: the next call shows the hidden, even against the old ETag.
    const [role] = await db.select().from(roles).where(eq(roles.name, viewer.role));
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: grant.id });
    expect(await sees(viewerTag!)).toBe(true);
    await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, grant.id)));
    expect(await sees()).toBe(false);
    // A CIH role that grants it, then taken away.
    const cih = await addRole(s, [P.updateOtherMembers], `zlc-cih-${Date.now()}`);
    await db.update(roles).set({ kind: 'cih' }).where(eq(roles.id, cih.id));
    await setAffiliation(s, viewer.id, { cihRole: cih.name });
    expect(await sees()).toBe(true);
    await db.update(churchAffiliations).set({ cihRole: null }).where(eq(churchAffiliations.userId, viewer.id));
    expect(await sees()).toBe(false);
    // Another platform role that grants it.
    await setRole(s, viewer.id, (await addRole(s, [P.viewMembers, P.updateOtherMembers])).name);
    expect(await sees()).toBe(true);
    await setRole(s, viewer.id, viewer.role);
    expect(await sees()).toBe(false);
  });

  it('answers 304 to its ETag while nothing changed, and 200 with the new answer once it did', async () => {
    const first = await list(admin, inZone());
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const same = await list(admin, inZone(), { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.headers.get('etag')).toBe(etag);
    // Another page is another answer.
    expect((await list(admin, `${inZone()}&PageSize=1`, { 'if-none-match': etag })).status).toBe(200);
    await db().update(biodata).set({ surName: 'Zlcchanged' }).where(eq(biodata.userId, people[1]));
    const changed = await list(admin, inZone(), { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(row(changed.body, people[1])?.lastName).toBe('Zlcchanged');
  });

  it('costs a miss one statement, as a hit: the page statement reads the version (docs/decisions/0248)', async () => {
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    let statements = 0;
    client.query = (...args: unknown[]) => {
      statements++;
      return query.apply(client, args);
    };
    const statementsOf = async (q: string) => {
      statements = 0;
      const res = await list(admin, q);
      expect(res.status).toBe(200);
      return { statements, etag: res.headers.get('etag') };
    };
    try {
      // The caller's session and the page's plan made once.
      await statementsOf(inZone());
      forgetAnswers(db());
      const miss = await statementsOf(inZone());
      const hit = await statementsOf(inZone());
      expect(miss.statements).toBe(hit.statements);
      expect(miss.etag).toBe(hit.etag);
      // A write seen by one list's call: another list's kept answer is older, so its next call is a one-statement miss.
      await statementsOf(`${inZone()}&PageSize=1`);
      await db().update(biodata).set({ surName: 'Zlcseen' }).where(eq(biodata.userId, people[2]));
      expect(row(await checked(admin), people[2])?.lastName).toBe('Zlcseen');
      const other = await statementsOf(`${inZone()}&PageSize=1`);
      expect(other.statements).toBe(hit.statements);
      // A search looks for a family first, so its version is read on its own before: the page is made once.
      const search = await statementsOf(`${inZone()}&Search=Zlc`);
      expect(search.statements).toBe(hit.statements + 2);
    } finally {
      client.query = query;
    }
  });

  it('reads the version on its own for a page with no row, and its ETag still answers 304', async () => {
    forgetAnswers(db());
    const past = await list(admin, `${inZone()}&PageNumber=999`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    const etag = past.headers.get('etag')!;
    expect((await list(admin, `${inZone()}&PageNumber=999`, { 'if-none-match': etag })).status).toBe(304);
  });
});

const db = () => s.database.db;
