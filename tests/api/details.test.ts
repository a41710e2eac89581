import { afterAll, describe, expect, it } from 'vitest';
import { serverWithMembers } from '@/tests/support/members.js';
import { auditOf } from '@/tests/support/people.js';

/** The profile's details: spouse, employer, qualifications and children. */

const { s, admin, member, other } = await serverWithMembers();
afterAll(() => s.close());

const post = (controller: string, body: Record<string, unknown>, token: string) => s.call('POST', `/${controller}/Create`, { body, token });
const put = (controller: string, body: Record<string, unknown>, token: string) => s.call('PUT', `/${controller}/Update`, { body, token });
const get = (controller: string, userId: string, token: string) => s.call('GET', `/${controller}/GetByUserId?id=${userId}`, { token });
const remove = (controller: string, id: string, token: string) => s.call('DELETE', `/${controller}/Delete?id=${id}`, { token });

const future = () => new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);

const spouse = (userId: string, changes: Record<string, unknown> = {}) => ({
  userId,
  title: 'Mrs',
  firstName: 'Funke',
  surName: 'Obi',
  email: 'funke@example.org',
  mobile1: '08030000000',
  weddingAnniversary: '2015-04-11',
  ...changes,
});

describe('one-per-member details: spouse and employer', () => {
  it.each([
    ['Spouse', 'Spouse Detail not found!'],
    ['Employer', 'Employer not found!'],
  ])('%s answers its not-found text before one exists', async (controller, text) => {
    const res = await get(controller, member.id, member.token);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ succeeded: false, message: text });
    const update = await put(controller, controller === 'Spouse' ? spouse(member.id) : { userId: member.id }, member.token);
    expect(update.status).toBe(404);
    expect(update.body.message).toBe(text);
  });

  it('creates the spouse, refuses a second create, then updates it', async () => {
    const created = await post('Spouse', spouse(member.id), member.token);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Successfully Created');
    expect(created.body.data).toMatchObject({ userId: member.id, firstName: 'Funke', weddingAnniversary: '2015-04-11' });
    const again = await post('Spouse', spouse(member.id), member.token);
    expect(again.status).toBe(409);
    const updated = await put('Spouse', spouse(member.id, { firstName: 'Folake', weddingAnniversary: undefined }), member.token);
    expect(updated.body.message).toBe('Details updated');
    // The update replaces the form: a field left out is cleared.
    expect(updated.body.data).toMatchObject({ id: created.body.data.id, firstName: 'Folake', weddingAnniversary: null });
    expect((await get('Spouse', member.id, member.token)).body.data.firstName).toBe('Folake');
    const trail = await auditOf(s, created.body.data.id);
    expect(trail.map((r) => [r.action, r.entity])).toEqual([
      ['create', 'spouse'],
      ['update', 'spouse'],
    ]);
  });

  it('validates the spouse like the personal information', async () => {
    const res = await post('Spouse', { userId: other.id, email: 'bad' }, other.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      firstName: ['First name is required'],
      surName: ['Last name is required'],
      email: ['Please enter a valid email address'],
      mobile1: ['Mobile 1 is required'],
    });
    const later = await post('Spouse', spouse(other.id, { dateOfBirth: future() }), other.token);
    expect(later.body.errors.dateOfBirth).toEqual(['Date of birth cannot be in the future']);
  });

  it('creates an employer from optional fields only, and checks the sub-sector', async () => {
    const empty = await post('Employer', { userId: member.id }, member.token);
    expect(empty.status).toBe(200);
    const wrong = await put('Employer', { userId: member.id, sector: 'Healthcare', subSector: 'Poultry' }, member.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.subSector).toEqual(['Choose a sub-sector of the chosen sector']);
    const right = await put(
      'Employer',
      { userId: member.id, employerName: 'Farmco', sector: 'Agriculture', subSector: 'Poultry' },
      member.token,
    );
    expect(right.body.data).toMatchObject({ id: empty.body.data.id, employerName: 'Farmco', sector: 'Agriculture', subSector: 'Poultry' });
  });

  it("refuses a member another member's spouse and employer, and lets an administrator in", async () => {
    expect((await get('Spouse', member.id, other.token)).status).toBe(403);
    expect((await post('Employer', { userId: member.id }, other.token)).status).toBe(403);
    expect((await put('Spouse', spouse(member.id), other.token)).status).toBe(403);
    expect((await get('Employer', member.id, admin)).status).toBe(200);
    const byAdmin = await post('Spouse', spouse(other.id), admin);
    expect(byAdmin.status).toBe(200);
    expect((await auditOf(s, byAdmin.body.data.id))[0].actorId).not.toBe(other.id);
  });
});

describe('qualifications', () => {
  it("requires the highest qualification ('This field is required')", async () => {
    const res = await post('Qualification', { userId: member.id }, member.token);
    expect(res.status).toBe(400);
    expect(res.body.errors.highestQualification).toEqual(['This field is required']);
  });

  it('adds several, updates one by id and deletes one', async () => {
    const first = await post('Qualification', { userId: member.id, highestQualification: 'OND' }, member.token);
    const second = await post(
      'Qualification',
      { userId: member.id, highestQualification: 'HND', professionalQualification: 'ICAN' },
      member.token,
    );
    expect(first.body.message).toBe('Successfully Created');
    const list = await get('Qualification', member.id, member.token);
    expect(list.body.data.map((q: any) => q.highestQualification)).toEqual(['OND', 'HND']);
    const updated = await put('Qualification', { id: first.body.data.id, userId: member.id, highestQualification: 'B.Sc' }, member.token);
    expect(updated.body.data).toMatchObject({ id: first.body.data.id, highestQualification: 'B.Sc' });
    const deleted = await remove('Qualification', second.body.data.id, member.token);
    expect(deleted.body.message).toBe('Successfully Deleted');
    expect((await get('Qualification', member.id, member.token)).body.data).toHaveLength(1);
    expect((await auditOf(s, second.body.data.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it("refuses another member's qualification, whichever way it is named", async () => {
    const theirs = await post('Qualification', { userId: other.id, highestQualification: 'OND' }, other.token);
    const id = theirs.body.data.id;
    // Their record's id under one's own userId: not found among one's own.
    const disguised = await put('Qualification', { id, userId: member.id, highestQualification: 'HND' }, member.token);
    expect(disguised.status).toBe(404);
    expect(disguised.body.message).toBe('Qualification not found!');
    expect((await remove('Qualification', id, member.token)).status).toBe(403);
    expect((await get('Qualification', other.id, admin)).body.data[0].highestQualification).toBe('OND');
    expect((await remove('Qualification', id, admin)).status).toBe(200);
    expect((await remove('Qualification', id, admin)).status).toBe(404);
  });
});

describe('children', () => {
  const child = (changes: Record<string, unknown>) => ({ userId: member.id, firstName: 'Tobi', surName: 'Obi', ...changes });

  it('lists children by date of birth, oldest first', async () => {
    for (const [firstName, dateOfBirth] of [
      ['Second', '2012-03-01'],
      ['Undated', undefined],
      ['First', '2010-07-15'],
    ]) {
      expect((await post('Children', child({ firstName, dateOfBirth }), member.token)).status).toBe(200);
    }
    const res = await get('Children', member.id, member.token);
    expect(res.body.data.map((c: any) => c.firstName)).toEqual(['First', 'Second', 'Undated']);
  });

  it('requires a numeric position in the edit form only', async () => {
    const created = await post('Children', child({ firstName: 'Kemi' }), member.token);
    expect(created.body.data.position).toBeNull();
    const id = created.body.data.id;
    const missing = await put('Children', child({ id, firstName: 'Kemi' }), member.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.position).toEqual(['Position field is required']);
    const text = await put('Children', child({ id, firstName: 'Kemi', position: 'second' }), member.token);
    expect(text.body.errors.position).toEqual(['Position must be a number']);
    const ok = await put('Children', child({ id, firstName: 'Kemi', position: '2' }), member.token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.position).toBe(2);
  });

  it('refuses a future date of birth and another member, and deletes', async () => {
    expect((await post('Children', child({ dateOfBirth: future() }), member.token)).body.errors.dateOfBirth).toEqual([
      'Date of birth cannot be in the future',
    ]);
    expect((await post('Children', child({}), other.token)).status).toBe(403);
    expect((await get('Children', member.id, other.token)).status).toBe(403);
    const created = await post('Children', child({ firstName: 'Gone' }), member.token);
    expect((await remove('Children', created.body.data.id, other.token)).status).toBe(403);
    expect((await remove('Children', created.body.data.id, member.token)).body.message).toBe('Successfully Deleted');
    const again = await remove('Children', created.body.data.id, member.token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Child not found!');
  });
});
