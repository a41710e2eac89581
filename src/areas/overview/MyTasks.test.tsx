// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, type ApiCall } from '@/tests/support/adminScreen';
import { MyTasks } from './MyTasks';

const api = fakeApi();
const MEMBER = ['CAN_UPDATE_MEMBERS'];
const pending = {
  id: 'r1',
  kind: 'joinDepartment',
  status: 'pending',
  reason: 'I sing',
  requester: { id: 'u-1', fullName: 'Ada Obi' },
  targetDepartmentName: 'Ushering',
  createdAt: '2025-05-02T10:00:00.000Z',
};

function showTasks(roles: string[], biodata: object | 404) {
  signInWith(MEMBER, { id: 'u-1', fullName: 'Ada Obi', roles });
  api.on('GET /ChurchAffiliation/GetUserRequestLog', (call: ApiCall) => rows(call.query.Status === 'pending' ? [pending] : [], 1));
  const has = { biodata: biodata !== 404, churchAffiliation: true, employer: false, spouse: false };
  api.on('GET /UserManagement/GetUserbyId', () => ok({ id: 'u-1', email: 'ada@example.org', fullName: 'Ada Obi', has }));
  api.on('GET /ChurchAffiliation/GetChurchAffiliationByUserId', () => ok({ id: 'a1', cihZone: 'Lekki Zone', centerName: 'Ajah Center' }));
  api.on('GET /Biodata/GetBiodataByUserId', () => (biodata === 404 ? refusal(404, 'Biodata not found') : ok(biodata)));
  api.on('GET /Department/GetDepartmentByUserId', () => ok([{ departmentId: 'd1', departmentName: 'Choir', isPrimaryDepartment: true }]));
  api.on('GET /Department/GetAllDepartmentByTotal', () =>
    rows([
      { id: 'd1', departmentName: 'Choir', hodId: 'u-1', memberCount: 12 },
      { id: 'd2', departmentName: 'Ushering', hodId: 'u-9', memberCount: 4 },
    ]),
  );
  renderScreen(<MyTasks />, { path: '/overview' });
}

describe("the overview's things to act on", () => {
  it('shows a member their pending request, department, center and what the profile lacks', async () => {
    showTasks(['member'], { id: 'b1', dateOfBirth: '1990-03-14', maritalStatus: 'Single', address: '7 Addo Road' });
    expect(await screen.findByText('Your pending requests (1)')).toBeTruthy();
    expect(await screen.findByText('Join a department')).toBeTruthy();
    expect(await screen.findByText('Department: Choir')).toBeTruthy();
    expect(await screen.findByText('CIH center: Ajah Center, Lekki Zone')).toBeTruthy();
    const missing = await screen.findByRole('list', { name: 'Complete your profile' });
    const items = within(missing)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Employment status', 'Nationality', 'State of origin', 'Place of birth']);
    // a member heads nothing and decides nothing: no department list, no queue asked for
    expect(api.callsTo('GET /Department/GetAllDepartmentByTotal')).toEqual([]);
    expect(api.callsTo('GET /ChurchAffiliation/GetHodRequests')).toEqual([]);
  });

  it('lists every profile field as missing before the first save, without asking for the absent biodata', async () => {
    showTasks(['member'], 404);
    const missing = await screen.findByRole('list', { name: 'Complete your profile' });
    expect(within(missing).getAllByRole('listitem')).toHaveLength(7);
    expect(api.callsTo('GET /Biodata/GetBiodataByUserId')).toEqual([]);
  });

  it('shows a head of department the size of the department they head', async () => {
    showTasks(['hod'], { id: 'b1' });
    expect(await screen.findByText('Choir: 12 members')).toBeTruthy();
    expect(screen.queryByText(/Ushering: /)).toBeNull();
  });
});
