import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/domain/common/languages';
import { INTL_LOCALES } from '@/domain/common/localeFormat';
import { readTimeZone } from '@/src/authProvider/session';
import { i18nProvider } from './index';

/**
 * The Intl locale of the language the screens speak now (docs/decisions/0231): dates, times and
 * numbers on screen follow the person's language, not the browser's. react-admin renders the tree
 * again when the language changes, so formatting at render time is enough. Exports and CSV keep
 * ISO dates and plain numbers for machines.
 */
export function intlLocale(): string {
  return INTL_LOCALES[screenLanguage()];
}

/** The language the screens speak now: what a page they print or save says it is written in (`<html lang>`). */
export function screenLanguage(): LanguageCode {
  const code = i18nProvider.getLocale();
  return isLanguageCode(code) ? code : DEFAULT_LANGUAGE;
}

/** The last stored zone checked, so a long table does not test it again for every cell. */
let checked: { stored: string | undefined; zone: string | undefined } | undefined;

/**
 * The church's time zone, as the sign-in answered it (docs/decisions/0242); undefined (the
 * browser's zone) for a session saved before the server sent it, or a zone this browser does not know.
 */
export function churchTimeZone(): string | undefined {
  const stored = readTimeZone();
  if (!checked || checked.stored !== stored) checked = { stored, zone: knownZone(stored) };
  return checked.zone;
}

function knownZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * Formats an instant (a createdAt, a meeting's start, an audit entry's time) in the reader's
 * language and the church's time zone. Calendar days ("YYYY-MM-DD": birthdays, a batch's date) are
 * not instants: they are formatted as they are, never through this (docs/decisions/0242).
 */
export function formatInstant(value: string | number | Date, options: Intl.DateTimeFormatOptions = {}): string {
  return new Date(value).toLocaleString(intlLocale(), { ...options, timeZone: churchTimeZone() });
}
