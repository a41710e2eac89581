import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/domain/common/languages';
import { INTL_LOCALES } from '@/domain/common/localeFormat';
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
