import { describe, expect, it } from 'vitest';
import { dateTime } from './dates.js';

describe('dateTime', () => {
  const startsAt = dateTime('StartsAt', 'StartsAt must be a time');
  const messageOf = (value: unknown) => {
    const parsed = startsAt.safeParse(value);
    return parsed.success ? undefined : parsed.error.issues[0].message;
  };

  it('takes times from the first instant of 1900 to the last of 2199, in UTC', () => {
    expect(startsAt.parse('1900-01-01T00:00:00Z').toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(startsAt.parse('2199-12-31T23:59:59.999Z').toISOString()).toBe('2199-12-31T23:59:59.999Z');
    expect(startsAt.parse('2026-11-27T10:00:00+01:00').toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });

  it('refuses a time outside the range with the range, and what is no time with its own message', () => {
    for (const value of [
      '+275760-09-13T00:00:00Z',
      '-271821-04-20T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '1899-12-31T23:59:59.999Z',
      '2200-01-01T00:00:00Z',
    ]) {
      expect(messageOf(value), value).toBe('StartsAt must be between 1900-01-01 and 2199-12-31');
    }
    expect(messageOf('soon')).toBe('StartsAt must be a time');
    expect(messageOf('+275760-09-13T00:00:00.001Z')).toBe('StartsAt must be a time');
  });

  it('says "must be a date and time" when no message is given', () => {
    expect(dateTime('Schedule time').safeParse('never').error?.issues[0].message).toBe('Schedule time must be a date and time');
  });
});
