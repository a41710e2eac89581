// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { fakeApi, findRow, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { saveSession } from '@/src/authProvider/session';
import { localTime } from '@/src/areas/auditTrail/auditFormat';
import { MeetingsPage } from '@/src/areas/meetings/MeetingsPage';
import { longDate } from '@/src/common/crud';
import { churchTimeZone, formatInstant, intlLocale } from './formats';

// docs/decisions/0242: instants show in the church's time zone, which the sign-in answers; calendar days are not shifted.

/** Signs in as the administrator with this church time zone in the sign-in answer. */
function signInAt(timeZone: string | undefined) {
  localStorage.clear();
  saveSession({ token: 't', permissions: [], user: { id: 'u1', email: 'a@example.org', fullName: 'Ada', cihRole: null }, timeZone });
}

afterEach(() => localStorage.clear());

describe("the church's time zone on screen", () => {
  it('shows an instant near midnight on the church’s day and hour, not the browser’s', () => {
    signInAt('Pacific/Auckland');
    expect(churchTimeZone()).toBe('Pacific/Auckland');
    // 11:30 UTC on 7 January is 00:30 on 8 January in Auckland (UTC+13 in summer)
    const instant = '2030-01-07T11:30:00.000Z';
    expect(formatInstant(instant, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' })).toBe('8 January 2030 at 00:30');
    expect(longDate(instant)).toBe('8 January 2030');
    expect(localTime(instant, intlLocale(), churchTimeZone())).toMatch(/^8 Jan 2030, 00:30:00$/);
  });

  it('leaves a calendar day as it is, whatever the zone', () => {
    // a day read as UTC midnight and written in a zone east or west of UTC would move a day
    signInAt('Pacific/Auckland');
    expect(longDate('1990-03-01')).toBe('1 March 1990');
    signInAt('America/Los_Angeles');
    expect(longDate('1990-03-01')).toBe('1 March 1990');
  });

  it('falls back to the browser’s zone for a session saved without one, or with a zone the browser does not know', () => {
    signInAt(undefined);
    expect(churchTimeZone()).toBeUndefined();
    expect(formatInstant('2030-01-07T11:30:00.000Z')).toBe(new Date('2030-01-07T11:30:00.000Z').toLocaleString(intlLocale()));
    signInAt('Mars/Olympus_Mons');
    expect(churchTimeZone()).toBeUndefined();
  });
});

describe('a screen in the church’s time zone', () => {
  const api = fakeApi();

  it('lists a meeting at the church’s time', async () => {
    signInWith(['CAN_VIEW_MEETINGS'], { id: 'u1', roles: ['hod'] });
    localStorage.setItem('timeZone', 'Africa/Lagos');
    const meeting = {
      id: 'm1',
      title: 'Night vigil',
      kind: 'department',
      // 23:30 UTC on 31 December is 00:30 on 1 January in Lagos (UTC+1)
      startsAt: '2029-12-31T23:30:00.000Z',
      durationMinutes: 60,
      venue: 'Hall',
      createdBy: 'u1',
      createdByName: 'Emeka Nwosu',
      inviteeCount: 3,
    };
    api.on('GET /Meeting/GetAll', () => rows([meeting]));
    renderScreen(<MeetingsPage />, { path: '/meetings' });
    const row = await findRow(/Night vigil/);
    expect(within(row).getByText(/1 Jan 2030/)).toBeTruthy();
    expect(within(row).getByText(/00:30/)).toBeTruthy();
  });
});
