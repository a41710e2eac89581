/** What a person may consent to: being contacted by email, by SMS, and appearing in member lists other leaders see. */
export const CONSENT_CATEGORIES = ['email', 'sms', 'listing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/**
 * The version of the consent texts (src/i18n/en.ts flock.stewardship.consent): recorded with
 * every choice. Change it whenever those texts change.
 */
export const CONSENT_WORDING = '2026-11-23';
