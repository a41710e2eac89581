import { describe, expect, it } from 'vitest';
import { celebrationDay, monthDayRanges, periodOf, yearsOn } from './dates.js';

describe('celebration periods', () => {
  it('a week runs Sunday to Saturday and may cross the year end', () => {
    expect(periodOf('2027-01-01', 'week')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(monthDayRanges('2026-12-27', '2027-01-02')).toEqual([
      [1227, 1231],
      [101, 102],
    ]);
  });

  it('a month is the calendar month', () => {
    expect(periodOf('2028-02-10', 'month')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('2027-02-10', 'month')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('29 February is celebrated on 28 February in a year without one, and on the 29th in a leap year', () => {
    expect(monthDayRanges('2027-02-01', '2027-02-28')).toEqual([
      [201, 228],
      [229, 229],
    ]);
    expect(celebrationDay('2000-02-29', '2027-02-28', '2027-03-06')).toBe('2027-02-28');
    expect(celebrationDay('2000-02-29', '2028-02-27', '2028-03-04')).toBe('2028-02-29');
    expect(celebrationDay('2000-02-29', '2027-03-01', '2027-03-07')).toBeUndefined();
  });

  it('finds the day across the year end and counts the years to it', () => {
    expect(celebrationDay('1990-01-02', '2026-12-27', '2027-01-02')).toBe('2027-01-02');
    expect(celebrationDay('1990-12-28', '2026-12-27', '2027-01-02')).toBe('2026-12-28');
    expect(yearsOn('1990-01-02', '2027-01-02')).toBe(37);
  });
});
