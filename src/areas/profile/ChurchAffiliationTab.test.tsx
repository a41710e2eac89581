// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '@/tests/support/adminScreen';
import { ADMIN_ID, biodata, guid, MEMBER_ID, openTab, pickOption, pickSelect, renderProfile, save, sent } from './testKit';

const CREATE = 'POST /ChurchAffiliation/CreateChurchAffiliation';
const UPDATE = 'PUT /ChurchAffiliation/UpdateChurchAffiliation';

const api = fakeApi();

const LEKKI = guid(10);
const IKEJA = guid(11);
const affiliation = (extra = {}) => ({
  id: guid(80),
  userId: MEMBER_ID,
  levelOfATS: '2',
  charteredMember: true,
  charteredMemberNumber: 'CH-7',
  zoneId: LEKKI,
  centerId: guid(20),
  cihAddress: '7 Addo Road',
  mountainOfInfluence: 'Family',
  affinityGroup: ['Young Adults', 'Women'],
  department: 'Choir',
  cihRole: 'cihcoordinator',
  ...extra,
});
const lists = {
  biodata: biodata(),
  zoneChoices: [
    { id: LEKKI, zoneName: 'Lekki Zone' },
    { id: IKEJA, zoneName: 'Ikeja Zone' },
  ],
  centerChoices: [{ id: guid(20), centerName: 'Ajah Center', zoneId: LEKKI }],
  affinityGroups: [
    { id: guid(30), affinityGroupName: 'Young Adults' },
    { id: guid(31), affinityGroupName: 'Women' },
  ],
  mountainsOfInfluence: [{ id: guid(40), name: 'Family' }],
};
const AFFILIATION_RIGHTS = ['CAN_UPDATE_OTHER_MEMBERS', 'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS', 'CAN_VIEW_MEMBERS'];

const select = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
const selectDisabled = (label: string) => select(label).getAttribute('aria-disabled') === 'true';
const autocomplete = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLInputElement;

async function openAffiliation(options: Parameters<typeof renderProfile>[1]) {
  renderProfile(api, options);
  await openTab('Church Affiliations');
  await waitFor(() => expect(autocomplete('CIH zone').value).not.toBe(''));
}

describe('who may change the church affiliation', () => {
  it('lets a member without the right choose only zone and center on their own profile, and save them', async () => {
    // Not placed yet: the first placement is the member's own to choose.
    renderProfile(api, { fixtures: { ...lists, churchAffiliations: affiliation({ zoneId: null, centerId: null, cihRole: null }) } });
    await openTab('Church Affiliations');
    await waitFor(() => expect(autocomplete('Mountain of influence').value).toBe('Family'));
    expect(selectDisabled('Level of ATS')).toBe(true);
    expect(selectDisabled('Charter member')).toBe(true);
    expect((screen.getByLabelText('Charter member number') as HTMLInputElement).disabled).toBe(true);
    expect(autocomplete('Mountain of influence').disabled).toBe(true);
    expect(autocomplete('Affinity groups').disabled).toBe(true);
    expect(autocomplete('CIH zone').disabled).toBe(false);
    expect(autocomplete('Center').disabled).toBe(false);
    await pickOption('CIH zone', 'Ikeja Zone');
    save();
    expect(await screen.findByText('Details updated')).toBeTruthy();
    const [data] = sent(api, UPDATE);
    expect(data).toMatchObject({ id: guid(80), zoneId: IKEJA, cihAddress: '7 Addo Road' });
    expect(Object.keys(data).filter((key) => !['centerId', 'cihAddress', 'id', 'userId', 'zoneId'].includes(key))).toEqual([]);
  });

  it('keeps a placed member to the request dialog for a move: zone and center are shown, not edited', async () => {
    await openAffiliation({ fixtures: { ...lists, churchAffiliations: affiliation({ cihRole: null }) } });
    expect(autocomplete('CIH zone').disabled).toBe(true);
    expect(autocomplete('Center').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Request change of zone' })).toBeTruthy();
    save();
    expect(await screen.findByText('Details updated')).toBeTruthy();
    expect(Object.keys(sent(api, UPDATE)[0]).sort()).toEqual(['cihAddress', 'id', 'userId']);
  });

  it("disables every field of another member's affiliation without CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS, zone included", async () => {
    await openAffiliation({
      viewerId: ADMIN_ID,
      permissions: ['CAN_UPDATE_OTHER_MEMBERS'],
      fixtures: { ...lists, churchAffiliations: affiliation() },
    });
    expect(autocomplete('CIH zone').disabled).toBe(true);
    expect(autocomplete('Center').disabled).toBe(true);
    expect(selectDisabled('Level of ATS')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('opens every field to CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS and sends them all', async () => {
    await openAffiliation({
      viewerId: ADMIN_ID,
      permissions: AFFILIATION_RIGHTS,
      fixtures: { ...lists, churchAffiliations: affiliation() },
    });
    expect(selectDisabled('Level of ATS')).toBe(false);
    expect(autocomplete('CIH zone').disabled).toBe(false);
    await pickSelect('Level of ATS', '1');
    save();
    expect(await screen.findByText('Details updated')).toBeTruthy();
    expect(sent(api, UPDATE)[0]).toMatchObject({
      levelOfATS: '1',
      charteredMember: true,
      mountainOfInfluence: 'Family',
      affinityGroup: ['Young Adults', 'Women'],
    });
  });

  it("creates the affiliation when the member has none, with 'Successfully Created'", async () => {
    renderProfile(api, { fixtures: lists });
    await openTab('Church Affiliations');
    await pickOption('CIH zone', 'Ikeja Zone');
    save();
    expect(await screen.findByText('Successfully Created')).toBeTruthy();
    const [data] = sent(api, CREATE);
    expect(data).toMatchObject({ userId: MEMBER_ID, zoneId: IKEJA });
    expect(data).not.toHaveProperty('id');
  });

  it('shows the primary department and the CIH role, never editable', async () => {
    await openAffiliation({
      viewerId: ADMIN_ID,
      permissions: AFFILIATION_RIGHTS,
      fixtures: { ...lists, churchAffiliations: affiliation() },
    });
    const department = screen.getByLabelText('Primary department') as HTMLInputElement;
    expect([department.value, department.disabled]).toEqual(['Choir', true]);
    const cihRole = screen.getByLabelText('CIH role') as HTMLInputElement;
    expect([cihRole.value, cihRole.disabled]).toEqual(['CIH coordinator', true]);
  });
});

describe('dependent fields of the affiliation', () => {
  it.each([
    ['2', true, true],
    ['1', true, false],
    ['2', false, false],
  ])('at level %s with charter member %s the number shows: %s', async (levelOfATS, charteredMember, shown) => {
    await openAffiliation({ fixtures: { ...lists, churchAffiliations: affiliation({ levelOfATS, charteredMember }) } });
    expect(!!screen.queryByLabelText('Charter member number')).toBe(shown);
  });

  it('shows the number once level 2 and True are chosen', async () => {
    await openAffiliation({
      viewerId: ADMIN_ID,
      permissions: AFFILIATION_RIGHTS,
      fixtures: { ...lists, churchAffiliations: affiliation({ levelOfATS: '1', charteredMember: false }) },
    });
    expect(screen.queryByLabelText('Charter member number')).toBeNull();
    await pickSelect('Level of ATS', '2');
    expect(screen.queryByLabelText('Charter member number')).toBeNull();
    await pickSelect('Charter member', 'True');
    expect(screen.getByLabelText('Charter member number')).toBeTruthy();
  });

  it('clears the center when another zone is chosen', async () => {
    await openAffiliation({
      viewerId: ADMIN_ID,
      permissions: AFFILIATION_RIGHTS,
      fixtures: { ...lists, churchAffiliations: affiliation() },
    });
    await waitFor(() => expect(autocomplete('Center').value).toBe('Ajah Center'));
    await pickOption('CIH zone', 'Ikeja Zone');
    await waitFor(() => expect(autocomplete('Center').value).toBe(''));
  });

  it("toasts 'AffinityGroup Removed' when a group is taken off the list", async () => {
    await openAffiliation({
      viewerId: ADMIN_ID,
      permissions: AFFILIATION_RIGHTS,
      fixtures: { ...lists, churchAffiliations: affiliation() },
    });
    const chip = screen.getByRole('button', { name: 'Women' });
    fireEvent.click(chip.querySelector('svg')!);
    expect(await screen.findByText('AffinityGroup Removed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Women' })).toBeNull();
  });

  it('asks for the zones, centers and affinity groups with page 1 and page size 25000', async () => {
    await openAffiliation({ fixtures: { ...lists, churchAffiliations: affiliation() } });
    for (const route of ['GET /CIHZone/GetAll', 'GET /Center/GetAll', 'GET /AffinityGroup/GetAll']) {
      expect(api.callsTo(route)).toContainEqual(
        expect.objectContaining({ query: expect.objectContaining({ PageNumber: '1', PageSize: '25000' }) }),
      );
    }
    expect(api.callsTo('GET /Center/GetAll')).toContainEqual(
      expect.objectContaining({ query: expect.objectContaining({ ZoneId: LEKKI }) }),
    );
  });
});
