import { describe, expect, it } from 'vitest';
import { diffOf, humanize, relativeTime, valueText } from './auditFormat';

describe('the audit screen’s formats', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');

  it('says how long ago in the largest whole unit', () => {
    expect(relativeTime('2026-05-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-05-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-05-10T11:59:30Z', now, 'en')).toBe('now');
    expect(relativeTime('2024-05-10T12:00:00Z', now, 'en')).toBe('2 years ago');
  });

  it('keeps only changed fields of an update, and every field of a creation or deletion', () => {
    expect(diffOf({ mobile2: '080', email: 'a@x.org' }, { mobile2: '081', email: 'a@x.org' })).toEqual([
      { field: 'mobile2', before: '080', after: '081' },
    ]);
    expect(diffOf(null, { name: 'Choir', size: 3 }).map((r) => r.field)).toEqual(['name', 'size']);
    expect(diffOf({ name: 'Choir' }, null)).toEqual([{ field: 'name', before: 'Choir', after: undefined }]);
    expect(diffOf({ roles: ['member'] }, { roles: ['member', 'hod'] })).toEqual([
      { field: 'roles', before: ['member'], after: ['member', 'hod'] },
    ]);
    expect(diffOf(null, null)).toEqual([]);
  });

  it('writes values and field names for people', () => {
    expect(valueText(null)).toBeUndefined();
    expect(valueText('')).toBeUndefined();
    expect(valueText(false)).toBe('false');
    expect(valueText(['a'])).toBe('[\n "a"\n]');
    expect(humanize('mobile2')).toBe('Mobile 2');
    expect(humanize('dateOfBirth')).toBe('Date of birth');
  });
});
