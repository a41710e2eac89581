// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { CenterCreate, CenterList, CenterShow } from './CenterPages';
import { MyCenter } from './MyCenter';

const api = fakeApi();

const ID = {
  lekki: '00000000-0000-4000-8000-000000000101',
  ikeja: '00000000-0000-4000-8000-000000000102',
  ajah: '00000000-0000-4000-8000-000000000103',
};
const AJAH = {
  id: ID.ajah,
  centerName: 'Ajah Center',
  zoneId: ID.lekki,
  zoneName: 'Lekki Zone',
  address: '7 Addo Road, Ajah',
  memberCount: 2,
};
const PASTOR = {
  id: 'p1',
  fullName: 'Babajide Ogunleye',
  firstName: 'Babajide',
  lastName: 'Ogunleye',
  email: 'pastor@example.org',
  phoneNumber: '0803',
  cihRole: 'cihpastor',
};
const MEMBER = { id: 'm1', fullName: 'Ada Obi', firstName: 'Ada', lastName: 'Obi', email: 'ada@example.org', cihRole: null };
const CIH_MANAGER = ['CAN_VIEW_CIH_MANAGEMENT', 'CAN_CREATE_CIH_MANAGEMENT', 'CAN_UPDATE_CIH_MANAGEMENT', 'CAN_DELETE_CIH_MANAGEMENT'];
const ZONES = [
  { id: ID.lekki, zoneName: 'Lekki Zone' },
  { id: ID.ikeja, zoneName: 'Ikeja Zone' },
];

describe('the centers', () => {
  it('lists every center and filters them by zone', async () => {
    signInWith(CIH_MANAGER);
    api.on('GET /Center/GetByTotal', (call) => rows(call.query.ZoneId === ID.ikeja ? [] : [AJAH]));
    api.on('GET /CIHZone/GetByTotal', () => rows(ZONES));
    api.on('GET /CIHZone/GetById', (call) => ok(ZONES.find((z) => z.id === call.query.id)));
    renderScreen(<CenterList />, { path: '/cih/centers' });
    const row = within(await findRow(/Ajah Center/));
    expect(row.getByRole('link', { name: 'Lekki Zone' }).getAttribute('href')).toBe(`/cih/zones/view-centers/${ID.lekki}`);
    expect(screen.getByRole('link', { name: 'Add center' }).getAttribute('href')).toBe('/cih/centers/center');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Zone' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ikeja Zone' }));
    await waitFor(() => expect(screen.queryByText('Ajah Center')).toBeNull());
    expect(api.callsTo('GET /Center/GetByTotal').at(-1)?.query).toMatchObject({ ZoneId: ID.ikeja });
  });

  it('adds a center on its own page, then opens it', async () => {
    signInWith(CIH_MANAGER);
    api.on('GET /CIHZone/GetByTotal', () => rows(ZONES));
    api.on('GET /CIHZone/GetById', (call) => ok(ZONES.find((z) => z.id === call.query.id)));
    api.on('POST /Center/Create', (call) => ok({ id: ID.ajah, ...(call.body as object) }));
    renderScreen(<CenterCreate />, { path: '/cih/centers/center' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Center name is required')).toBeTruthy();
    expect(screen.getByText('Zone is required')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ajah Center' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Zone' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lekki Zone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/cih/centers/center/${ID.ajah}`));
    expect(api.callsTo('POST /Center/Create')[0].body).toEqual({ centerName: 'Ajah Center', zoneId: ID.lekki });
  });

  it('shows one center: its zone, address and members with their CIH roles', async () => {
    signInWith(CIH_MANAGER);
    api.on('GET /Center/GetById', () => ok(AJAH));
    api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([PASTOR, MEMBER]));
    renderScreen(<CenterShow />, { path: '/cih/centers/center/:id', at: `/cih/centers/center/${ID.ajah}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajah Center' })).toBeTruthy();
    expect(screen.getByText('7 Addo Road, Ajah')).toBeTruthy();
    expect(within(await findRow(/Ogunleye/)).getByText('CIH pastor')).toBeTruthy();
    expect(api.callsTo('GET /ChurchAffiliation/GetMemberQuery')[0].query).toMatchObject({ CenterId: ID.ajah });
    expect(screen.getByRole('button', { name: 'Edit center' })).toBeTruthy();
  });
});

describe("a CIH pastor's own center", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the center, its leaders and its members', async () => {
    signInWith(['CAN_VIEW_CIH_CENTER']);
    api.on('GET /Center/GetMyCenter', () => ok({ center: AJAH, members: [PASTOR, MEMBER], leaders: [PASTOR] }));
    // The center's attendance and reports (src/areas/cihReports) read these.
    api.on('GET /CIHAttendance/GetAbsentees', () => ok([]));
    api.on('GET /CIHAttendance/GetAll', () => rows([]));
    api.on('GET /CIHActivityReport/GetAll', () => rows([]));
    renderScreen(<MyCenter />, { path: '/cih/center' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajah Center' })).toBeTruthy();
    expect(screen.getAllByText('Babajide Ogunleye').length).toBeGreaterThan(0);
    // The leaders and the members' table render after the center's work (docs/decisions/0252).
    expect((await screen.findAllByText('CIH pastor')).length).toBeGreaterThan(0);
    expect(within(await screen.findByRole('row', { name: /Obi/ })).getByText('ada@example.org')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });
  it("selects its members on a phone's cards, all of them at once, and writes to them from the rows it holds", async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: true, media, addEventListener() {}, removeEventListener() {} }));
    signInWith(['CAN_VIEW_CIH_CENTER']);
    api.on('GET /Center/GetMyCenter', () => ok({ center: AJAH, members: [PASTOR, MEMBER], leaders: [PASTOR] }));
    api.on('GET /CIHAttendance/GetAbsentees', () => ok([]));
    api.on('GET /CIHAttendance/GetAll', () => rows([]));
    api.on('GET /CIHActivityReport/GetAll', () => rows([]));
    // A pastor writes to chosen people of their center.
    api.on('GET /Notification/GetAudiences', () =>
      ok({ kinds: ['center', 'people'], departments: [], affinityGroups: [], zones: [], centers: [], roles: [] }),
    );
    api.on('GET /Notification/GetRecipientCount', () => ok({ count: 1 }));
    api.on('GET /Notification/GetPeople', () => rows([]));
    renderScreen(<MyCenter />, { path: '/cih/center' });
    await screen.findByRole('heading', { level: 1, name: 'Ajah Center' });
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('region', { name: 'Actions on the selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all that match' }));
    expect(await within(bar).findByText('All 2 that match are selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Message them' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification' });
    expect(within(dialog).getByText(`${MEMBER.fullName} (${MEMBER.email})`)).toBeTruthy();
    // The rows come from GetMyCenter: nothing is asked of the member list, which a pastor may not read.
    expect(api.callsTo('GET /ChurchAffiliation/GetMemberQuery')).toEqual([]);
  });

  it('says how members come while the center has none', async () => {
    signInWith(['CAN_VIEW_CIH_CENTER']);
    api.on('GET /Center/GetMyCenter', () => ok({ center: AJAH, members: [], leaders: [] }));
    api.on('GET /CIHAttendance/GetAbsentees', () => ok([]));
    api.on('GET /CIHAttendance/GetAll', () => rows([]));
    api.on('GET /CIHActivityReport/GetAll', () => rows([]));
    renderScreen(<MyCenter />, { path: '/cih/center' });
    expect(await screen.findByText('This center has no members yet. Members are placed in a center from their profiles.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('says so, kindly, when the user is in no center', async () => {
    signInWith(['CAN_VIEW_CIH_CENTER']);
    api.on('GET /Center/GetMyCenter', () => refusal(404, 'You are not in a CIH center'));
    renderScreen(<MyCenter />, { path: '/cih/center' });
    expect(await screen.findByText(/You are not in a CIH center yet/)).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /error/i })).toBeNull();
  });
});
