import type { TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { en } from './en';

type Texts = Record<string, unknown>;
const core = { ...englishMessages, ...en } as TranslationMessages;
let messages: TranslationMessages = core;

/**
 * allowMissing: server messages are passed to translate() as they are (notify, field errors)
 * and must come back unchanged rather than as a missing-key warning. The messages are the core
 * set until the signed-in areas' texts arrive (loadAreaTexts), then both.
 */
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});

let loading: Promise<void> | undefined;

/**
 * The texts of the signed-in areas (src/i18n/enAreas.ts), merged into the provider's messages
 * once; signed-in screens wait for it (SignedInLayout), the login page does not.
 */
export function loadAreaTexts(): Promise<void> {
  loading ??= import('./enAreas').then(async ({ enAreas }) => {
    const base = core as TranslationMessages & { flock: Texts; resources: Texts };
    messages = { ...base, flock: { ...base.flock, ...enAreas.flock }, resources: { ...base.resources, ...enAreas.resources } };
    await i18nProvider.changeLocale('en');
  });
  return loading;
}
