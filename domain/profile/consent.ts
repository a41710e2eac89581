/**
 * What a person may consent to: being contacted by email, by SMS, appearing in member lists other
 * leaders see, the age they turn shown on the birthday list, and a greeting on their birthday and
 * wedding anniversary (docs/decisions/0208-birthdays-and-anniversaries.md).
 */
export const CONSENT_CATEGORIES = ['email', 'sms', 'listing', 'age', 'greetings'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/**
 * The version of the consent texts (src/i18n/en.ts flock.stewardship.consent): recorded with
 * every choice. Change it whenever those texts change.
 */
export const CONSENT_WORDING = '2026-11-27';
