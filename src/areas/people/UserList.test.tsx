// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { UserList } from './UserList';

const api = fakeApi();

const user = (id: string, fullName: string, disabled: boolean, roles = ['member']) => ({
  id,
  fullName,
  email: `${fullName.split(' ')[0].toLowerCase()}@example.org`,
  roles,
  disabled,
  status: disabled ? 'disabled' : 'active',
});

const MANAGER = ['CAN_VIEW_USER_MANAGEMENT', 'CAN_UPDATE_USER_MANAGEMENT'];

/** The list answers the accounts as they stand; Disable and Enable change them. */
function showUsers(permissions = MANAGER) {
  const accounts = new Map(
    [user('u2', 'Ann Lee', false), user('u3', 'Bayo Obi', true, ['hod']), user('u-admin', 'Ada Admin', false, ['administrator'])].map(
      (u) => [u.id, u],
    ),
  );
  const setDisabled = (disabled: boolean) => (call: { query: Record<string, string> }) => {
    const account = accounts.get(call.query.UserId)!;
    accounts.set(account.id, { ...account, disabled, status: disabled ? 'disabled' : 'active' });
    return ok({ id: account.id, disabled }, { message: disabled ? 'User disabled' : 'User enabled' });
  };
  signInWith(permissions);
  api.on('GET /Admin/GetAllUsers', () => rows([...accounts.values()]));
  api.on('GET /Admin/GetPlatformAdminRoles', () =>
    ok([
      { id: 'r1', name: 'member' },
      { id: 'r2', name: 'hod' },
    ]),
  );
  api.on('GET /Admin/GetCIHRoles', () => ok([{ id: 'r5', name: 'cihpastor' }]));
  api.on('GET /CIHZone/GetAll', () => rows([]));
  api.on('GET /Department/GetAllDepartment', () => rows([]));
  api.on('DELETE /Admin/DisableUser', setDisabled(true));
  api.on('DELETE /Admin/EnableUser', setDisabled(false));
  renderScreen(<UserList />, { path: '/users-management' });
}

const rowOf = (name: string) => findRow(new RegExp(name));

describe('enabling and disabling users', () => {
  it('disables a user only once confirmed, then shows the new state', async () => {
    showUsers();
    const ann = within(await rowOf('Ann Lee'));
    expect(ann.getByText('Enabled')).toBeTruthy();
    fireEvent.click(await ann.findByRole('button', { name: 'Disable Ann Lee' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Disable Ann Lee?')).toBeTruthy();
    expect(within(dialog).getByText(/cannot log in until their account is enabled again/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /Admin/DisableUser')).toHaveLength(0);

    fireEvent.click(ann.getByRole('button', { name: 'Disable Ann Lee' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User disabled')).toBeTruthy();
    expect(api.callsTo('DELETE /Admin/DisableUser').map((c) => c.query)).toEqual([{ UserId: 'u2' }]);
    const after = within(await rowOf('Ann Lee'));
    expect(await after.findByText('Disabled')).toBeTruthy();
    expect(await after.findByRole('button', { name: 'Enable Ann Lee' })).toBeTruthy();
  });

  it('enables a disabled user after confirming', async () => {
    showUsers();
    const bayo = within(await rowOf('Bayo Obi'));
    expect(bayo.getByText('Disabled')).toBeTruthy();
    fireEvent.click(await bayo.findByRole('button', { name: 'Enable Bayo Obi' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User enabled')).toBeTruthy();
    expect(api.callsTo('DELETE /Admin/EnableUser').map((c) => c.query)).toEqual([{ UserId: 'u3' }]);
    expect(await within(await rowOf('Bayo Obi')).findByText('Enabled')).toBeTruthy();
  });

  it("shows the server's refusal and leaves the state as it was", async () => {
    showUsers();
    api.on('DELETE /Admin/DisableUser', () => refusal(403, 'You are not authorised'));
    const ann = within(await rowOf('Ann Lee'));
    fireEvent.click(await ann.findByRole('button', { name: 'Disable Ann Lee' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('You are not authorised')).toBeTruthy();
    expect(ann.getByText('Enabled')).toBeTruthy();
  });

  it('offers no switch on one’s own row (the server refuses disabling oneself)', async () => {
    showUsers();
    const own = within(await rowOf('Ada Admin'));
    await within(await rowOf('Ann Lee')).findByRole('button', { name: 'Disable Ann Lee' });
    expect(own.queryByRole('button', { name: /Disable/ })).toBeNull();
  });

  it('shows the state but no switch to a viewer', async () => {
    showUsers(['CAN_VIEW_USER_MANAGEMENT']);
    const ann = within(await rowOf('Ann Lee'));
    expect(ann.getByText('Enabled')).toBeTruthy();
    expect(ann.getByText('Member')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Disable|Enable) / })).toBeNull();
  });
});
