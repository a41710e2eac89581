/** Venues, events and outreach: the values their requests take (server, forms and screens alike). */

/** The event request types, spelt exactly as clients send them. */
export const EVENT_TYPES = ['babyChristening', 'babyDedication', 'houseWarming', 'specialThanksgiving', 'burialCeremony'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The request state machine of the member requests: pending, then decided once or withdrawn. */
export const GATHERING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type GatheringStatus = (typeof GATHERING_STATUSES)[number];

/** An outreach is completed when its report is filed. */
export const OUTREACH_STATUSES = [...GATHERING_STATUSES, 'completed'] as const;
export type OutreachStatus = (typeof OUTREACH_STATUSES)[number];

/** A person who gave their life at an outreach; firstTimerId once sent to the first-timer list. */
export type Convert = {
  id: string;
  firstName: string;
  surName: string;
  phone?: string;
  email?: string;
  gender?: string;
  address?: string;
  decision?: string;
  followUp: boolean;
  firstTimerId?: string;
};
