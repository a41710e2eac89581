import { P } from '@/domain/roles/permissions.js';

/**
 * The right that decides each kind of gathering request: the decision routes' access rule, the
 * deciders a waiting one is told to, and whose own booking is approved at once
 * (docs/decisions/0207-deciders-told.md). One table, so the three never disagree.
 */
export const DECIDED_BY = {
  venueBooking: P.approveVenues,
  eventRequest: P.approveEvents,
  outreachRequest: P.approveOutreach,
} as const;
