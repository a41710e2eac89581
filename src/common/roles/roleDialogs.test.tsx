// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { CihRoleDialog } from './CihRoleDialog';

const api = fakeApi();

const ADA = { id: 'u1', fullName: 'Adaeze Okafor', roles: ['member'], cihRole: 'cihcoordinator' };

function open(dialog: 'role' | 'cih') {
  signInWith(['CAN_UPDATE_USER_MANAGEMENT', 'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS']);
  api.on('GET /Admin/GetPlatformAdminRoles', () =>
    ok([
      { id: 'r-hod', name: 'hod' },
      { id: 'r-member', name: 'member' },
    ]),
  );
  api.on('GET /Admin/GetCIHRoles', () =>
    ok([
      { id: 'r-c', name: 'cihcoordinator' },
      { id: 'r-p', name: 'cihpastor' },
    ]),
  );
  const onClose = vi.fn();
  renderScreen(dialog === 'role' ? <ChangeRoleDialog user={ADA} onClose={onClose} /> : <CihRoleDialog user={ADA} onClose={onClose} />, {
    path: '/',
  });
  return onClose;
}

const radio = (name: string) => screen.findByRole('radio', { name }) as Promise<HTMLInputElement>;

describe('the Change Role modal', () => {
  it("starts on the user's role, asks 'Are you sure you want to this role?', then changes it", async () => {
    api.on('PUT /Admin/ChangeUserRole', () => ok({ userId: 'u1', roles: ['hod'] }, { message: 'Role updated' }));
    const onClose = open('role');
    expect((await radio('Member')).checked).toBe(true);
    fireEvent.click(await radio('Head of department'));
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    expect(screen.getByText('Are you sure you want to this role?')).toBeTruthy();
    expect(api.callsTo('PUT /Admin/ChangeUserRole')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Role updated')).toBeTruthy();
    expect(api.callsTo('PUT /Admin/ChangeUserRole')[0].query).toEqual({ UserId: 'u1', RoleId: 'r-hod' });
    expect(onClose).toHaveBeenCalled();
  });

  it("goes back to the choice with the server's refusal", async () => {
    api.on('PUT /Admin/ChangeUserRole', () => refusal(400, 'The platform needs at least one administrator'));
    const onClose = open('role');
    fireEvent.click(await radio('Head of department'));
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The platform needs at least one administrator')).toBeTruthy();
    expect(await radio('Head of department')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the CIH role dialog', () => {
  it('gives a CIH role as the signed-in inspector', async () => {
    api.on('PUT /Roles/AssignCIHRole', () =>
      ok({ userId: 'u1', cihRole: 'cihpastor' }, { message: 'CIH role cihpastor assigned. Changes take effect at once.' }),
    );
    open('cih');
    expect((await radio('CIH coordinator')).checked).toBe(true);
    fireEvent.click(await radio('CIH pastor'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/CIH role cihpastor assigned/)).toBeTruthy();
    expect(api.callsTo('PUT /Roles/AssignCIHRole')[0].query).toEqual({ userId: 'u1', InspectorId: 'u-admin', cihRole: 'cihpastor' });
  });

  it('takes the CIH role away by sending none', async () => {
    api.on('PUT /Roles/AssignCIHRole', () =>
      ok({ userId: 'u1', cihRole: null }, { message: 'CIH role removed. Changes take effect at once.' }),
    );
    open('cih');
    fireEvent.click(await radio('No CIH role'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /Roles/AssignCIHRole')).toHaveLength(1));
    expect(api.callsTo('PUT /Roles/AssignCIHRole')[0].query).toEqual({ userId: 'u1', InspectorId: 'u-admin' });
  });
});
