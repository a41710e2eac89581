import { describe, expect, it } from 'vitest';
import { ageOn, misfit } from './affinityFit';

const TODAY = '2026-11-23';
const group = (name: string, startAge: number | null, endAge: number | null, maritalStatus: string | null = null) => ({
  name,
  startAge,
  endAge,
  maritalStatus,
});
const married36 = { dateOfBirth: '1990-03-14', maritalStatus: 'Married' };

describe('affinity group fit', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1990-11-23', TODAY)).toBe(36);
    expect(ageOn('1990-11-24', TODAY)).toBe(35);
  });

  it('fits a married 36-year-old to Young Married, not Teens, Seniors or Young Adults', () => {
    expect(misfit(group('Young Married', 20, 40, 'Married'), married36, TODAY)).toBeNull();
    expect(misfit(group('Teens', 13, 19), married36, TODAY)).toBe('The Teens affinity group is for members aged 13 to 19');
    expect(misfit(group('Seniors', 60, 99), married36, TODAY)).toBe('The Seniors affinity group is for members aged 60 to 99');
    expect(misfit(group('Young Adults', 20, 35, 'Single'), married36, TODAY)).toMatch(/aged 20 to 35/);
    expect(misfit(group('Singles', null, null, 'Single'), married36, TODAY)).toBe('The Singles affinity group is for single members');
  });

  it("keeps a men's or women's fellowship to its gender, and lets either into a group without one", () => {
    const men = { ...group('Men', 18, 99), gender: 'Male' };
    expect(misfit(men, { ...married36, gender: 'Female' }, TODAY)).toBe('The Men affinity group is for men');
    expect(misfit(men, { ...married36, gender: 'Male' }, TODAY)).toBeNull();
    expect(misfit({ ...group('Women', 18, 99), gender: 'Female' }, { ...married36, gender: 'Female' }, TODAY)).toBeNull();
    expect(misfit(group('Young Married', 20, 40, 'Married'), { ...married36, gender: 'Female' }, TODAY)).toBeNull();
  });

  it('asks for the date of birth when the group has an age range, and lets anyone into an open group', () => {
    expect(misfit(group('Teens', 13, 19), { maritalStatus: 'Single' }, TODAY)).toMatch(/add the date of birth to the profile first$/);
    expect(misfit(group('Choir friends', null, null), {}, TODAY)).toBeNull();
    expect(misfit(group('Over 18', 18, null), married36, TODAY)).toBeNull();
  });
});
