import type { TranslateFunction } from 'react-admin';
import type { Celebration } from '@/domain/celebrations/schemas';
import { intlLocale } from '@/src/i18n/formats';

/** A calendar day (YYYY-MM-DD) as 'Wed 30 Dec' in the reader's language; never a year, which would tell the year of birth. */
export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The person, with their spouse for an anniversary. */
export const whoLabel = (row: Celebration, translate: TranslateFunction) =>
  row.spouseName ? translate('flock.celebrations.with_spouse', { name: row.name, spouse: row.spouseName }) : row.name;

/** 'Birthday · Wed 30 Dec · turns 36' or 'Wedding anniversary · Fri 1 Jan · 17 years'; the age only when the server sent it. */
export function whatLabel(row: Celebration, translate: TranslateFunction) {
  const years =
    row.years === null
      ? undefined
      : translate(row.kind === 'birthday' ? 'flock.celebrations.turns' : 'flock.celebrations.married', { smart_count: row.years });
  return [translate(`flock.celebrations.${row.kind}`), dayLabel(row.day), years].filter(Boolean).join(' · ');
}
