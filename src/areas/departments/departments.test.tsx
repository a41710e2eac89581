// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { DepartmentList } from './DepartmentList';
import { DepartmentShow } from './DepartmentShow';

const api = fakeApi();

const ID = {
  choir: '00000000-0000-4000-8000-0000000000d1',
  emeka: '00000000-0000-4000-8000-0000000000e1',
  tunde: '00000000-0000-4000-8000-0000000000e2',
  ngozi: '00000000-0000-4000-8000-0000000000e3',
};
const CHOIR = {
  id: ID.choir,
  departmentName: 'Choir',
  description: 'Leads praise and worship',
  hodId: ID.emeka,
  hodName: 'Emeka Nwosu',
  memberCount: 2,
};
const member = (id: string, firstName: string, lastName: string, extra: object) => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${firstName.toLowerCase()}@example.org`,
  ...extra,
});
const MEMBERS = [
  member(ID.emeka, 'Emeka', 'Nwosu', { isHead: true, isPrimaryDepartment: true }),
  member(ID.tunde, 'Tunde', 'Adebayo', { isHead: false, isPrimaryDepartment: false }),
];
const DELISTED = {
  id: 'dl-1',
  userId: ID.ngozi,
  fullName: 'Ngozi Eze',
  email: 'ngozi@example.org',
  departmentId: ID.choir,
  departmentName: 'Choir',
  reason: 'Relocated to Abuja',
  delistedByName: 'Ada Admin',
  delistedAt: '2025-03-04T10:00:00.000Z',
};
const MANAGER = ['CAN_VIEW_DEPARTMENT', 'CAN_CREATE_DEPARTMENT', 'CAN_UPDATE_DEPARTMENT', 'CAN_DELETE_DEPARTMENT', 'CAN_VIEW_MEMBERS'];

function showChoir(permissions = MANAGER) {
  signInWith(permissions);
  api.on('GET /Department/GetDepartmentById', () => ok(CHOIR));
  api.on('GET /Department/GetDepartmentMembers', (call) =>
    rows(call.query.Search ? MEMBERS.filter((m) => m.firstName.toLowerCase().startsWith(call.query.Search)) : MEMBERS),
  );
  api.on('GET /ChurchAffiliation/GetDelistedMembers', () => rows([DELISTED]));
  renderScreen(<DepartmentShow />, { path: '/departments/view/:name/:id/:hodid', at: `/departments/view/Choir/${ID.choir}/${ID.emeka}` });
}

const rowOf = (name: RegExp) => findRow(name);

describe('the department view', () => {
  it('shows the department, its head and its members, the head marked and not delistable', async () => {
    showChoir();
    expect(await screen.findByText('Leads praise and worship')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Choir' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Emeka Nwosu' }).getAttribute('href')).toBe(`/profile/${ID.emeka}`);
    const head = within(await rowOf(/Nwosu/));
    expect(head.getByText('Head')).toBeTruthy();
    expect(head.getByText('Primary')).toBeTruthy();
    expect(await within(await rowOf(/Adebayo/)).findByRole('button', { name: 'Delist Tunde Adebayo' })).toBeTruthy();
    expect(head.queryByRole('button', { name: /Delist/ })).toBeNull();
    expect(api.callsTo('GET /Department/GetDepartmentMembers')[0].query).toEqual({
      id: ID.choir,
      PageNumber: '1',
      PageSize: '10',
      SortBy: 'default',
      SortOrder: 'asc',
    });

    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'tun' } });
    await waitFor(() => expect(screen.queryByText('Nwosu')).toBeNull());
    expect(api.calls.at(-1)?.query).toMatchObject({ id: ID.choir, Search: 'tun' });
  });

  it('delists a member only with a reason, through PUT DelistMemberFromDepartment', async () => {
    showChoir();
    api.on('PUT /ChurchAffiliation/DelistMemberFromDepartment', () =>
      ok({ id: 'dl-2' }, { message: 'Member delisted from the department' }),
    );
    fireEvent.click(await within(await rowOf(/Adebayo/)).findByRole('button', { name: 'Delist Tunde Adebayo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delist Tunde Adebayo from Choir' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delist' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    expect(api.callsTo('PUT /ChurchAffiliation/DelistMemberFromDepartment')).toHaveLength(0);

    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Moved to another city' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT /ChurchAffiliation/DelistMemberFromDepartment')[0].query).toEqual({
      UserId: ID.tunde,
      DepartmentName: 'Choir',
      Reason: 'Moved to another city',
    });
    expect(await screen.findByText('Member delisted from the department', undefined)).toBeTruthy();
  });

  it('keeps the dialog open with the server refusal', async () => {
    showChoir();
    api.on('PUT /ChurchAffiliation/DelistMemberFromDepartment', () => refusal(403, 'Only the head of this department may do this'));
    fireEvent.click(await within(await rowOf(/Adebayo/)).findByRole('button', { name: 'Delist Tunde Adebayo' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), { target: { value: 'No longer attends' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delist' }));
    expect(await dialog.findByText('Only the head of this department may do this')).toBeTruthy();
  });

  it('lists the delisted members with who, why and when, and undoes a delisting', async () => {
    showChoir();
    api.on('DELETE /ChurchAffiliation/DelistMemberFromDepartment', () => ok({ id: 'dl-1' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Delisted members' }));
    const row = within(await rowOf(/Ngozi Eze/));
    expect(row.getByText('Relocated to Abuja')).toBeTruthy();
    expect(row.getByText('Ada Admin')).toBeTruthy();
    expect(row.getByText(/2025/)).toBeTruthy();
    expect(api.callsTo('GET /ChurchAffiliation/GetDelistedMembers')[0].query).toMatchObject({ DepartmentId: ID.choir });

    fireEvent.click(await row.findByRole('button', { name: 'Undo Ngozi Eze' }));
    expect(await screen.findByText('Delisting undone: the member is back in the department')).toBeTruthy();
    expect(api.callsTo('DELETE /ChurchAffiliation/DelistMemberFromDepartment')[0].query).toEqual({
      UserId: ID.ngozi,
      DepartmentName: 'Choir',
    });
  });

  it('says how members join a department that has none, and that nobody was delisted', async () => {
    showChoir();
    api.on('GET /Department/GetDepartmentMembers', () => rows([]));
    api.on('GET /ChurchAffiliation/GetDelistedMembers', () => rows([]));
    expect(await screen.findByText(/This department has no members yet/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: 'Delisted members' }));
    expect(await screen.findByText('Nobody has been delisted from this department.')).toBeTruthy();
  });

  it('offers neither delist nor undo to a user who may only view departments', async () => {
    showChoir(['CAN_VIEW_DEPARTMENT']);
    await rowOf(/Adebayo/);
    expect(screen.queryByRole('button', { name: /Delist/ })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Delisted members' }));
    await rowOf(/Ngozi Eze/);
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });
});

describe('the departments list', () => {
  function showDepartments() {
    signInWith(MANAGER);
    api.on('GET /Department/GetAllDepartmentByTotal', () => rows([CHOIR]));
    api.on('GET /Department/GetDepartmentById', () => ok(CHOIR));
    api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows(MEMBERS));
    renderScreen(<DepartmentList />, { path: '/departments' });
  }

  it('shows each department with its head and member count, and links to its view', async () => {
    showDepartments();
    const row = within(await rowOf(/Choir/));
    expect(row.getByText('Emeka Nwosu')).toBeTruthy();
    expect(row.getByText('2')).toBeTruthy();
    expect(row.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/departments/view/Choir/${ID.choir}/${ID.emeka}`);
  });

  it('shows the refusal to delete a department that has members', async () => {
    showDepartments();
    api.on('DELETE /Department/DeleteDepartment', () => refusal(409, 'This department has 2 members; move them before deleting it.'));
    fireEvent.click(await within(await rowOf(/Choir/)).findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete "Choir"?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This department has 2 members; move them before deleting it.')).toBeTruthy();
  });

  it("offers as head only the department's own members when editing", async () => {
    showDepartments();
    fireEvent.click(await within(await rowOf(/Choir/)).findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Choir' }));
    await waitFor(() =>
      expect((dialog.getByRole('combobox', { name: 'Head of department' }) as HTMLInputElement).value).toMatch(/^Emeka Nwosu/),
    );
    expect(api.callsTo('GET /ChurchAffiliation/GetMemberQuery').every((c) => c.query.DepartmentId === ID.choir)).toBe(true);
  });
});
