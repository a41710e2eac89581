// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { fakeApi, ok } from '@/tests/support/adminScreen';
import { ADMIN_ID, biodata, member, MEMBER_ID, OTHER_ID, RECORD_READS, renderProfile, tabNames } from './testKit';

const api = fakeApi();

const ALWAYS = ['Personal Information', 'Qualifications', 'Church Affiliations', 'Departments'];

describe('the profile header and info card', () => {
  it('shows the full name, the role names and the info card with a long date of birth', async () => {
    renderProfile(api, { fixtures: { profiles: member({ roles: ['member', 'hod'] }), biodata: biodata() } });
    const name = await screen.findByRole('heading', { level: 1, name: 'Ada Okafor' });
    // Beside the name: the role chips (the stage card, once its answer is in, shows its own 'Member').
    const header = within(name.parentElement!);
    expect(header.getByText('Member')).toBeTruthy();
    expect(header.getByText('Head of department')).toBeTruthy();
    const info = within(screen.getByRole('heading', { name: 'Contact' }).parentElement!);
    expect(info.getByText('ada@example.org')).toBeTruthy();
    expect(info.getByText('08030000001')).toBeTruthy();
    expect(info.getByText('Ikeja, Lagos, Nigeria')).toBeTruthy();
    expect(info.getByText(new Date(1995, 3, 12).toLocaleDateString('en-GB', { dateStyle: 'long' }))).toBeTruthy();
    expect(info.getByText('5 Allen Avenue')).toBeTruthy();
  });

  it("names the role 'Member' when the member holds none", async () => {
    renderProfile(api, { fixtures: { profiles: member({ roles: [] }) } });
    const name = await screen.findByRole('heading', { level: 1, name: 'Ada Okafor' });
    // Beside the name: the role chips (the stage card shows its own 'Member' below).
    expect(within(name.parentElement!).getByText('Member')).toBeTruthy();
  });
});

describe('records the member does not have', () => {
  it("are not asked for: a new member's profile makes no request that can only fail", async () => {
    renderProfile(api);
    await screen.findByRole('tab', { name: 'Personal Information' });
    expect(api.callsTo('GET /Biodata/GetBiodataByUserId')).toEqual([]);
    expect(api.callsTo('GET /ChurchAffiliation/GetChurchAffiliationByUserId')).toEqual([]);
  });
});

describe('tab visibility', () => {
  it('shows only the four constant tabs before any biodata exists', async () => {
    renderProfile(api);
    await screen.findByRole('tab', { name: 'Personal Information' });
    expect(tabNames()).toEqual(ALWAYS);
  });

  it('adds Employer only for the Employed', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ employmentStatus: 'Employed' }) } });
    await screen.findByRole('tab', { name: 'Employer' });
    expect(tabNames()).toEqual(['Personal Information', 'Qualifications', 'Employer', 'Church Affiliations', 'Departments']);
  });

  it('adds Spouse Details and Children Details for the Married', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ maritalStatus: 'Married' }) } });
    await screen.findByRole('tab', { name: 'Spouse Details' });
    expect(tabNames()).toEqual([
      'Personal Information',
      'Qualifications',
      'Spouse Details',
      'Children Details',
      'Church Affiliations',
      'Departments',
    ]);
  });

  it('adds only Children Details for a set marital status other than Single and Married', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ maritalStatus: 'Widow' }) } });
    await screen.findByRole('tab', { name: 'Children Details' });
    expect(tabNames()).not.toContain('Spouse Details');
  });

  it('shows no Children Details for the Single', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ maritalStatus: 'Single' }) } });
    await screen.findByRole('tab', { name: 'Personal Information' });
    expect(tabNames()).toEqual(ALWAYS);
  });
});

describe('who sees what', () => {
  it("tells a member without CAN_VIEW_MEMBERS that another member's profile is not theirs to see, and asks nothing", async () => {
    const provider = renderProfile(api, { viewerId: MEMBER_ID, userId: OTHER_ID });
    expect(await screen.findByText(/You may see only your own profile/)).toBeTruthy();
    expect(provider.getOne).not.toHaveBeenCalled();
    expect(RECORD_READS.flatMap((route) => api.callsTo(route))).toEqual([]);
  });

  it('offers the photo upload on one’s own profile only', async () => {
    renderProfile(api);
    expect(await screen.findByRole('button', { name: 'Change photo' })).toBeTruthy();
  });

  it('offers no photo upload on another member’s profile, even to an administrator', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS', 'CAN_UPDATE_USER_MANAGEMENT'] });
    await screen.findByRole('heading', { level: 1, name: 'Ada Okafor' });
    expect(screen.queryByRole('button', { name: 'Change photo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change Role' })).toBeTruthy();
  });

  it("shows 'My giving' on one's own profile only, and asks nobody else's giving", async () => {
    const gift = { id: 'g1', batchId: 'b1', giverId: MEMBER_ID, giverName: 'Ada Okafor', date: '2026-03-01', amount: 1_250_050 };
    const more = { currency: 'NGN', method: 'cash', reference: null, kind: 'gift', correctsId: null, reason: null };
    const splits = [{ fundId: 'f1', fundName: 'Tithe', amount: 1_250_050 }];
    renderProfile(api);
    api.on('GET /Giving/GetMine', () => ok([{ ...gift, ...more, awaitingApproval: false, splits }]));
    const mine = await screen.findByRole('list', { name: 'My giving' });
    expect(within(mine).getByText(/2026-03-01: .*12,500\.50/)).toBeTruthy();
    expect(within(mine).getByText('Tithe · Gift')).toBeTruthy();
  });

  it("asks no giving on another member's profile, even an administrator's view", async () => {
    renderProfile(api, { viewerId: ADMIN_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_VIEW_GIVING'] });
    await screen.findByRole('heading', { level: 1, name: 'Ada Okafor' });
    expect(screen.queryByRole('heading', { name: 'My giving' })).toBeNull();
    expect(api.callsTo('GET /Giving/GetMine')).toEqual([]);
  });

  it('offers Change Role only to administrators', async () => {
    renderProfile(api);
    await screen.findByRole('heading', { level: 1, name: 'Ada Okafor' });
    expect(screen.queryByRole('button', { name: 'Change Role' })).toBeNull();
  });

  it('shows the error of a failing member record, and no form', async () => {
    renderProfile(api, { fixtures: { profiles: new HttpError('Something went wrong', 500) } });
    expect(await screen.findByText('The profile could not be loaded: Something went wrong')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
