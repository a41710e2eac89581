import { describe, expect, it } from 'vitest';
import { calendarDays, shift } from './calendarDays';

describe('calendarDays', () => {
  it('covers a month in whole weeks from Monday to Sunday', () => {
    const days = calendarDays('month', '2030-05-17');
    expect(days[0]).toBe('2030-04-29');
    expect(days.at(-1)).toBe('2030-06-02');
    expect(days).toHaveLength(35);
    expect(days).toContain('2030-05-31');
  });

  it('gives the week of a day from its Monday', () => {
    expect(calendarDays('week', '2030-05-05')).toEqual([
      '2030-04-29',
      '2030-04-30',
      '2030-05-01',
      '2030-05-02',
      '2030-05-03',
      '2030-05-04',
      '2030-05-05',
    ]);
  });

  it('moves by a month (to its first day) or a week', () => {
    expect(shift('month', '2030-01-31', 1)).toBe('2030-02-01');
    expect(shift('month', '2030-01-15', -1)).toBe('2029-12-01');
    expect(shift('week', '2030-05-05', 1)).toBe('2030-05-12');
  });
});
