// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, refusal } from '@/tests/support/adminScreen';
import { ADMIN_ID, asked, biodata, guid, MEMBER_ID, openTab, pickOption, renderProfile, type Fixtures } from './testKit';

const SET_PRIMARY = 'PUT /Department/SetPrimaryDepartment';
const MEMBER_DEPARTMENTS = 'GET /Department/GetDepartmentByUserId';
const JOIN_DEPARTMENT = 'PUT /ChurchAffiliation/RequestByMemberToJoinDepartment';
const JOIN_GROUP = 'PUT /ChurchAffiliation/RequestByMemberToJoinAffinityGroup';
const CHANGE_GROUP = 'PUT /ChurchAffiliation/RequestChangeOfAffinityGroup';
const CHANGE_ZONE = 'PUT /ChurchAffiliation/RequestChangeOfCIHZone';

const api = fakeApi();

const departments = [
  { departmentId: guid(1), departmentName: 'Choir', isPrimaryDepartment: true },
  { departmentId: guid(2), departmentName: 'Media', isPrimaryDepartment: false },
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

/** The options a picker of the open dialog offers, as a person sees them on opening its list. */
async function offeredIn(label: string) {
  const input = dialog().getByRole('combobox', { name: label });
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
  const names = options.map((o) => o.textContent);
  fireEvent.keyDown(input, { key: 'Escape' });
  return names;
}

const send = () => fireEvent.click(dialog().getByRole('button', { name: 'Send request' }));

describe('Departments tab', () => {
  it('lists the member’s departments with the primary one marked', async () => {
    renderProfile(api, { fixtures });
    const tab = await openTab('Departments');
    const items = await tab.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['ChoirPrimary', expect.stringContaining('Media')]);
    expect(within(items[1]).queryByText('Primary')).toBeNull();
  });

  it("sets the primary department after a confirmation, toasts 'Successfully set default department' and reloads the list", async () => {
    renderProfile(api, { fixtures });
    const tab = await openTab('Departments');
    fireEvent.click(await tab.findByRole('button', { name: 'Set as primary: Media' }));
    expect(await screen.findByText('Make Media the primary department?')).toBeTruthy();
    expect(api.callsTo(SET_PRIMARY)).toHaveLength(0);
    const loads = api.callsTo(MEMBER_DEPARTMENTS).length;
    fireEvent.click(dialog().getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Successfully set default department')).toBeTruthy();
    expect(asked(api, SET_PRIMARY)).toEqual([{ UserId: MEMBER_ID, DepartmentName: 'Media' }]);
    await waitFor(() => expect(api.callsTo(MEMBER_DEPARTMENTS).length).toBeGreaterThan(loads));
  });

  it('offers no primary change and no join request to a viewer without edit rights', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, permissions: ['CAN_VIEW_MEMBERS'], fixtures });
    const tab = await openTab('Departments');
    await tab.findByText('Media');
    expect(tab.queryByRole('button')).toBeNull();
  });

  it('offers the join request to an administrator who may edit the member', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, permissions: ['CAN_UPDATE_OTHER_MEMBERS'], fixtures });
    const tab = await openTab('Departments');
    expect(await tab.findByRole('button', { name: 'Join a department' })).toBeTruthy();
  });
});

describe('request to join a department', () => {
  async function openRequest(extra: Fixtures = {}) {
    renderProfile(api, { fixtures: { ...fixtures, ...extra } });
    const tab = await openTab('Departments');
    fireEvent.click(await tab.findByRole('button', { name: 'Join a department' }));
    await screen.findByRole('dialog', { name: 'Request to join a department' });
  }

  it('requires the department and the reason', async () => {
    await openRequest();
    send();
    expect(await dialog().findByText('Department is required')).toBeTruthy();
    expect(dialog().getByText('Reason is required')).toBeTruthy();
    expect(api.callsTo(JOIN_DEPARTMENT)).toHaveLength(0);
  });

  it("sends the request, toasts 'Request successful', closes and starts empty next time", async () => {
    await openRequest();
    await pickOption('Department', 'Ushering');
    fireEvent.change(dialog().getByLabelText('Reason'), { target: { value: 'I play the drums' } });
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(asked(api, JOIN_DEPARTMENT)).toEqual([{ userId: MEMBER_ID, department: 'Ushering', Reason: 'I play the drums' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Join a department' }));
    await screen.findByRole('dialog');
    expect((dialog().getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('');
    expect((dialog().getByRole('combobox', { name: 'Department' }) as HTMLInputElement).value).toBe('');
  });

  it('does not offer the departments the member is already in', async () => {
    await openRequest();
    await waitFor(async () => expect(await offeredIn('Department')).toEqual(['Ushering']));
  });

  it('closes without a message when the request fails', async () => {
    await openRequest();
    api.on(JOIN_DEPARTMENT, () => refusal(409, 'A request to join a department is already pending'));
    await pickOption('Department', 'Ushering');
    fireEvent.change(dialog().getByLabelText('Reason'), { target: { value: 'Again' } });
    send();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(JOIN_DEPARTMENT)).toHaveLength(1);
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
    renderProfile(api, { fixtures });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Request change of zone' }));
    await screen.findByRole('dialog', { name: 'Request a change of zone' });
    send();
    expect(await dialog().findByText('Zone is required')).toBeTruthy();
    expect(api.callsTo(CHANGE_ZONE)).toHaveLength(0);
    await pickOption('Zone', 'Ikeja Zone');
    await pickOption('Center', 'Ogba Center');
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(asked(api, CHANGE_ZONE)).toEqual([{ userId: MEMBER_ID, newCihZone: 'Ikeja Zone', newCenter: 'Ogba Center' }]);
  });

  it("does not offer the member's own center when they pick their own zone", async () => {
    const centerChoices = [
      { id: guid(20), centerName: 'Lekki Center', zoneId: guid(10) },
      { id: guid(22), centerName: 'Ajah Center', zoneId: guid(10) },
    ];
    renderProfile(api, { fixtures: { ...fixtures, churchAffiliations: { ...affiliation(), centerId: guid(20) }, centerChoices } });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Request change of zone' }));
    await screen.findByRole('dialog', { name: 'Request a change of zone' });
    await pickOption('Zone', 'Lekki Zone');
    await waitFor(async () => expect(await offeredIn('Center')).toEqual(['Ajah Center']));
  });

  it('does not offer the affinity groups the member is already in', async () => {
    const groups = [
      { id: guid(30), affinityGroupName: 'Men' },
      { id: guid(31), affinityGroupName: 'Choristers' },
    ];
    renderProfile(api, { fixtures: { ...fixtures, churchAffiliations: affiliation(['men']), affinityGroups: groups } });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Change affinity group' }));
    await screen.findByRole('dialog', { name: 'Request a change of affinity group' });
    fireEvent.click(dialog().getByRole('switch', { name: /Show every group/ }));
    await waitFor(async () => expect(await offeredIn('Affinity group')).toEqual(['Choristers']));
  });

  it('asks to join an affinity group when the member has none; both fields may stay empty', async () => {
    renderProfile(api, { fixtures });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Join an affinity group' }));
    await screen.findByRole('dialog', { name: 'Request to join an affinity group' });
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(asked(api, JOIN_GROUP)).toEqual([{ userId: MEMBER_ID }]);
    expect(api.callsTo(CHANGE_GROUP)).toHaveLength(0);
  });

  it('asks to change the affinity group when the member has one', async () => {
    renderProfile(api, { fixtures: { ...fixtures, churchAffiliations: affiliation(['Young Adults']) } });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Change affinity group' }));
    await screen.findByRole('dialog', { name: 'Request a change of affinity group' });
    await pickOption('Affinity group', 'Men');
    send();
    expect(await screen.findByText('Request successful')).toBeTruthy();
    expect(asked(api, CHANGE_GROUP)).toEqual([{ userId: MEMBER_ID, newAffinityGroup: 'Men' }]);
    expect(api.callsTo(JOIN_GROUP)).toHaveLength(0);
  });

  it("offers the groups the member's age and marital status fit, the others only after 'show all'", async () => {
    const thirtySix = `${new Date().getUTCFullYear() - 36}-01-01`;
    const groups = [
      { id: guid(30), affinityGroupName: 'Men', startAge: 18, endAge: 99, maritalStatus: null },
      { id: guid(31), affinityGroupName: 'Teens', startAge: 13, endAge: 19, maritalStatus: null },
      { id: guid(32), affinityGroupName: 'Young Married', startAge: 20, endAge: 40, maritalStatus: 'Married' },
      { id: guid(33), affinityGroupName: 'Seniors', startAge: 60, endAge: 99, maritalStatus: null },
    ];
    renderProfile(api, {
      fixtures: { ...fixtures, biodata: biodata({ dateOfBirth: thirtySix, maritalStatus: 'Married' }), affinityGroups: groups },
    });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Join an affinity group' }));
    await screen.findByRole('dialog', { name: 'Request to join an affinity group' });
    const offered = async () => {
      const input = dialog().getByRole('combobox', { name: 'Affinity group' });
      fireEvent.change(input, { target: { value: '' } });
      fireEvent.keyDown(input, { key: 'ArrowDown' });
      const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
      const names = options.map((o) => o.textContent);
      fireEvent.keyDown(input, { key: 'Escape' });
      return names;
    };
    await waitFor(async () => expect(await offered()).toEqual(['Men', 'Young Married']));
    fireEvent.click(dialog().getByRole('switch', { name: /Show every group/ }));
    await waitFor(async () => expect(await offered()).toEqual(['Men', 'Teens', 'Young Married', 'Seniors']));
  });

  it('shows only the affiliation message in the zone request of a member without affiliation', async () => {
    renderProfile(api, { fixtures: { ...fixtures, churchAffiliations: null } });
    const tab = await openTab('Church Affiliations');
    fireEvent.click(await tab.findByRole('button', { name: 'Request change of zone' }));
    expect(await screen.findByText('Only members with church affiliations can make this request.')).toBeTruthy();
    expect(dialog().queryByRole('combobox')).toBeNull();
  });
});
