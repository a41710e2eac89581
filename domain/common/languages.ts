/**
 * The languages Flock speaks: one line each, its code and its own name (docs/decisions/0226-languages.md).
 * The web app's provider, the language pickers, the catalogue parity test and the server's
 * validation all read this list (no zod here: the sign-in page's first bundle reads it); adding a language is its catalogue files (src/i18n/) and a line here.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages that Flock speaks ('fr-CA' is French), else English.
 */
export function browserLanguage(preferred: readonly string[]): LanguageCode {
  for (const tag of preferred) {
    const code = tag.toLowerCase().split('-')[0];
    if (isLanguageCode(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** Words in every language of the list, the type asking for each: what the server writes to a person. */
export type Localized<T = string> = Record<LanguageCode, T>;

/** The words in a person's language; English for a code Flock does not speak. */
export function wordsIn<T>(words: Localized<T>, language: unknown): T {
  return words[isLanguageCode(language) ? language : DEFAULT_LANGUAGE];
}

/** Words written for each language of the list in turn. */
export function inEveryLanguage<T>(words: (code: LanguageCode) => T): Localized<T> {
  return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, words(code)])) as Localized<T>;
}
