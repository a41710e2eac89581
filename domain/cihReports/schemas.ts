import { z } from 'zod';
import { pastDate } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';

/**
 * CIH attendance and the three report kinds. The server validates with these and the web forms
 * reuse them. Every update is its create plus the record's id, and replaces every field.
 */

const text = (label: string, max = 2000) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const count = (label: string, max = 100_000) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be below 0`)
    .max(max, `${label} cannot be above ${max}`);

const score = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be from 1 to 5`)
    .max(5, `${label} must be from 1 to 5`);

const withId = <S extends z.ZodRawShape>(shape: S) => z.object({ id: idField(), ...shape });

// Attendance

const markSchema = z.object({ userId: idField('Member'), present: z.boolean({ error: 'Mark each member present or absent' }) });

const visitorSchema = z.object({
  /** A visitor saved before keeps its id, and with it the first-timer account made from it. */
  id: idField('Visitor').optional(),
  name: requiredText('Visitor name', 100),
  phone: text('Phone', 30),
  email: z
    .email('Enter a valid email')
    .trim()
    .toLowerCase()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  firstTimer: z.boolean().optional(),
});

const attendanceShape = {
  centerId: idField('Center'),
  meetingDate: pastDate('Meeting date'),
  marks: z.array(markSchema).max(5000, 'At most 5000 members'),
  visitors: z.array(visitorSchema).max(500, 'At most 500 visitors').optional(),
  childrenCount: count('Children', 10_000).optional(),
  offering: z.coerce
    .number({ error: 'Offering must be a number' })
    .min(0, 'Offering cannot be below 0')
    .max(1_000_000_000, 'Offering is too large')
    .optional(),
  notes: text('Notes'),
};
/**
 * A save queued on a phone without signal (docs/decisions/0205, 0206): idempotencyKey names the
 * save, so a retry whose first try did arrive answers as that first try did and writes nothing;
 * basedOn is the updatedAt of the date's meeting the save started from ('none': there was none
 * known), and a meeting changed since is answered 409 rather than overwritten unseen (empty
 * parameters are ignored by every call, so 'none' rather than null).
 */
const offlineSaveShape = {
  idempotencyKey: z
    .string({ error: 'Idempotency key must be text' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency key must be 8 to 100 letters, digits, - or _')
    .optional(),
  basedOn: z
    .union([z.iso.datetime({ offset: true }), z.literal('none')], { error: "basedOn must be a date and time or 'none'" })
    .optional(),
};
export const attendanceSchema = z.object({ ...attendanceShape, ...offlineSaveShape });
export const attendanceUpdateSchema = withId(attendanceShape);
export type AttendanceInput = z.input<typeof attendanceSchema>;
/** What a meeting's save writes: the create's fields without its offline-save fields. */
export type AttendanceValues = Omit<z.output<typeof attendanceSchema>, keyof typeof offlineSaveShape>;
export const visitorToFirstTimerSchema = z.object({ visitorId: idField('Visitor') });

// Activity reports

export const REPORT_STATUSES = ['draft', 'submitted'] as const;
const activityShape = {
  centerId: idField('Center'),
  reportDate: pastDate('Date'),
  topic: requiredText('Topic'),
  testimonies: text('Testimonies'),
  prayerRequests: text('Prayer requests'),
  challenges: text('Challenges'),
  soulsWon: count('Souls won', 10_000).optional(),
  status: z.enum(REPORT_STATUSES, { error: "Status must be 'draft' or 'submitted'" }).optional(),
};
export const activityReportSchema = z.object(activityShape);
export const activityReportUpdateSchema = withId(activityShape);
export type ActivityReportInput = z.input<typeof activityReportSchema>;

// Inspection reports

const inspectionShape = {
  centerId: idField('Center'),
  visitDate: pastDate('Visit date'),
  punctuality: score('Punctuality'),
  venueCondition: score('Venue condition'),
  leadership: score('Leadership'),
  materials: score('Materials'),
  remarks: text('Remarks'),
  recommendations: text('Recommendations'),
};
export const inspectionReportSchema = z.object(inspectionShape);
export const inspectionReportUpdateSchema = withId(inspectionShape);
export type InspectionReportInput = z.input<typeof inspectionReportSchema>;

// Follow-up reports

export const FOLLOW_UP_CHANNELS = ['visit', 'call', 'message'] as const;
export const FOLLOW_UP_REASONS = ['firstTimer', 'absentee'] as const;
export const FOLLOW_UP_STATUSES = ['open', 'closed'] as const;
const followUpShape = {
  centerId: idField('Center'),
  personId: idField('Person'),
  reason: z.enum(FOLLOW_UP_REASONS, { error: "Reason must be 'firstTimer' or 'absentee'" }),
  followUpDate: pastDate('Date'),
  channel: z.enum(FOLLOW_UP_CHANNELS, { error: "Channel must be 'visit', 'call' or 'message'" }),
  outcome: text('Outcome'),
  nextStep: text('Next step', 500),
  status: z.enum(FOLLOW_UP_STATUSES, { error: "Status must be 'open' or 'closed'" }).optional(),
};
export const followUpReportSchema = z.object(followUpShape);
export const followUpReportUpdateSchema = withId(followUpShape);
export type FollowUpReportInput = z.input<typeof followUpReportSchema>;

/** GetAbsentees and GetCIHStats: the center asked about. */
export const centerIdQuery = z.object({ centerId: idField('CenterId') });

/** GetZoneCIHStats: the zone asked about. */
export const zoneIdQuery = z.object({ zoneId: idField('ZoneId') });
