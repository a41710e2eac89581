// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { ZoneCenterList, ZoneList, ZoneMemberList } from './ZonePages';

const api = fakeApi();

const ID = {
  lekki: '00000000-0000-4000-8000-0000000000f1',
  ajah: '00000000-0000-4000-8000-0000000000f2',
  ada: '00000000-0000-4000-8000-0000000000f3',
};
const LEKKI = { id: ID.lekki, zoneName: 'Lekki Zone', description: 'Lekki and Ajah', centerCount: 2, memberCount: 41 };
const AJAH = { id: ID.ajah, centerName: 'Ajah Center', zoneId: ID.lekki, zoneName: 'Lekki Zone', address: '7 Addo Road', memberCount: 18 };
const CIH_MANAGER = ['CAN_VIEW_CIH_MANAGEMENT', 'CAN_CREATE_CIH_MANAGEMENT', 'CAN_UPDATE_CIH_MANAGEMENT', 'CAN_DELETE_CIH_MANAGEMENT'];

describe('the zones', () => {
  it('lists each zone with its center and member counts and the ways to its centers and members', async () => {
    signInWith(CIH_MANAGER);
    api.on('GET /CIHZone/GetByTotal', () => rows([LEKKI]));
    renderScreen(<ZoneList />, { path: '/cih/zones' });
    const row = within(await findRow(/Lekki Zone/));
    expect(row.getByText('41')).toBeTruthy();
    expect(row.getByText('2')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Centers' }).getAttribute('href')).toBe(`/cih/zones/view-centers/${ID.lekki}`);
    expect(row.getByRole('link', { name: 'Members' }).getAttribute('href')).toBe(`/cih/zones/zone-members/${ID.lekki}`);
  });

  it('refuses to delete a zone that has members, saying how many', async () => {
    signInWith(CIH_MANAGER);
    api.on('GET /CIHZone/GetByTotal', () => rows([LEKKI]));
    api.on('DELETE /CIHZone/Delete', () => refusal(409, 'This zone has 2 centers and 41 members; move them before deleting it.'));
    renderScreen(<ZoneList />, { path: '/cih/zones' });
    fireEvent.click(await within(await findRow(/Lekki Zone/)).findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete "Lekki Zone"?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This zone has 2 centers and 41 members; move them before deleting it.')).toBeTruthy();
    expect(api.callsTo('DELETE /CIHZone/Delete')[0].query).toEqual({ id: ID.lekki });
    expect(await findRow(/Lekki Zone/)).toBeTruthy();
  });
});

describe('a stale save of a zone', () => {
  it('says so and offers to reload, keeping what was typed in the form', async () => {
    signInWith(CIH_MANAGER);
    const loaded = { ...LEKKI, updatedAt: '2026-01-02T03:04:05.678Z' };
    api.on('GET /CIHZone/GetByTotal', () => rows([loaded]));
    api.on('GET /CIHZone/GetById', () => ok(loaded));
    api.on('PUT /CIHZone/Update', () => refusal(409, 'This record was changed by someone else since you opened it'));
    renderScreen(<ZoneList />, { path: '/cih/zones' });
    fireEvent.click(await within(await findRow(/Lekki Zone/)).findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Lekki Zone' }));
    const description = () => dialog.getByRole('textbox', { name: 'Description' }) as HTMLInputElement;
    await waitFor(() => expect(description().value).toBe('Lekki and Ajah'));
    fireEvent.change(description(), { target: { value: 'Typed before the clash' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const notice = within(await screen.findByRole('alert'));
    expect(notice.getByText('This record was changed by someone else since you opened it')).toBeTruthy();
    expect(api.callsTo('PUT /CIHZone/Update')[0].body).toMatchObject({ id: ID.lekki, updatedAt: loaded.updatedAt });
    expect(description().value).toBe('Typed before the clash');
    const reads = api.callsTo('GET /CIHZone/GetById').length;
    fireEvent.click(notice.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.callsTo('GET /CIHZone/GetById').length).toBeGreaterThan(reads));
  });
});

describe("a zone's pages", () => {
  function showZone() {
    signInWith(CIH_MANAGER);
    api.on('GET /CIHZone/GetById', () => ok(LEKKI));
    api.on('GET /Center/GetByTotal', () => rows([AJAH]));
  }

  it('lists the centers of the zone and adds a center in it', async () => {
    showZone();
    api.on('POST /Center/Create', (call) => ok({ id: 'c-new', ...(call.body as object) }));
    renderScreen(<ZoneCenterList />, { path: '/cih/zones/view-centers/:zoneId', at: `/cih/zones/view-centers/${ID.lekki}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lekki Zone: Centers' })).toBeTruthy();
    expect(screen.getByText('Centers: 2 · Members: 41')).toBeTruthy();
    const row = within(await findRow(/Ajah Center/));
    expect(row.getByRole('link', { name: 'Ajah Center' }).getAttribute('href')).toBe(`/cih/zones/center/${ID.ajah}`);
    expect(api.callsTo('GET /Center/GetByTotal')[0].query).toMatchObject({ ZoneId: ID.lekki });
    // The zone is the page's: neither a filter nor a field of the form.
    expect(screen.queryByRole('combobox', { name: 'Zone' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add center' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add center' }));
    expect(dialog.queryByRole('combobox', { name: 'Zone' })).toBeNull();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Sangotedo Center' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /Center/Create')).toHaveLength(1));
    expect(api.callsTo('POST /Center/Create')[0].body).toEqual({ centerName: 'Sangotedo Center', zoneId: ID.lekki });
  });

  it('lists the members of the zone with their centers', async () => {
    showZone();
    api.on('GET /ChurchAffiliation/GetMemberQuery', () =>
      rows([{ id: ID.ada, firstName: 'Ada', lastName: 'Obi', email: 'ada@example.org', centerName: 'Ajah Center' }]),
    );
    renderScreen(<ZoneMemberList />, { path: '/cih/zones/zone-members/:id', at: `/cih/zones/zone-members/${ID.lekki}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lekki Zone: Members' })).toBeTruthy();
    const row = within(await findRow(/Obi/));
    expect(row.getByText('Ajah Center')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe(`/profile/${ID.ada}`);
    expect(api.callsTo('GET /ChurchAffiliation/GetMemberQuery')[0].query).toMatchObject({ ZoneId: ID.lekki, SortBy: 'default' });
  });
});
