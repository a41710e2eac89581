// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { DemiseList } from './DemiseList';

const api = fakeApi();

const FOLAKE = { id: 'm1', fullName: 'Folake Balogun', email: 'folake@example.org', userRole: 'member' };
const TUNDE = { id: 'm2', fullName: 'Tunde Adebayo', email: 'tunde@example.org' };

function showArchived() {
  signInWith(['CAN_UPDATE_DEMISE_MEMBERS', 'CAN_VIEW_MEMBERS']);
  api.on('GET /Biodata/GetAllDemise', () => rows([FOLAKE]));
  api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([TUNDE]));
  api.on('PUT /Biodata/RestoreMember', () => ok({ userId: 'm1', status: 'Active' }, { message: 'Member restored' }));
  api.on('PUT /Biodata/ArchiveMember', () => ok({ userId: 'm2', status: 'Archived' }, { message: 'Member archived' }));
  renderScreen(<DemiseList />, { path: '/demise' });
}

describe('archived users', () => {
  it('restores an archived member once confirmed', async () => {
    showArchived();
    const row = within(await findRow(/Folake Balogun/));
    expect(row.getByText('Member')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Restore Folake Balogun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Folake Balogun?' });
    expect(api.callsTo('PUT /Biodata/RestoreMember')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Member restored')).toBeTruthy();
    expect(api.callsTo('PUT /Biodata/RestoreMember')[0].query).toEqual({ UserId: 'm1' });
  });

  it('archives a member picked by name, and wants one picked first', async () => {
    showArchived();
    fireEvent.click(await screen.findByRole('button', { name: 'Archive a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive a member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('combobox', { name: /Member/ }), { target: { value: 'Tun' } });
    fireEvent.click(await screen.findByRole('option', { name: /Tunde Adebayo/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Member archived')).toBeTruthy();
    expect(api.callsTo('PUT /Biodata/ArchiveMember')[0].query).toEqual({ UserId: 'm2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what belongs here when nobody is archived, and still offers to archive', async () => {
    showArchived();
    api.on('GET /Biodata/GetAllDemise', () => rows([]));
    expect(await screen.findByText(/Nobody is archived/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Archive a member' }));
    expect(await screen.findByRole('dialog', { name: 'Archive a member' })).toBeTruthy();
  });
});
