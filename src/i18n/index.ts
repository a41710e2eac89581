import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { en } from './en';

const messages = { ...englishMessages, ...en };

/**
 * allowMissing: server messages are passed to translate() as they are (notify, field errors)
 * and must come back unchanged rather than as a missing-key warning.
 */
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
