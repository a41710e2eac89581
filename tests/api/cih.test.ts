import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { churchAffiliations } from '@/server/db/schema/index.js';
import { addPerson, auditOf, setAffiliation } from '@/tests/support/people.js';
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

const get = (path: string, token = admin) => s.call('GET', path, { token });

async function newZone(zoneName: string) {
  const res = await s.call('POST', '/CIHZone/Create', { body: { zoneName, description: `${zoneName} area` }, token: admin });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; zoneName: string };
}

async function newCenter(centerName: string, zoneId: string) {
  const res = await s.call('POST', '/Center/Create', { body: { centerName, zoneId, address: '1 Church Street' }, token: admin });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; centerName: string; zoneId: string; zoneName: string };
}

describe('zones', () => {
  it('validates, creates with an audit row, and refuses a taken name', async () => {
    const bad = await s.call('POST', '/CIHZone/Create', { body: { description: 'x'.repeat(501) }, token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ zoneName: ['Zone name is required'], description: ['Description must be at most 500 characters'] });
    const zone = await newZone('Lekki');
    expect((await auditOf(s, zone.id))[0]).toMatchObject({ action: 'create', entity: 'zone' });
    const taken = await s.call('POST', '/CIHZone/Create', { body: { zoneName: 'lekki' }, token: admin });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('There is already a zone named "lekki"');
  });

  it('updates, and answers GetById and 404', async () => {
    const zone = await newZone('Ikeja');
    const res = await s.call('PUT', '/CIHZone/Update', {
      body: { id: zone.id, zoneName: 'Ikeja North', description: 'Ogba' },
      token: admin,
    });
    expect(res.status).toBe(200);
    expect((await get(`/CIHZone/GetById?id=${zone.id}`, member)).body.data).toMatchObject({ zoneName: 'Ikeja North', description: 'Ogba' });
    const missing = await get('/CIHZone/GetById?id=7d1e0c57-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Zone not found!');
  });

  it('GetAll: any signed-in user, with search, sort allowlist, unknown filters refused and paging', async () => {
    for (const name of ['Surulere A', 'Surulere B', 'Surulere C']) await newZone(name);
    const res = await get('/CIHZone/GetAll?Search=surulere&SortBy=zoneName&SortOrder=desc&PageSize=2', member);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((z: any) => z.zoneName)).toEqual(['Surulere C', 'Surulere B']);
    expect((await get('/CIHZone/GetAll?SortBy=secret')).status).toBe(400);
    expect((await get('/CIHZone/GetAll?ZoneColour=red')).status).toBe(400);
  });

  it('GetByTotal counts centers and members, and needs CAN_VIEW_CIH_MANAGEMENT', async () => {
    const zone = await newZone('Yaba');
    const c1 = await newCenter('Yaba One', zone.id);
    await newCenter('Yaba Two', zone.id);
    await addPerson(s, { zoneId: zone.id, centerId: c1.id });
    const res = await get('/CIHZone/GetByTotal?Search=Yaba');
    expect(res.body.data).toEqual([expect.objectContaining({ id: zone.id, centerCount: 2, memberCount: 1 })]);
    expect((await get('/CIHZone/GetByTotal', member)).status).toBe(403);
  });

  it('cannot be deleted while it has centers or members; the message says how many', async () => {
    const zone = await newZone('Ajah');
    const c1 = await newCenter('Ajah One', zone.id);
    await newCenter('Ajah Two', zone.id);
    await addPerson(s, { zoneId: zone.id, centerId: c1.id });
    const res = await s.call('DELETE', `/CIHZone/Delete?id=${zone.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This zone has 2 centers and 1 member; move them before deleting it.');

    const empty = await newZone('Epe');
    const gone = await s.call('DELETE', `/CIHZone/Delete?id=${empty.id}`, { token: admin });
    expect(gone.status).toBe(200);
    expect((await auditOf(s, empty.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });
});

describe('centers', () => {
  it('validates the zone and refuses a name taken in the same zone only', async () => {
    const missing = await s.call('POST', '/Center/Create', { body: { centerName: 'Orphan' }, token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.zoneId).toEqual(['Zone is required']);
    const unknown = await s.call('POST', '/Center/Create', {
      body: { centerName: 'Orphan', zoneId: '7d1e0c57-0000-4000-8000-000000000001' },
      token: admin,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.zoneId).toEqual(['No zone has this id']);

    const a = await newZone('Festac');
    const b = await newZone('Agege');
    const center = await newCenter('Hope Center', a.id);
    expect(center.zoneName).toBe('Festac');
    const taken = await s.call('POST', '/Center/Create', { body: { centerName: 'HOPE CENTER', zoneId: a.id }, token: admin });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This zone already has a center named "HOPE CENTER"');
    await newCenter('Hope Center', b.id);
  });

  it('GetAll filters by ZoneId; GetByTotal counts members', async () => {
    const zone = await newZone('Ikorodu');
    const c1 = await newCenter('Ikorodu One', zone.id);
    await newCenter('Ikorodu Two', zone.id);
    await addPerson(s, { zoneId: zone.id, centerId: c1.id });
    await addPerson(s, { zoneId: zone.id, centerId: c1.id });
    const all = await get(`/Center/GetAll?ZoneId=${zone.id}&SortBy=centerName`, member);
    expect(all.body.totalCount).toBe(2);
    expect(all.body.data.map((c: any) => [c.centerName, c.zoneName])).toEqual([
      ['Ikorodu One', 'Ikorodu'],
      ['Ikorodu Two', 'Ikorodu'],
    ]);
    const totals = await get(`/Center/GetByTotal?ZoneId=${zone.id}&SortBy=memberCount&SortOrder=desc`);
    expect(totals.body.data.map((c: any) => c.memberCount)).toEqual([2, 0]);
    expect((await get('/Center/GetAll?ZoneId=nope')).body.errors.zoneId).toEqual(['ZoneId must be a valid id']);
    expect((await get('/Center/GetByTotal', member)).status).toBe(403);
  });

  it('moving a center to another zone takes its members along', async () => {
    const from = await newZone('Oshodi');
    const to = await newZone('Isolo');
    const center = await newCenter('Mafoluku', from.id);
    const person = await addPerson(s, { zoneId: from.id, centerId: center.id });
    const res = await s.call('PUT', '/Center/Update', { body: { id: center.id, centerName: 'Mafoluku', zoneId: to.id }, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.zoneName).toBe('Isolo');
    const [aff] = await s.database.db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, person));
    expect(aff.zoneId).toBe(to.id);
  });

  it('cannot be deleted while it has members', async () => {
    const zone = await newZone('Ojo');
    const center = await newCenter('Ojo One', zone.id);
    for (let i = 0; i < 3; i++) await addPerson(s, { zoneId: zone.id, centerId: center.id });
    const res = await s.call('DELETE', `/Center/Delete?id=${center.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This center has 3 members; move them before deleting it.');
    const empty = await newCenter('Ojo Two', zone.id);
    expect((await s.call('DELETE', `/Center/Delete?id=${empty.id}`, { token: admin })).status).toBe(200);
    expect((await get(`/Center/GetById?id=${empty.id}`)).body.message).toBe('Center not found!');
  });
});

describe('GetMyCenter', () => {
  it('gives a CIH pastor their center, its zone, members and leaders', async () => {
    const zone = await newZone('Gbagada');
    const center = await newCenter('Gbagada Phase 2', zone.id);
    const pastor = await createUser(s, { overrides: { firstName: 'Paul', surName: 'Adeyemi' } });
    await setAffiliation(s, pastor.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihpastor' });
    await addPerson(s, { firstName: 'Ada', surName: 'Nwosu', zoneId: zone.id, centerId: center.id });
    await addPerson(s, { firstName: 'Coordinator', surName: 'Okon', zoneId: zone.id, centerId: center.id, cihRole: 'cihcoordinator' });
    await addPerson(s, { zoneId: zone.id }); // in the zone, not the center
    const token = await s.login(pastor.email, pastor.password);
    const res = await get('/Center/GetMyCenter', token);
    expect(res.status).toBe(200);
    expect(res.body.data.center).toMatchObject({ id: center.id, centerName: 'Gbagada Phase 2', zoneId: zone.id, zoneName: 'Gbagada' });
    expect(res.body.data.members.map((m: any) => m.fullName)).toEqual(['Paul Adeyemi', 'Ada Nwosu', 'Coordinator Okon']);
    expect(res.body.data.leaders.map((m: any) => [m.lastName, m.cihRole])).toEqual([
      ['Adeyemi', 'cihpastor'],
      ['Okon', 'cihcoordinator'],
    ]);
  });

  it('answers 404 to a holder of the permission without a center, and 403 to a member', async () => {
    const res = await get('/Center/GetMyCenter');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('You are not in a CIH center');
    expect((await get('/Center/GetMyCenter', member)).status).toBe(403);
  });
});

describe('a member', () => {
  it('gets 403 on every zone and center mutation', async () => {
    const zone = await newZone('Badagry');
    const center = await newCenter('Badagry One', zone.id);
    const calls = [
      s.call('POST', '/CIHZone/Create', { body: { zoneName: 'Mine' }, token: member }),
      s.call('PUT', '/CIHZone/Update', { body: { id: zone.id, zoneName: 'Mine' }, token: member }),
      s.call('DELETE', `/CIHZone/Delete?id=${zone.id}`, { token: member }),
      s.call('POST', '/Center/Create', { body: { centerName: 'Mine', zoneId: zone.id }, token: member }),
      s.call('PUT', '/Center/Update', { body: { id: center.id, centerName: 'Mine', zoneId: zone.id }, token: member }),
      s.call('DELETE', `/Center/Delete?id=${center.id}`, { token: member }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect((await get(`/Center/GetById?id=${center.id}`)).body.data.centerName).toBe('Badagry One');
  });
});
