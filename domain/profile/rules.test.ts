import { describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import {
  AFFILIATION_FIELDS,
  canEditProfile,
  canEditStatus,
  canUploadAvatar,
  canViewProfile,
  editableAffiliationFields,
  isPlaced,
  genderOfTitle,
  normaliseBiodata,
  SELF_AFFILIATION_FIELDS,
  showsCharterNumber,
  sortChildren,
  visibleTabs,
} from './rules.js';

describe('tab visibility', () => {
  const always = ['personal', 'qualifications', 'churchAffiliation', 'departments'];

  it('shows only the always-shown tabs for an empty biodata', () => {
    expect(visibleTabs(null)).toEqual(always);
    expect(visibleTabs({})).toEqual(always);
  });

  it('shows Employer only when employed', () => {
    expect(visibleTabs({ employmentStatus: 'Employed' })).toContain('employer');
    expect(visibleTabs({ employmentStatus: 'Unemployed' })).not.toContain('employer');
  });

  it('shows Spouse Details only when married', () => {
    expect(visibleTabs({ maritalStatus: 'Married' })).toContain('spouse');
    expect(visibleTabs({ maritalStatus: 'Widow' })).not.toContain('spouse');
  });

  it('shows Children Details when a marital status other than Single is set', () => {
    expect(visibleTabs({ maritalStatus: 'Single' })).not.toContain('children');
    expect(visibleTabs({ maritalStatus: 'Divorced' })).toContain('children');
    expect(visibleTabs({ maritalStatus: 'Single Parent' })).toContain('children');
  });

  it('keeps the tab order of the spec', () => {
    expect(visibleTabs({ employmentStatus: 'Employed', maritalStatus: 'Married' })).toEqual([
      'personal',
      'qualifications',
      'employer',
      'spouse',
      'children',
      'churchAffiliation',
      'departments',
    ]);
  });
});

describe('dependent fields', () => {
  it('shows the charter number at level 2 or more with charter membership', () => {
    expect(showsCharterNumber({ levelOfATS: '2', charteredMember: true })).toBe(true);
    expect(showsCharterNumber({ levelOfATS: '1', charteredMember: true })).toBe(false);
    expect(showsCharterNumber({ levelOfATS: '2', charteredMember: false })).toBe(false);
    expect(showsCharterNumber({})).toBe(false);
  });

  it('takes gender from the title', () => {
    expect(genderOfTitle('Mr')).toBe('Male');
    expect(genderOfTitle('Master')).toBe('Male');
    expect(genderOfTitle('Mrs')).toBe('Female');
    expect(genderOfTitle('Miss')).toBe('Female');
    expect(genderOfTitle('Dr')).toBeUndefined();
  });

  it('drops the maiden name unless Female and the LGA outside Nigeria', () => {
    expect(normaliseBiodata({ title: 'Mrs', maidenName: 'Ade', country: 'Nigeria', lga: 'Ikeja' })).toMatchObject({
      gender: 'Female',
      maidenName: 'Ade',
      lga: 'Ikeja',
    });
    expect(normaliseBiodata({ gender: 'Male', maidenName: 'Ade', country: 'Ghana', lga: 'Ikeja' })).toMatchObject({
      maidenName: null,
      lga: null,
    });
  });

  it('sorts children by date of birth, undated last', () => {
    const sorted = sortChildren([{ dateOfBirth: '2015-01-01' }, { dateOfBirth: null }, { dateOfBirth: '2010-06-01' }]);
    expect(sorted.map((c) => c.dateOfBirth)).toEqual(['2010-06-01', '2015-01-01', null]);
  });
});

describe('who may do what', () => {
  const member = [P.updateMembers];
  const admin = new Set([P.updateMembers, P.updateOtherMembers, P.viewMembers, P.updateChurchAffiliation, P.updateDemise]);

  it('lets a member edit their own profile but not another', () => {
    expect(canEditProfile(member, true)).toBe(true);
    expect(canEditProfile(member, false)).toBe(false);
    expect(canEditProfile([], true)).toBe(false);
    expect(canEditProfile(admin, false)).toBe(true);
  });

  it('lets another member be read only with a view or update-others permission', () => {
    expect(canViewProfile(member, true)).toBe(true);
    expect(canViewProfile(member, false)).toBe(false);
    expect(canViewProfile([P.viewMembers], false)).toBe(true);
    expect(canViewProfile([P.updateOtherMembers], false)).toBe(true);
  });

  it('gives the status to CAN_UPDATE_DEMISE_MEMBERS only', () => {
    expect(canEditStatus(member)).toBe(false);
    expect(canEditStatus(admin)).toBe(true);
  });

  it('allows avatar upload on one own profile only', () => {
    expect(canUploadAvatar(true)).toBe(true);
    expect(canUploadAvatar(false)).toBe(false);
  });

  it('gives a member zone and center on their own affiliation, and the permission every field', () => {
    expect(editableAffiliationFields(member, true)).toEqual(SELF_AFFILIATION_FIELDS);
    expect(editableAffiliationFields(member, true)).toContain('zoneId');
    expect(editableAffiliationFields(member, true)).not.toContain('levelOfATS');
    expect(editableAffiliationFields(member, false)).toEqual([]);
    expect(editableAffiliationFields([P.updateChurchAffiliation], false)).toEqual(AFFILIATION_FIELDS);
  });

  it('takes zone and center from a placed member, who moves by request, but not from those who move others', () => {
    expect(editableAffiliationFields(member, true, true)).toEqual(['cihAddress']);
    expect(editableAffiliationFields([P.updateChurchAffiliation], true, true)).toEqual(AFFILIATION_FIELDS);
    expect(isPlaced({ zoneId: 'z', centerId: null })).toBe(true);
    expect(isPlaced({ cihRole: 'cihpastor' })).toBe(true);
    expect(isPlaced({ zoneId: null, centerId: null, cihRole: null })).toBe(false);
    expect(isPlaced(null)).toBe(false);
  });
});
