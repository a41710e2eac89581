import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { affinityGroups, biodata, memberRequests, requestEvents } from '@/server/db/schema/index.js';
import { addAffinityGroup, addCenter, addDepartment, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { auditOf, setAffiliation } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** The five requests a member files from the profile; they wait, pending, for a decision. */

type Account = Awaited<ReturnType<typeof createUser>>;
type Row = { id: string; departmentName?: string; zoneName?: string; centerName?: string; affinityGroupName?: string };
let s: TestServer;
let admin: string;
let member: Account;
let bare: Account;
let second: Account;
const d: Record<'home' | 'choir' | 'ushers', Row> = {} as any;
const g: Record<'youth' | 'men' | 'singles', Row> = {} as any;
const z: Record<'north' | 'south', Row> = {} as any;
const c: Record<'north1' | 'south1', Row> = {} as any;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
  [member, bare, second] = [await createUser(s), await createUser(s), await createUser(s)];
  for (const key of ['home', 'choir', 'ushers'] as const) d[key] = await addDepartment(s);
  for (const key of ['youth', 'men', 'singles'] as const) g[key] = await addAffinityGroup(s);
  z.north = await addZone(s);
  z.south = await addZone(s);
  c.north1 = await addCenter(s, z.north.id);
  c.south1 = await addCenter(s, z.south.id);
  await setAffiliation(s, member.id, { zoneId: z.north.id, centerId: c.north1.id, affinityGroup: [g.youth.affinityGroupName!] });
  await setAffiliation(s, second.id, { zoneId: z.north.id });
  await joinDepartments(s, member.id, [d.home.id]);
});
afterAll(() => s?.close());

const request = (call: string, params: Record<string, string>, token: string) =>
  s.call('PUT', `/ChurchAffiliation/${call}?${new URLSearchParams(params)}`, { token });
const pendingOf = (userId: string) =>
  s.database.db
    .select()
    .from(memberRequests)
    .where(and(eq(memberRequests.userId, userId), eq(memberRequests.status, 'pending')));

describe('who may file', () => {
  it.each([
    ['RequestByMemberToJoinDepartment', { department: 'x', Reason: 'r' }],
    ['RequestChangeOfDepartment', { newDepartment: 'x', Reason: 'r' }],
    ['RequestByMemberToJoinAffinityGroup', { affinityGroup: 'x' }],
    ['RequestChangeOfAffinityGroup', { newAffinityGroup: 'x' }],
    ['RequestChangeOfCIHZone', { newCihZone: 'x' }],
  ])('%s refuses a member without church affiliation', async (call, params) => {
    const res = await request(call, { userId: bare.id, ...params }, bare.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ succeeded: false, message: 'Only members with church affiliations can make this request.' });
  });

  it('refuses a member filing for another member, and lets an administrator file for them', async () => {
    const params = { userId: second.id, newCihZone: z.south.zoneName!, Reason: 'Moved house' };
    expect((await request('RequestChangeOfCIHZone', params, member.token)).status).toBe(403);
    const res = await request('RequestChangeOfCIHZone', params, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: second.id,
      kind: 'changeZone',
      status: 'pending',
      previousZoneId: z.north.id,
      targetZoneId: z.south.id,
    });
    expect(res.body.data.requestedBy).not.toBe(second.id);
  });
});

describe('department requests', () => {
  it('files a pending join request with its event and audit row', async () => {
    const res = await request(
      'RequestByMemberToJoinDepartment',
      { userId: member.id, department: d.choir.departmentName!, Reason: 'I sing' },
      member.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Request successful');
    expect(res.body.data).toMatchObject({
      kind: 'joinDepartment',
      status: 'pending',
      reason: 'I sing',
      targetDepartmentId: d.choir.id,
      requestedBy: member.id,
    });
    const events = await s.database.db.select().from(requestEvents).where(eq(requestEvents.requestId, res.body.data.id));
    expect(events).toEqual([expect.objectContaining({ action: 'created', actorId: member.id, comment: 'I sing' })]);
    expect((await auditOf(s, res.body.data.id))[0]).toMatchObject({ action: 'create', entity: 'memberRequest' });
  });

  it('refuses a second pending request of the same kind, in the API and in the database', async () => {
    const res = await request(
      'RequestByMemberToJoinDepartment',
      { userId: member.id, department: d.ushers.id, Reason: 'Also this' },
      member.token,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A request to join a department is already pending for this member; wait for its decision');
    await expect(s.database.db.insert(memberRequests).values({ userId: member.id, kind: 'joinDepartment' })).rejects.toThrow();
    expect((await pendingOf(member.id)).filter((r) => r.kind === 'joinDepartment')).toHaveLength(1);
  });

  it('takes a new request once the pending one is decided', async () => {
    await s.database.db
      .update(memberRequests)
      .set({ status: 'rejected' })
      .where(and(eq(memberRequests.userId, member.id), eq(memberRequests.kind, 'joinDepartment')));
    const res = await request(
      'RequestByMemberToJoinDepartment',
      { userId: member.id, department: d.ushers.id, Reason: 'Try again' },
      member.token,
    );
    expect(res.status).toBe(200);
  });

  it('requires department and reason, and refuses unknown or already-held departments', async () => {
    const missing = await request('RequestChangeOfDepartment', { userId: member.id }, member.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ newDepartment: ['Department is required'], reason: ['Reason is required'] });
    const unknown = await request('RequestChangeOfDepartment', { userId: member.id, newDepartment: 'Nowhere', Reason: 'r' }, member.token);
    expect(unknown.body.message).toBe('Unknown department: Nowhere');
    const held = await request(
      'RequestChangeOfDepartment',
      { userId: member.id, newDepartment: d.home.departmentName!, Reason: 'r' },
      member.token,
    );
    expect(held.body.message).toBe(`The member is already in the ${d.home.departmentName} department`);
  });

  it('files a change of department from the primary one', async () => {
    const res = await request(
      'RequestChangeOfDepartment',
      { userId: member.id, newDepartment: d.choir.departmentName!, Reason: 'Moving' },
      member.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'changeDepartment', previousDepartmentId: d.home.id, targetDepartmentId: d.choir.id });
    const none = await request('RequestChangeOfDepartment', { userId: second.id, newDepartment: d.choir.id, Reason: 'r' }, second.token);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('The member is in no department yet: ask to join one instead');
  });
});

describe('affinity group requests', () => {
  it('needs a group, an existing one the member is not in', async () => {
    const missing = await request('RequestByMemberToJoinAffinityGroup', { userId: member.id }, member.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.affinityGroup).toEqual(['Affinity group is required']);
    expect(
      (await request('RequestByMemberToJoinAffinityGroup', { userId: member.id, affinityGroup: 'Ghosts' }, member.token)).body.message,
    ).toBe('Unknown affinity group: Ghosts');
    const held = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: member.id, affinityGroup: g.youth.affinityGroupName! },
      member.token,
    );
    expect(held.body.message).toBe(`The member is already in the ${g.youth.affinityGroupName} affinity group`);
  });

  it('files a join request, and a change from the group held', async () => {
    const join = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: member.id, affinityGroup: g.men.affinityGroupName!.toLowerCase() },
      member.token,
    );
    expect(join.body.data).toMatchObject({ kind: 'joinAffinityGroup', targetAffinityGroupId: g.men.id, reason: null });
    const change = await request(
      'RequestChangeOfAffinityGroup',
      { userId: member.id, newAffinityGroup: g.singles.id, Reason: 'Older now' },
      member.token,
    );
    expect(change.body.data).toMatchObject({
      kind: 'changeAffinityGroup',
      previousAffinityGroupId: g.youth.id,
      targetAffinityGroupId: g.singles.id,
    });
    const none = await request('RequestChangeOfAffinityGroup', { userId: second.id, newAffinityGroup: g.men.id }, second.token);
    expect(none.body.message).toBe('The member is in no affinity group yet: ask to join one instead');
  });
});

describe('zone requests', () => {
  it('requires the zone and refuses unknown zones and centers outside it', async () => {
    const missing = await request('RequestChangeOfCIHZone', { userId: member.id }, member.token);
    expect(missing.body.errors.newCihZone).toEqual(['Zone is required']);
    expect((await request('RequestChangeOfCIHZone', { userId: member.id, newCihZone: 'Atlantis' }, member.token)).body.message).toBe(
      'Unknown zone: Atlantis',
    );
    const outside = await request(
      'RequestChangeOfCIHZone',
      { userId: member.id, newCihZone: z.south.id, newCenter: c.north1.id },
      member.token,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('The center is not in the chosen zone');
    const unknown = await request(
      'RequestChangeOfCIHZone',
      { userId: member.id, newCihZone: z.south.id, newCenter: 'Nowhere' },
      member.token,
    );
    expect(unknown.body.message).toBe('Unknown center: Nowhere');
    const same = await request(
      'RequestChangeOfCIHZone',
      { userId: member.id, newCihZone: z.north.id, newCenter: c.north1.centerName! },
      member.token,
    );
    expect(same.body.message).toBe('The member is already in this zone and center');
  });

  it('files the move with where the member is now', async () => {
    const res = await request(
      'RequestChangeOfCIHZone',
      { userId: member.id, newCihZone: z.south.zoneName!, newCenter: c.south1.centerName!, Reason: 'Closer' },
      member.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'changeZone',
      targetZoneId: z.south.id,
      targetCenterId: c.south1.id,
      previousZoneId: z.north.id,
      previousCenterId: c.north1.id,
    });
    expect((await pendingOf(member.id)).map((r) => r.kind).sort()).toEqual([
      'changeAffinityGroup',
      'changeDepartment',
      'changeZone',
      'joinAffinityGroup',
      'joinDepartment',
    ]);
  });
});

describe('affinity groups the member fits', () => {
  let wife: Account;
  const limited: Record<'teens' | 'married' | 'singles' | 'men' | 'women', Row> = {} as any;

  beforeAll(async () => {
    wife = await createUser(s);
    const db = s.database.db;
    // A married woman of 36 on the day the test runs.
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 36, 0, 1);
    // sign-up wrote the names; the profile adds the rest
    await db
      .update(biodata)
      .set({ maritalStatus: 'Married', dateOfBirth: born.toISOString().slice(0, 10), gender: 'Female' })
      .where(eq(biodata.userId, wife.id));
    await setAffiliation(s, wife.id, { zoneId: z.north.id });
    limited.teens = await addAffinityGroup(s);
    limited.married = await addAffinityGroup(s);
    limited.singles = await addAffinityGroup(s);
    await db.update(affinityGroups).set({ startAge: 13, endAge: 19 }).where(eq(affinityGroups.id, limited.teens.id));
    await db
      .update(affinityGroups)
      .set({ startAge: 20, endAge: 40, maritalStatus: 'Married' })
      .where(eq(affinityGroups.id, limited.married.id));
    await db.update(affinityGroups).set({ maritalStatus: 'Single' }).where(eq(affinityGroups.id, limited.singles.id));
    limited.men = await addAffinityGroup(s);
    limited.women = await addAffinityGroup(s);
    await db.update(affinityGroups).set({ gender: 'Male' }).where(eq(affinityGroups.id, limited.men.id));
    await db.update(affinityGroups).set({ gender: 'Female' }).where(eq(affinityGroups.id, limited.women.id));
  });

  it("refuses a woman the men's fellowship and files her request for the women's", async () => {
    const men = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: wife.id, affinityGroup: limited.men.affinityGroupName! },
      wife.token,
    );
    expect(men.status).toBe(400);
    expect(men.body.message).toBe(`The ${limited.men.affinityGroupName} affinity group is for men`);
    const women = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: wife.id, affinityGroup: limited.women.affinityGroupName! },
      wife.token,
    );
    expect(women.status).toBe(200);
    await request('CancelRequest', { RequestId: women.body.data.id }, wife.token);
  });

  it('lists only the groups such a member fits when asked by gender', async () => {
    const fitting = await s.call('GET', '/AffinityGroup/GetAll?PageNumber=1&PageSize=25000&Gender=Female', { token: admin });
    expect(fitting.status).toBe(200);
    const names = fitting.body.data.map((row: { affinityGroupName: string }) => row.affinityGroupName);
    expect(names).toContain(limited.women.affinityGroupName);
    expect(names).toContain(limited.teens.affinityGroupName);
    expect(names).not.toContain(limited.men.affinityGroupName);
  });

  it('refuses a member a group their age or marital status does not fit, naming why', async () => {
    const teens = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: wife.id, affinityGroup: limited.teens.affinityGroupName! },
      wife.token,
    );
    expect(teens.status).toBe(400);
    const why = `The ${limited.teens.affinityGroupName} affinity group is for members aged 13 to 19`;
    expect(teens.body).toMatchObject({ succeeded: false, message: why, errors: { affinityGroup: [why] } });
    const singles = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: wife.id, affinityGroup: limited.singles.affinityGroupName! },
      wife.token,
    );
    expect(singles.status).toBe(400);
    expect(singles.body.message).toBe(`The ${limited.singles.affinityGroupName} affinity group is for single members`);
    expect(await pendingOf(wife.id)).toEqual([]);
  });

  it('files the request for a group that fits, and an administrator may file one that does not', async () => {
    const fits = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: wife.id, affinityGroup: limited.married.affinityGroupName! },
      wife.token,
    );
    expect(fits.status).toBe(200);
    await request('CancelRequest', { RequestId: fits.body.data.id }, wife.token);
    const byAdmin = await request(
      'RequestByMemberToJoinAffinityGroup',
      { userId: wife.id, affinityGroup: limited.teens.affinityGroupName! },
      admin,
    );
    expect(byAdmin.status).toBe(200);
    expect((await pendingOf(wife.id)).map((r) => r.targetAffinityGroupId)).toEqual([limited.teens.id]);
  });

  it('refuses a change to a group that does not fit, and asks for the date of birth when it is missing', async () => {
    await setAffiliation(s, second.id, { zoneId: z.north.id, affinityGroup: [g.men.affinityGroupName!] });
    const change = await request(
      'RequestChangeOfAffinityGroup',
      { userId: second.id, newAffinityGroup: limited.teens.affinityGroupName! },
      second.token,
    );
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(
      `The ${limited.teens.affinityGroupName} affinity group is for members aged 13 to 19: add the date of birth to the profile first`,
    );
    expect(change.body.errors).toHaveProperty('newAffinityGroup');
  });
});
