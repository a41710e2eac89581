import { afterAll, describe, expect, it } from 'vitest';
import { STALE_RECORD } from '@/server/engines/versions.js';
import { serverWithMembers } from '@/tests/support/members.js';

/**
 * No silent lost update: a save carries the record's updatedAt as its form loaded it. Two people
 * open one record; the first save wins, the second answers 409 and changes nothing.
 */
const { s, admin, member } = await serverWithMembers();
afterAll(() => s.close());

type Form = Record<string, unknown>;
type Answer = { status: number; body: any };

const ok = (res: Answer) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** Both load the record; the first saves `field`, then the second saves it from the same load. */
async function twoEditors(load: () => Promise<Form>, save: (form: Form) => Promise<Answer>, field: string) {
  const first = await load();
  const second = await load();
  expect(first.updatedAt).toEqual(expect.any(String));
  ok(await save({ ...first, [field]: 'Saved by the first' }));
  const stale = await save({ ...second, [field]: 'Saved by the second' });
  expect(stale.status).toBe(409);
  expect(stale.body).toMatchObject({ succeeded: false, message: STALE_RECORD });
  expect((await load())[field]).toBe('Saved by the first');
  // Reloaded, the second editor saves over the current version.
  ok(await save({ ...(await load()), [field]: 'Saved after a reload' }));
  expect((await load())[field]).toBe('Saved after a reload');
}

const get = async (path: string) => ok(await s.call('GET', path, { token: admin }));
const put = (path: string) => (body: Form) => s.call('PUT', path, { body, token: admin });

describe('a stale save answers 409 and the first save stands', () => {
  it('biodata', async () => {
    const load = async () => {
      const { id, userId, firstName, surName, email, mobile1, middleName, updatedAt } = await get(
        `/Biodata/GetBiodataByUserId?id=${member.id}`,
      );
      return { id, userId, firstName, surName, email, mobile1, middleName, updatedAt };
    };
    await twoEditors(load, put('/Biodata/UpdateBiodata'), 'middleName');
  });

  it('a profile detail (spouse)', async () => {
    ok(
      await s.call('POST', '/Spouse/Create', {
        body: { userId: member.id, title: 'Mrs', firstName: 'Funke', surName: 'Obi', email: 'funke@example.org', mobile1: '08030000000' },
        token: admin,
      }),
    );
    const load = async () => {
      const { id, userId, title, firstName, surName, email, mobile1, updatedAt } = await get(`/Spouse/GetByUserId?id=${member.id}`);
      return { id, userId, title, firstName, surName, email, mobile1, updatedAt };
    };
    await twoEditors(load, put('/Spouse/Update'), 'firstName');
  });

  it('a profile row (qualification), as its list loads it', async () => {
    const created = ok(
      await s.call('POST', '/Qualification/Create', {
        body: { userId: member.id, highestQualification: 'OND', professionalQualification: 'ICAN' },
        token: admin,
      }),
    );
    const load = async () => {
      const rows = await get(`/Qualification/GetByUserId?id=${member.id}`);
      const { id, userId, highestQualification, professionalQualification, updatedAt } = rows.find((r: Form) => r.id === created.id);
      return { id, userId, highestQualification, professionalQualification, updatedAt };
    };
    await twoEditors(load, put('/Qualification/Update'), 'professionalQualification');
  });

  it('the church affiliation', async () => {
    ok(await s.call('POST', '/ChurchAffiliation/CreateChurchAffiliation', { body: { userId: member.id }, token: admin }));
    const load = async () => {
      const { id, userId, cihAddress, updatedAt } = await get(`/ChurchAffiliation/GetChurchAffiliationByUserId?id=${member.id}`);
      return { id, userId, cihAddress, updatedAt };
    };
    await twoEditors(load, put('/ChurchAffiliation/UpdateChurchAffiliation'), 'cihAddress');
  });

  it('a lookup (ministry), a department and a zone', async () => {
    const ministry = ok(await s.call('POST', '/Ministry/Create', { body: { name: 'Stale ministry', code: 'STM' }, token: admin }));
    await twoEditors(() => get(`/Ministry/GetById?id=${ministry.id}`), put('/Ministry/Update'), 'description');
    const dept = ok(await s.call('POST', '/Department/CreateDepartment', { body: { departmentName: 'Stale department' }, token: admin }));
    await twoEditors(() => get(`/Department/GetDepartmentById?id=${dept.id}`), put('/Department/UpdateDepartment'), 'description');
    const zone = ok(await s.call('POST', '/CIHZone/Create', { body: { zoneName: 'Stale zone' }, token: admin }));
    await twoEditors(() => get(`/CIHZone/GetById?id=${zone.id}`), put('/CIHZone/Update'), 'description');
  });

  it('a role', async () => {
    const role = ok(await s.call('POST', '/Roles/CreateRole', { body: { name: 'Stale role' }, token: admin }));
    // GetRole is what the role editor's Reload reads.
    const load = async () => {
      const { id, name, description, updatedAt, permissions } = await get(`/Roles/GetRole?RoleId=${role.id}`);
      expect(permissions).toEqual([]);
      return { id, name, description, updatedAt };
    };
    await twoEditors(load, put('/Roles/UpdateRole'), 'description');
  });
});

describe('the version sent', () => {
  it('is not required: a call without updatedAt saves as before', async () => {
    const ministry = ok(await s.call('POST', '/Ministry/Create', { body: { name: 'Unversioned', code: 'UNV' }, token: admin }));
    ok(
      await s.call('PUT', '/Ministry/Update', {
        body: { id: ministry.id, name: 'Unversioned', code: 'UNV', description: 'x' },
        token: admin,
      }),
    );
  });

  it('must be a date and time when sent (400)', async () => {
    const ministry = ok(await s.call('POST', '/Ministry/Create', { body: { name: 'Bad version', code: 'BDV' }, token: admin }));
    const res = await s.call('PUT', '/Ministry/Update', {
      body: { id: ministry.id, name: 'Bad version', updatedAt: 'yesterday' },
      token: admin,
    });
    expect(res.status).toBe(400);
  });
});
