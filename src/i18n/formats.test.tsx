// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, findRow, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { relativeTime } from '@/src/areas/auditTrail/auditFormat';
import { dayLabel } from '@/src/areas/celebrations/celebrationText';
import { MeetingsPage } from '@/src/areas/meetings/MeetingsPage';
import { longDate } from '@/src/common/crud';
import { money } from '@/src/areas/giving/money';
import { intlLocale, screenLanguage } from './formats';
import { i18nProvider } from './index';

// docs/decisions/0231: dates and numbers on screen follow the language the screens speak, not the browser's.

afterEach(() => i18nProvider.changeLocale('en'));

describe('the formats of the screens', () => {
  it('write dates in French once the screens speak French, and in English again after', async () => {
    await i18nProvider.changeLocale('fr');
    expect(intlLocale()).toBe('fr-FR');
    expect(longDate('2026-12-01T12:00:00Z')).toBe('1 décembre 2026');
    expect(dayLabel('2026-12-30')).toBe('mer. 30 déc.');
    expect(relativeTime('2026-11-26T12:00:00Z', Date.parse('2026-11-27T12:00:00Z'), intlLocale())).toBe('hier');
    await i18nProvider.changeLocale('en');
    expect(longDate('2026-12-01T12:00:00Z')).toBe('1 December 2026');
    expect(dayLabel('2026-12-30')).toBe('Wed 30 Dec');
  });

  it('write money as the language does, with the naira sign (docs/decisions/0237)', async () => {
    expect(money(150_050, 'NGN')).toBe('₦1,500.50');
    await i18nProvider.changeLocale('fr');
    expect(screenLanguage()).toBe('fr');
    // French groups thousands with a narrow no-break space and puts the sign after
    expect(money(150_050, 'NGN').replace(/\s/g, ' ')).toBe('1 500,50 ₦');
  });
});

describe('a screen in French', () => {
  const api = fakeApi();

  it('lists meetings with French headings and a French date', async () => {
    await i18nProvider.changeLocale('fr');
    signInWith(['CAN_VIEW_MEETINGS'], { id: 'u1', roles: ['hod'] });
    const meeting = {
      id: 'm1',
      title: 'Choir planning',
      kind: 'department',
      startsAt: '2030-01-07T12:00:00.000Z',
      durationMinutes: 60,
      venue: 'Salle 2',
      createdBy: 'u1',
      createdByName: 'Emeka Nwosu',
      inviteeCount: 3,
    };
    api.on('GET /Meeting/GetAll', () => rows([meeting]));
    renderScreen(<MeetingsPage />, { path: '/meetings' });
    const row = await findRow(/Choir planning/);
    expect(within(row).getByText(/7 janv\. 2030/)).toBeTruthy();
    expect(screen.getByText('Lieu')).toBeTruthy();
  });
});
