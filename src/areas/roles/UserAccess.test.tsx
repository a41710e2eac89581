// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { UserAccess } from './UserAccess';

const api = fakeApi();

const ADA = { id: 'u1', fullName: 'Adaeze Okafor', email: 'member@example.org' };
const MODULES = [
  { moduleName: 'Members', accessRights: ['CAN_VIEW', 'CAN_CREATE'] },
  { moduleName: 'Department', accessRights: ['CAN_VIEW', 'CAN_UPDATE'] },
];
const effective = (accessRight: string, moduleName: string) => ({
  accessRight,
  moduleName,
  permission: `${accessRight}_${moduleName.toUpperCase()}`,
});
const GRANTS = {
  userId: ADA.id,
  roles: [
    { id: 'r-member', name: 'member', extraPermissions: [] },
    { id: 'r7', name: 'Ushers', extraPermissions: ['CAN_CREATE_MEMBERS'] },
  ],
  cihRole: 'cihcoordinator',
  permissions: [effective('CAN_VIEW', 'Members'), effective('CAN_CREATE', 'Members'), effective('CAN_VIEW', 'Department')],
};

/** The roles manager picks Adaeze; the API answers her grants, the roles and the catalogue. */
async function pickAda(permissions = ['CAN_VIEW_ROLES', 'CAN_UPDATE_ROLES']) {
  signInWith(permissions);
  api.on('GET /Admin/GetAllUsers', () => rows([ADA]));
  api.on('GET /Roles/GetUserRoles', () => ok(GRANTS));
  api.on('GET /Roles/GetPlatformRoles', () =>
    rows([
      { id: 'r-first', name: 'firsttimers' },
      { id: 'r-hod', name: 'hod' },
      { id: 'r7', name: 'Ushers' },
    ]),
  );
  api.on('GET /Roles/GetPlatformModules', () => ok(MODULES));
  api.on('GET /Roles/GetRolePermissions', () => ok([effective('CAN_VIEW', 'Department')]));
  api.on('POST /Roles/AssignPermissions', () => ok(GRANTS, { message: 'Role and permissions assigned. Changes take effect at once.' }));
  api.on('DELETE /Roles/RemovePermission', () => ok(GRANTS, { message: 'Role removed. Changes take effect at once.' }));
  renderScreen(<UserAccess />, { path: '/' });
  fireEvent.change(await screen.findByRole('combobox', { name: 'User' }), { target: { value: 'member@' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Adaeze Okafor (member@example.org)' }));
  return screen.findByRole('heading', { name: 'Roles of Adaeze Okafor' });
}

describe("a user's roles and permissions", () => {
  it('shows the roles with their extra permissions, the CIH role and the effective permissions by module', async () => {
    await pickAda();
    expect(api.callsTo('GET /Roles/GetUserRoles')[0].query).toEqual({ UserId: 'u1' });
    expect(within(screen.getByRole('row', { name: /Ushers/ })).getByText('CAN_CREATE_MEMBERS')).toBeTruthy();
    expect(screen.getByText('CIH role: CIH coordinator')).toBeTruthy();
    const byModule = screen.getByText('Members').nextSibling as HTMLElement;
    expect(
      within(byModule)
        .getAllByText(/View|Create/)
        .map((chip) => chip.textContent),
    ).toEqual(['View', 'Create']);
  });

  it('assigns a role with extra permissions, the role’s own shown ticked and fixed', async () => {
    await pickAda();
    fireEvent.click(await screen.findByRole('button', { name: 'Assign a role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a role to Adaeze Okafor' });
    expect(within(dialog).getByText(/takes effect at once/)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('First-timer');
    fireEvent.click(screen.getByRole('option', { name: 'Ushers' }));

    const own = await within(dialog).findByRole('checkbox', { name: 'View Departments' });
    await waitFor(() => expect((own as HTMLInputElement).checked).toBe(true));
    expect((own as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'View Members' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(api.callsTo('POST /Roles/AssignPermissions')).toHaveLength(1));
    const [call] = api.callsTo('POST /Roles/AssignPermissions');
    expect(call.query).toEqual({ RoleId: 'r7', UserId: 'u1' });
    expect(call.body).toEqual({ permissions: ['CAN_VIEW_MEMBERS'] });
    expect(await screen.findByText('Role and permissions assigned. Changes take effect at once.')).toBeTruthy();
  });

  it('takes a role away only once confirmed', async () => {
    await pickAda();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove role Ushers' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Take the role Ushers from Adaeze Okafor?')).toBeTruthy();
    expect(api.callsTo('DELETE /Roles/RemovePermission')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Role removed. Changes take effect at once.')).toBeTruthy();
    expect(api.callsTo('DELETE /Roles/RemovePermission')[0].query).toEqual({ RoleId: 'r7', UserId: 'u1' });
  });

  it('shows the grants but no changes to those who may only view roles', async () => {
    await pickAda(['CAN_VIEW_ROLES']);
    expect(screen.getByText('CAN_CREATE_MEMBERS')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign a role' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove role/ })).toBeNull();
  });
});
