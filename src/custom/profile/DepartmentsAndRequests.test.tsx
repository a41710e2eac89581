// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ID, biodata, guid, MEMBER_ID, openTab, pickOption, renderProfile, type Fixtures } from './testKit';

// MUI forms in jsdom on a shared two-core machine: seconds per test, not milliseconds.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

const departments = [
  { id: guid(1), departmentName: 'Choir', isPrimaryDepartment: true },
  { id: guid(2), departmentName: 'Media', isPrimaryDepartment: false },
];
const affiliation = (affinityGroup: string[] = []) => ({ id: guid(80), userId: MEMBER_ID, zoneId: guid(10), affinityGroup });
const fixtures: Fixtures = {
  biodata: biodata(),
  memberDepartments: departments,
  churchAffiliations: affiliation(),
  departmentChoices: [
    { id: guid(1), departmentName: 'Choir' },
    { id: guid(3), departmentName: 'Ushering' },
  ],
  zoneChoices: [
    { id: guid(10), zoneName: 'Lekki Zone' },
    { id: guid(11), zoneName: 'Ikeja Zone' },
  ],
  centerChoices: [{ id: guid(21), centerName: 'Ogba Center', zoneId: guid(11) }],
  affinityGroups: [{ id: guid(30), affinityGroupName: 'Men' }],
};

const dialog = () => within(screen.getByRole('dialog'));
const send = () => fireEvent.click(dialog().getByRole('button', { name: 'Send request' }));

describe('Departments tab (SPEC.md section 4)', () => {
  it('lists the member’s departments with the primary one marked', async () => {
    renderProfile({ fixtures });
    const tab = await openTab('Departments');
    const items = await tab.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['ChoirPrimary', expect.stringContaining('Media')]);
    expect(within(items[1]).queryByText('Primary')).toBeNull();
  });

  it("sets the primary department after a confirmation, toasts 'Successfully set default department' and reloads the list", async () => {
    const api = renderProfile({ fixtures });
    const tab = await openTab('Departments');
    fireEvent.click(await tab.findByRole('button', { name: 'Set as primary: Media' }));
    expect(await screen.findByText('Make Media the primary department?')).toBeTruthy();
    expect(api.setPrimaryDepartment).not.toHaveBeenCalled();
    const loads = api.getList.mock.calls.filter(([resource]) => resource === 'memberDepartments').length;
    fireEvent.click(dialog().getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Successfully set default department')).toBeTruthy();
    expect(api.setPrimaryDepartment).toHaveBeenCalledWith({ userId: MEMBER_ID, departmentName: 'Media' });
    await waitFor(() => expect(api.getList.mock.calls.filter(([resource]) => resource === 'memberDepartments').length).toBeGreaterThan(loads));
  });

  it('offers no primary change and no join request to a viewer without edit rights', async () => {
    renderProfile({ viewerId: ADMIN_ID, permissions: ['CAN_VIEW_MEMBERS'], fixtures });
    const tab = await openTab('Departments');
    await tab.findByText('Media');
    expect(tab.queryByRole('button')).toBeNull();
  });

  it('offers the join request to an administrator who may edit the member', async () => {
    renderProfile({ viewerId: ADMIN_ID, permissions: ['CAN_UPDATE_OTHER_MEMBERS'], fixtures });
    const tab = await openTab('Departments');
    expect(await tab.findByRole('button', { name: 'Join a department' })).toBeTruthy();
  });
});

describe('request to join a department', () => {
  async function openRequest(extra: Fixtures = {}) {
    const api = renderProfile({ fixtures: { ...fixtures, ...extra } });
    const tab = await openTab('Departments');
    fireEvent.click(await tab.findByRole('button', { name: 'Join a department' }));
    await screen.findByRole('dialog', { name: 'Request to join a department' });
    return api;
  }

  it('requires the department and the reason', async () => {
    const api = await openRequest();
    send();
    expect(await dialog().findByText('Department is required')).toBeTruthy();
    expect(dialog().getByText('Reason is required')).toBeTruthy();
    expect(api.requestToJoinDepartment).not.toHaveBeenCalled();
  });

  it("sends the request, toasts 'Request successful', closes and starts empty next time", async () => {
    const api = await openRequest();
    await pickOption('Department', 'Ushering');
    fireEvent.change(dialog().getByLabelText('Reason'), { target: { value: 'I play the drums' } });
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(api.requestToJoinDepartment).toHaveBeenCalledWith({ userId: MEMBER_ID, department: 'Ushering', reason: 'I play the drums' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Join a department' }));
    await screen.findByRole('dialog');
    expect((dialog().getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('');
    expect((dialog().getByRole('combobox', { name: 'Department' }) as HTMLInputElement).value).toBe('');
  });

  it('closes without a message when the request fails', async () => {
    const api = await openRequest();
    api.requestToJoinDepartment.mockRejectedValueOnce(new Error('A request to join a department is already pending'));
    await pickOption('Department', 'Ushering');
    fireEvent.change(dialog().getByLabelText('Reason'), { target: { value: 'Again' } });
    send();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestToJoinDepartment).toHaveBeenCalled();
    expect(screen.queryByText(/already pending/)).toBeNull();
    expect(screen.queryByText('Request successful')).toBeNull();
  });

  it('shows only the affiliation message to a member without church affiliation', async () => {
    await openRequest({ churchAffiliations: null });
    expect(dialog().getByText('Only members with church affiliations can make this request.')).toBeTruthy();
    expect(dialog().queryByRole('combobox')).toBeNull();
    expect(dialog().queryByRole('button', { name: 'Send request' })).toBeNull();
  });
});

describe('requests from the Church Affiliations tab', () => {
  it('requires the zone of a zone change, then sends the zone and center by name', async () => {
    const api = renderProfile({ fixtures });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Request change of zone' }));
    await screen.findByRole('dialog', { name: 'Request a change of zone' });
    send();
    expect(await dialog().findByText('Zone is required')).toBeTruthy();
    expect(api.requestChangeOfZone).not.toHaveBeenCalled();
    await pickOption('Zone', 'Ikeja Zone');
    await pickOption('Center', 'Ogba Center');
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(api.requestChangeOfZone).toHaveBeenCalledWith({ userId: MEMBER_ID, newCihZone: 'Ikeja Zone', newCenter: 'Ogba Center' });
  });

  it('asks to join an affinity group when the member has none; both fields may stay empty', async () => {
    const api = renderProfile({ fixtures });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Join an affinity group' }));
    await screen.findByRole('dialog', { name: 'Request to join an affinity group' });
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(api.requestToJoinAffinityGroup).toHaveBeenCalledWith({ userId: MEMBER_ID });
    expect(api.requestChangeOfAffinityGroup).not.toHaveBeenCalled();
  });

  it('asks to change the affinity group when the member has one', async () => {
    const api = renderProfile({ fixtures: { ...fixtures, churchAffiliations: affiliation(['Young Adults']) } });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Change affinity group' }));
    await screen.findByRole('dialog', { name: 'Request a change of affinity group' });
    await pickOption('Affinity group', 'Men');
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(api.requestChangeOfAffinityGroup).toHaveBeenCalledWith({ userId: MEMBER_ID, newAffinityGroup: 'Men' });
    expect(api.requestToJoinAffinityGroup).not.toHaveBeenCalled();
  });

  it('shows only the affiliation message in the zone request of a member without affiliation', async () => {
    renderProfile({ fixtures: { ...fixtures, churchAffiliations: null } });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Request change of zone' }));
    expect(await screen.findByText('Only members with church affiliations can make this request.')).toBeTruthy();
    expect(dialog().queryByRole('combobox')).toBeNull();
  });
});
