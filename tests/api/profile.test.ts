import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, users } from '@/server/db/schema/index.js';
import { addAffinityGroup, addCenter, addDepartment, addLookups, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { serverWithMembers, type Account } from '@/tests/support/members.js';
import { addPerson, auditOf } from '@/tests/support/people.js';
import { createUser } from '@/tests/support/users.js';

/** The member's profile: biodata, church affiliation and departments. */

const { s, admin, member, other } = await serverWithMembers();
const inspector = await createUser(s, { role: 'inspectorate' });
afterAll(() => s.close());

const getBiodata = (userId: string, token: string) => s.call('GET', `/Biodata/GetBiodataByUserId?id=${userId}`, { token });
const updateBiodata = (body: Record<string, unknown>, token: string) => s.call('PUT', '/Biodata/UpdateBiodata', { body, token });
const createBiodata = (body: Record<string, unknown>, token: string) => s.call('POST', '/Biodata/CreateBiodata', { body, token });
const getAffiliation = (userId: string, token: string) =>
  s.call('GET', `/ChurchAffiliation/GetChurchAffiliationByUserId?id=${userId}`, { token });
const createAffiliation = (body: Record<string, unknown>, token: string) =>
  s.call('POST', '/ChurchAffiliation/CreateChurchAffiliation', { body, token });
const updateAffiliation = (body: Record<string, unknown>, token: string) =>
  s.call('PUT', '/ChurchAffiliation/UpdateChurchAffiliation', { body, token });

/** The member's biodata form as saved, with the fields given changed. */
async function formOf(account: Account, changes: Record<string, unknown> = {}) {
  const { body } = await getBiodata(account.id, account.token);
  const { id, userId, firstName, surName, email, mobile1 } = body.data;
  return { id, userId, firstName, surName, email, mobile1, ...changes };
}

const tomorrow = () => new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);

describe('reading biodata', () => {
  it('gives a member their own biodata, kept since sign-up', async () => {
    const res = await getBiodata(member.id, member.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: member.id,
      email: member.email,
      firstName: 'Ada',
      mobile1: '08012345678',
      demise: false,
    });
  });

  it("refuses a member another member's biodata (403)", async () => {
    const res = await getBiodata(other.id, member.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ succeeded: false, message: 'You are not authorised' });
  });

  it('lets those who view members read it', async () => {
    expect((await getBiodata(member.id, inspector.token)).status).toBe(200);
    expect((await getBiodata(member.id, admin)).status).toBe(200);
  });

  it("answers 'Biodata not found!' for a user without one", async () => {
    const res = await getBiodata('00000000-0000-4000-8000-000000000000', admin);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ succeeded: false, message: 'Biodata not found!' });
  });
});

describe('saving biodata', () => {
  it('updates one own biodata, replacing the form and keeping the account in step', async () => {
    const body = await formOf(member, {
      title: 'Mr',
      firstName: 'Adam',
      maidenName: 'Cole',
      country: 'Ghana',
      lga: 'Ikeja',
      maritalStatus: 'Married',
      employmentStatus: 'Employed',
      dateOfBirth: '1990-05-01',
    });
    const res = await updateBiodata(body, member.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successful');
    // Gender follows the title; maiden name (not Female) and LGA (not Nigeria) are not kept.
    expect(res.body.data).toMatchObject({ firstName: 'Adam', gender: 'Male', maidenName: null, lga: null, dateOfBirth: '1990-05-01' });
    const [account] = await s.database.db.select().from(users).where(eq(users.id, member.id));
    expect(account).toMatchObject({ firstName: 'Adam', title: 'Mr', gender: 'Male' });
    const trail = await auditOf(s, body.id);
    expect(trail.at(-1)).toMatchObject({ action: 'update', entity: 'biodata', actorId: member.id });
    expect((trail.at(-1)!.before as any).firstName).toBe('Ada');
  });

  it('clears a field the form leaves out, and keeps the LGA in Nigeria', async () => {
    await updateBiodata(await formOf(member, { address: '1 Main St' }), member.token);
    const res = await updateBiodata(await formOf(member, { country: 'Nigeria', lga: 'Ikeja' }), member.token);
    expect(res.body.data).toMatchObject({ address: null, country: 'Nigeria', lga: 'Ikeja' });
  });

  it("refuses a member another member's biodata, even with their own id in the query", async () => {
    const body = await formOf(other, { firstName: 'Hacked' });
    expect((await updateBiodata(body, member.token)).status).toBe(403);
    const sneaky = await s.call('PUT', `/Biodata/UpdateBiodata?userId=${member.id}`, { body, token: member.token });
    expect(sneaky.status).toBe(403);
    expect((await getBiodata(other.id, admin)).body.data.firstName).toBe('Ada');
  });

  it('refuses one own biodata to a user whose role lacks CAN_UPDATE_MEMBERS', async () => {
    await s.database.db.insert(roles).values({ name: 'observer' });
    const observer = await createUser(s, { role: 'observer' });
    const res = await updateBiodata(await formOf(observer, { firstName: 'Changed' }), observer.token);
    expect(res.status).toBe(403);
    expect((await getBiodata(observer.id, observer.token)).body.data.firstName).toBe('Ada');
  });

  it('lets an administrator update another member', async () => {
    const res = await updateBiodata(await formOf(other, { middleName: 'Grace' }), admin);
    expect(res.status).toBe(200);
    expect(res.body.data.middleName).toBe('Grace');
  });

  it('refuses to change the email or mobile 1 once set, for anyone', async () => {
    const email = await updateBiodata(await formOf(member, { email: 'new-address@example.org' }), admin);
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({
      message: 'Email cannot be changed once it is set',
      errors: { email: ['Email cannot be changed once it is set'] },
    });
    const mobile = await updateBiodata(await formOf(member, { mobile1: '08099999999' }), member.token);
    expect(mobile.status).toBe(400);
    expect(mobile.body.message).toBe('Mobile 1 cannot be changed once it is set');
  });

  it('accepts the same email in another letter case', async () => {
    const res = await updateBiodata(await formOf(member, { email: member.email.toUpperCase() }), member.token);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(member.email);
  });

  it('lets mobile 1 be set while it is empty', async () => {
    const userId = await addPerson(s);
    const { body } = await getBiodata(userId, admin);
    expect(body.data.mobile1).toBe('');
    const { id, firstName, surName, email } = body.data;
    const res = await updateBiodata({ id, userId, firstName, surName, email, mobile1: '08022222222' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.mobile1).toBe('08022222222');
  });

  it('refuses a date of birth in the future', async () => {
    const res = await updateBiodata(await formOf(member, { dateOfBirth: tomorrow() }), member.token);
    expect(res.status).toBe(400);
    expect(res.body.errors.dateOfBirth).toEqual(['Date of birth cannot be in the future']);
  });

  it("answers the spec's messages for missing required fields", async () => {
    const res = await updateBiodata({ userId: member.id }, member.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      firstName: ['First name is required'],
      surName: ['Last name is required'],
      email: ['Email is required'],
      mobile1: ['Mobile 1 is required'],
    });
    const bad = await updateBiodata(await formOf(member, { email: 'nope' }), member.token);
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address']);
  });

  it('keeps the status unless the caller may update demise members', async () => {
    const denied = await updateBiodata(await formOf(member, { demise: true }), member.token);
    expect(denied.status).toBe(403);
    const archived = await updateBiodata(await formOf(other, { demise: true }), admin);
    expect(archived.body.data.demise).toBe(true);
    // The member's own form leaves the status out: it stays Archived.
    const kept = await updateBiodata(await formOf(other, { placeOfBirth: 'Ibadan' }), other.token);
    expect(kept.status).toBe(200);
    expect(kept.body.data.demise).toBe(true);
    expect((await updateBiodata(await formOf(other, { demise: false }), other.token)).status).toBe(403);
    expect((await updateBiodata(await formOf(other, { demise: false }), admin)).body.data.demise).toBe(false);
  });

  it('creates when none exists and refuses a second create (409)', async () => {
    const again = await createBiodata(await formOf(member), member.token);
    expect(again.status).toBe(409);
    const userId = await addPerson(s);
    const { body } = await getBiodata(userId, admin);
    const removed = await s.call('DELETE', `/Biodata/DeleteBiodata?id=${body.data.id}`, { token: admin });
    expect(removed.body.message).toBe('Successfully Deleted');
    expect((await getBiodata(userId, admin)).status).toBe(404);
    const created = await createBiodata({ userId, firstName: 'Bola', surName: 'Ade', email: 'bola@example.org', mobile1: '0803' }, admin);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Successfully created profile');
    expect(created.body.data).not.toHaveProperty('id', body.data.id);
    expect((await auditOf(s, created.body.data.id))[0]).toMatchObject({ action: 'create', entity: 'biodata' });
    expect((await auditOf(s, body.data.id)).map((r) => r.action)).toContain('delete');
  });

  it("refuses to create another member's biodata, and for an unknown user answers 404", async () => {
    const body = { userId: other.id, firstName: 'X', surName: 'Y', email: 'x@example.org', mobile1: '1' };
    expect((await createBiodata(body, member.token)).status).toBe(403);
    const unknown = await createBiodata({ ...body, userId: '00000000-0000-4000-8000-000000000000' }, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found!');
  });
});

describe('GetAllBiodata and DeleteBiodata', () => {
  it('lists biodata with search, filters and paging for those who view members', async () => {
    const res = await s.call('GET', `/Biodata/GetAllBiodata?Search=${encodeURIComponent(member.email)}&PageSize=5`, {
      token: inspector.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.data[0].userId).toBe(member.id);
    await updateBiodata(await formOf(other, { maritalStatus: 'Widow' }), admin);
    const widows = await s.call('GET', '/Biodata/GetAllBiodata?MaritalStatus=Widow&SortBy=firstName', { token: admin });
    expect(widows.body.data.map((b: any) => b.userId)).toEqual([other.id]);
    expect(widows.body.totalCount).toBe(1);
  });

  it('refuses a member, and an unknown sort', async () => {
    expect((await s.call('GET', '/Biodata/GetAllBiodata', { token: member.token })).status).toBe(403);
    expect((await s.call('GET', '/Biodata/GetAllBiodata?SortBy=password', { token: admin })).status).toBe(400);
  });

  it("refuses DeleteBiodata to a member and answers 'Biodata not found!' for an unknown id", async () => {
    const { body } = await getBiodata(member.id, member.token);
    expect((await s.call('DELETE', `/Biodata/DeleteBiodata?id=${body.data.id}`, { token: member.token })).status).toBe(403);
    const res = await s.call('DELETE', '/Biodata/DeleteBiodata?id=00000000-0000-4000-8000-000000000000', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Biodata not found!');
  });
});

describe('church affiliation', () => {
  let zone: { id: string; zoneName: string };
  let center: { id: string; centerName: string };
  let otherZone: { id: string };
  let farCenter: { id: string };

  beforeAll(async () => {
    zone = await addZone(s);
    center = await addCenter(s, zone.id);
    otherZone = await addZone(s);
    farCenter = await addCenter(s, otherZone.id);
  });

  it("answers 'Church Affiliation not found!' before one exists", async () => {
    const res = await getAffiliation(member.id, member.token);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Church Affiliation not found!');
  });

  it('lets a member create their own with a zone and center', async () => {
    const res = await createAffiliation({ userId: member.id, zoneId: zone.id, centerId: center.id }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully Created');
    expect(res.body.data).toMatchObject({
      userId: member.id,
      zoneId: zone.id,
      cihZone: zone.zoneName,
      centerId: center.id,
      centerName: center.centerName,
      levelOfATS: null,
    });
    expect((await auditOf(s, res.body.data.id))[0]).toMatchObject({ action: 'create', entity: 'churchAffiliation' });
    expect((await createAffiliation({ userId: member.id }, member.token)).status).toBe(409);
  });

  it("refuses a member the other fields of their own affiliation (403), and any field of another's", async () => {
    const level = await updateAffiliation({ userId: member.id, zoneId: zone.id, levelOfATS: '2' }, member.token);
    expect(level.status).toBe(403);
    expect(level.body.message).toBe('On your own church affiliation you may change only the zone and the center');
    expect((await createAffiliation({ userId: other.id, zoneId: zone.id }, member.token)).status).toBe(403);
  });

  it('lets someone with CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS set every field of another member', async () => {
    const group = await addAffinityGroup(s);
    const { mountain, ministry, unit } = await addLookups(s);
    const res = await updateAffiliation(
      {
        userId: member.id,
        zoneId: zone.id,
        centerId: center.id,
        levelOfATS: '2',
        charteredMember: 'True',
        charteredMemberNumber: 'C-100',
        affinityGroup: [group.affinityGroupName.toUpperCase(), 'None'],
        mountainOfInfluence: mountain.toLowerCase(),
        ministry,
        unit,
      },
      inspector.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Details updated');
    // Names are kept in their own spelling; 'none' is no group.
    expect(res.body.data).toMatchObject({
      levelOfATS: '2',
      charteredMember: true,
      charteredMemberNumber: 'C-100',
      affinityGroup: [group.affinityGroupName],
      mountainOfInfluence: mountain,
      ministry,
      unit,
    });
    const trail = await auditOf(s, res.body.data.id);
    expect(trail.at(-1)).toMatchObject({ action: 'update', actorId: inspector.id });
  });

  it('refuses a placed member moving themselves (a change of zone is requested), keeping fields they leave out or send unchanged', async () => {
    const moved = await updateAffiliation({ userId: member.id, centerId: farCenter.id, levelOfATS: '2' }, member.token);
    expect(moved.status).toBe(403);
    expect(moved.body.message).toMatch(/request a change of zone \(RequestChangeOfCIHZone\)/);
    const kept = await updateAffiliation({ userId: member.id, centerId: center.id, levelOfATS: '2' }, member.token);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ zoneId: zone.id, centerId: center.id, levelOfATS: '2', charteredMemberNumber: 'C-100' });
    // The inspectorate moves them; a center alone brings its zone.
    const byInspector = await updateAffiliation(
      { userId: member.id, centerId: farCenter.id, levelOfATS: '2', charteredMember: true, charteredMemberNumber: 'C-100' },
      inspector.token,
    );
    expect(byInspector.status).toBe(200);
    expect(byInspector.body.data).toMatchObject({
      zoneId: otherZone.id,
      centerId: farCenter.id,
      levelOfATS: '2',
      charteredMemberNumber: 'C-100',
    });
  });

  it('keeps the charter number only at level 2 with charter membership', async () => {
    const res = await updateAffiliation(
      { userId: member.id, zoneId: zone.id, levelOfATS: '1', charteredMember: true, charteredMemberNumber: 'C-100' },
      admin,
    );
    expect(res.body.data).toMatchObject({ levelOfATS: '1', charteredMemberNumber: null });
  });

  it('refuses unknown zones, centers outside the zone and unknown groups (400)', async () => {
    const unknownZone = await updateAffiliation({ userId: member.id, zoneId: '00000000-0000-4000-8000-000000000000' }, admin);
    expect(unknownZone.status).toBe(400);
    expect(unknownZone.body.message).toBe('Unknown zone: 00000000-0000-4000-8000-000000000000');
    const mismatch = await updateAffiliation({ userId: member.id, zoneId: zone.id, centerId: farCenter.id }, member.token);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The center is not in the chosen zone');
    const group = await updateAffiliation({ userId: member.id, affinityGroup: ['No Such Group'] }, admin);
    expect(group.body.message).toBe('Unknown affinity group: No Such Group');
  });

  it("refuses a member another member's affiliation (403) and answers 404 on updating a missing one", async () => {
    expect((await getAffiliation(member.id, other.token)).status).toBe(403);
    const missing = await updateAffiliation({ userId: other.id, zoneId: zone.id }, admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Church Affiliation not found!');
  });

  it("names the member's primary department", async () => {
    const dept = await addDepartment(s);
    await joinDepartments(s, member.id, [dept.id]);
    expect((await getAffiliation(member.id, member.token)).body.data.department).toBe(dept.departmentName);
  });
});

describe("the member's departments", () => {
  let choir: { id: string; departmentName: string };
  let ushers: { id: string; departmentName: string };
  const list = (userId: string, token: string) => s.call('GET', `/Department/GetDepartmentByUserId?id=${userId}`, { token });
  const setPrimary = (userId: string, name: string, token: string) =>
    s.call('PUT', `/Department/SetPrimaryDepartment?UserId=${userId}&DepartmentName=${encodeURIComponent(name)}`, { token });

  beforeAll(async () => {
    choir = await addDepartment(s);
    ushers = await addDepartment(s);
    await joinDepartments(s, other.id, [choir.id, ushers.id]);
  });

  it('lists them with the primary marker, the primary first', async () => {
    const res = await list(other.id, other.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: any) => [d.departmentName, d.isPrimaryDepartment])).toEqual([
      [choir.departmentName, true],
      [ushers.departmentName, false],
    ]);
    expect((await list(other.id, member.token)).status).toBe(403);
  });

  it('sets the primary department and answers the list again', async () => {
    const res = await setPrimary(other.id, ushers.departmentName.toLowerCase(), other.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully set default department');
    expect(res.body.data[0]).toMatchObject({ departmentName: ushers.departmentName, isPrimaryDepartment: true });
    expect(res.body.data.filter((d: any) => d.isPrimaryDepartment)).toHaveLength(1);
    expect((await auditOf(s, other.id)).at(-1)).toMatchObject({
      action: 'setPrimaryDepartment',
      after: { primary: ushers.departmentName },
    });
  });

  it('refuses a department the member is not in, an unknown one, and another member', async () => {
    const outside = await addDepartment(s);
    const notIn = await setPrimary(other.id, outside.departmentName, other.token);
    expect(notIn.status).toBe(400);
    expect(notIn.body.message).toBe(`The member is not in the ${outside.departmentName} department`);
    expect((await setPrimary(other.id, 'No Such Department', other.token)).body.message).toBe('Unknown department: No Such Department');
    expect((await setPrimary(other.id, choir.departmentName, member.token)).status).toBe(403);
  });
});
