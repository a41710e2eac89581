/**
 * What a person may consent to: being contacted by email, by SMS, appearing in member lists other
 * leaders see, the age they turn shown on the birthday list, a greeting on their birthday and
 * wedding anniversary (docs/decisions/0208-birthdays-and-anniversaries.md), and their phone number
 * and email printed in the church directory (docs/decisions/0215-directory.md).
 */
export const CONSENT_CATEGORIES = ['email', 'sms', 'listing', 'age', 'greetings', 'directory'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/**
 * The version of the consent texts (src/i18n/en.ts flock.stewardship.consent): recorded with
 * every choice. Change it whenever those texts change.
 */
export const CONSENT_WORDING = '2026-11-27';
