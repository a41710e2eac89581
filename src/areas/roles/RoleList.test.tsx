// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { RoleList } from './RoleList';

const api = fakeApi();

const ROLES = [
  { id: 'r-admin', name: 'administrator', description: 'Runs the whole platform', isSystem: true, userCount: 1, permissionCount: 91 },
  { id: 'r7', name: 'Ushers', description: 'Seat people', isSystem: false, userCount: 2, permissionCount: 2 },
];
const MANAGER = ['CAN_VIEW_ROLES', 'CAN_CREATE_ROLES', 'CAN_UPDATE_ROLES', 'CAN_DELETE_ROLES'];

function showRoles() {
  signInWith(MANAGER);
  api.on('GET /Roles/GetPlatformRoles', () => rows(ROLES));
  renderScreen(<RoleList />, { path: '/roles-management' });
}

const rowOf = (name: string) => findRow(new RegExp(name));

describe('the roles list', () => {
  it('shows each role with its user and permission counts, and says when changes take effect', async () => {
    showRoles();
    const ushers = within(await rowOf('Ushers'));
    expect(ushers.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['Seat people', '2']));
    expect(within(await rowOf('Administrator')).getByText('Built in')).toBeTruthy();
    expect(
      screen.getByText('A change to roles or permissions takes effect at once: the holder’s next action is judged by it.'),
    ).toBeTruthy();
  });

  it("shows the server's refusal to delete a role that users hold, and offers no delete for built-in roles", async () => {
    showRoles();
    const message = 'The role "Ushers" is held by 2 users; take it from them before deleting it.';
    api.on('DELETE /Roles/DeleteRole', () => refusal(409, message));
    fireEvent.click(await within(await rowOf('Ushers')).findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete "Ushers"?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.callsTo('DELETE /Roles/DeleteRole')[0].query).toEqual({ RoleId: 'r7' });
    expect(within(await rowOf('Administrator')).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes a role nobody holds', async () => {
    showRoles();
    api.on('DELETE /Roles/DeleteRole', () => ok(null, { message: 'Successfully Deleted' }));
    fireEvent.click(await within(await rowOf('Ushers')).findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete "Ushers"?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Successfully Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /Roles/DeleteRole')).toHaveLength(1);
  });
});
