import type { LanguageCode } from './languages.js';

/**
 * The Intl locale each language of the list formats dates and numbers with (British English's
 * day-month order, as Flock always wrote dates; French's). The type asks for every language.
 */
export const INTL_LOCALES: Record<LanguageCode, string> = { en: 'en-GB', fr: 'fr-FR' };

/** A moment as a sentence says it ("Tuesday 1 December 2026 at 18:00", "mardi 1 décembre 2026 à 18:00"), in the process's time zone. */
export function sayMoment(d: Date, code: LanguageCode): string {
  return d.toLocaleString(INTL_LOCALES[code], { dateStyle: 'full', timeStyle: 'short' });
}
