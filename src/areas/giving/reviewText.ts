/** The office's reviews' texts: flock.givingReview.<key> (src/i18n/enAreas.ts; docs/decisions/0233-paystack-webhook.md). */
export const review = (key: string) => `flock.givingReview.${key}`;
