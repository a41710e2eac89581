import { z } from 'zod';
import { GENDERS } from '@/domain/common/enums.js';
import { EVENT_TYPES, GATHERING_STATUSES, OUTREACH_STATUSES } from '@/domain/gatherings/statuses.js';
import { decisionCommentError } from '@/domain/requests/rules.js';
import { calendarDate } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';

/**
 * The forms and query parameters of venues, venue bookings, event requests and outreach. The
 * server validates with these and the web forms reuse them.
 */

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);
const optionalText = (max = 500) => z.string().trim().max(max, `At most ${max} characters`).optional();
const count = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`);
const names = z.array(z.string().trim().min(1).max(100)).max(100).default([]);

/** HH:MM (seconds allowed), a time of day. */
const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be a time (HH:MM)`)
    .transform((t) => t.slice(0, 5));

const withId = <T extends z.ZodRawShape>(shape: T) => z.object({ id: idField('Id'), ...shape });

// Venues

const venueShape = {
  name: requiredText('Name', 100),
  address: optionalText(300),
  capacity: count('Capacity').optional(),
  facilities: names,
  accessories: names,
  availabilityNotes: optionalText(),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
};
export const venueSchema = z.object(venueShape);
export const venueUpdateSchema = withId(venueShape);
export type VenueInput = z.input<typeof venueSchema>;

// Bookings

const slotShape = {
  startTime: timeOfDay('Start time'),
  endTime: timeOfDay('End time'),
};
const endAfterStart = (v: { startTime?: string; endTime?: string }, ctx: z.RefinementCtx) => {
  if (v.startTime && v.endTime && v.endTime <= v.startTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' });
};

const bookingShape = {
  venueId: idField('Venue'),
  bookingDate: calendarDate('Date'),
  ...slotShape,
  purpose: requiredText('Purpose', 300),
  expectedAttendance: count('Expected attendance').optional(),
};
/** RequestForVenue: a new booking, or (with its id) a change to one's own pending booking. */
export const bookingSchema = z.object({ id: idField('Id').optional(), ...bookingShape }).superRefine(endAfterStart);
export type BookingInput = z.input<typeof bookingSchema>;

// Decisions

const comment = z.string({ error: 'Comment must be text' }).trim().max(500, 'At most 500 characters').optional();

/** ApproveOrReject...?Id&Approve&Comment: a rejection needs its comment. */
export const idDecisionSchema = z
  .object({ id: idField('Id'), approve: z.stringbool({ error: 'Approve must be true or false' }), comment })
  .superRefine((q, ctx) => {
    const message = decisionCommentError(q.approve, q.comment);
    if (message) ctx.addIssue({ code: 'custom', path: ['comment'], message });
  });

export const idQuerySchema = z.object({ id: idField('Id') });

// Events

const eventTypeField = z.enum(EVENT_TYPES, { error: `Request type must be one of: ${EVENT_TYPES.join(', ')}` });

const eventShape = {
  eventDate: calendarDate('Date'),
  peopleConcerned: requiredText('People concerned', 500),
  notes: optionalText(1000),
  /** A venue to book for the day, from startTime to endTime. */
  venueId: idField('Venue').optional(),
  startTime: timeOfDay('Start time').optional(),
  endTime: timeOfDay('End time').optional(),
  expectedAttendance: count('Expected attendance').optional(),
};
const venueNeedsTimes = (v: { venueId?: string; startTime?: string; endTime?: string }, ctx: z.RefinementCtx) => {
  if (v.venueId && !v.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Start time is required with a venue' });
  if (v.venueId && !v.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time is required with a venue' });
  endAfterStart(v, ctx);
};
export const eventSchema = z.object(eventShape).superRefine(venueNeedsTimes);
/** The form: the type too (sent as RequestType on filing; a pending request's type may be corrected). */
export const eventFormSchema = z.object({ eventType: eventTypeField, ...eventShape }).superRefine(venueNeedsTimes);
export const eventUpdateSchema = withId({ ...eventShape, eventType: eventTypeField.optional() }).superRefine(venueNeedsTimes);
export const eventRequestQuery = z.object({ requestType: eventTypeField });
export type EventInput = z.input<typeof eventSchema>;

// Outreach

const outreachShape = {
  title: requiredText('Title', 150),
  purpose: requiredText('Purpose', 1000),
  state: optionalText(100),
  lga: optionalText(100),
  address: requiredText('Address', 300),
  outreachDate: calendarDate('Date'),
  startTime: timeOfDay('Start time').optional(),
  teamIds: z.array(idField('Team member')).max(200).default([]),
  materials: optionalText(1000),
  accessories: names,
  budget: z.coerce.number({ error: 'Budget must be a number' }).min(0, 'Budget cannot be negative').max(1e12).optional(),
};
export const outreachSchema = z.object(outreachShape);
export const outreachUpdateSchema = withId(outreachShape);
export type OutreachInput = z.input<typeof outreachSchema>;

/** A convert's emptied fields (null or '' from the form's rows) are absent. */
const withoutBlanks = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== ''))
    : value;

const convertShape = z.object({
  id: idField('Convert').optional(),
  firstName: requiredText('First name', 100),
  surName: requiredText('Last name', 100),
  phone: optionalText(30),
  email: z
    .email('Enter a valid email')
    .trim()
    .toLowerCase()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  gender: z.enum(GENDERS, { error: `Gender must be one of: ${GENDERS.join(', ')}` }).optional(),
  address: optionalText(300),
  decision: optionalText(200),
  followUp: z.boolean().default(false),
});
export const convertSchema = z.preprocess(withoutBlanks, convertShape);
export type ConvertInput = z.input<typeof convertSchema>;
const converts = z.array(convertSchema).max(500, 'At most 500 converts').default([]);

const reportShape = {
  dateHeld: calendarDate('Date held'),
  attendance: count('Attendance').default(0),
  soulsReached: count('Souls reached').default(0),
  detailOfConverts: converts,
  testimonies: optionalText(4000),
  challenges: optionalText(4000),
};
export const outreachReportSchema = z.object({ outreachRequestId: idField('Outreach request'), ...reportShape });
export const outreachReportUpdateSchema = withId(reportShape);
export const convertsUpdateSchema = z.object({ id: idField('Id'), detailOfConverts: converts });
export const convertToFirstTimerSchema = z.object({ reportId: idField('Report'), convertId: idField('Convert') });
export type OutreachReportInput = z.input<typeof outreachReportSchema>;

// List filters

const day = (label: string) => calendarDate(label).optional();
/** Requester: part of the requester's name or email. */
const requesterFilter = z.string().trim().max(100, 'Requester must be at most 100 characters').optional();
export const bookingFilters = {
  status: z.enum(GATHERING_STATUSES, { error: `Status must be one of: ${GATHERING_STATUSES.join(', ')}` }).optional(),
  venueId: idField('Venue').optional(),
  from: day('From'),
  to: day('To'),
  mine: z.stringbool().optional(),
  requester: requesterFilter,
};
export const eventFilters = {
  status: bookingFilters.status,
  eventType: eventTypeField.optional(),
  from: day('From'),
  to: day('To'),
  requester: requesterFilter,
};
export const outreachFilters = {
  status: z.enum(OUTREACH_STATUSES, { error: `Status must be one of: ${OUTREACH_STATUSES.join(', ')}` }).optional(),
  from: day('From'),
  to: day('To'),
  mine: z.stringbool().optional(),
  requester: requesterFilter,
};
