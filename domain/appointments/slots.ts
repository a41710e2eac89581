import { z } from 'zod';
import { calendarDate, dateTime } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';
import { localDay } from '@/domain/common/localTime.js';

export { localDay };

/** Appointments: a host's availability, the bookings members make, and the calendar file of one. */

export const APPOINTMENT_REASONS = ['counselling', 'prayer', 'marriage', 'other'] as const;
export type AppointmentReason = (typeof APPOINTMENT_REASONS)[number];
/** requested -> confirmed | declined (host); requested | confirmed -> cancelled (member); reschedule keeps or sets confirmed. */
export const APPOINTMENT_STATUSES = ['requested', 'confirmed', 'declined', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** The statuses that hold the host's time. */
export const HOLDING_STATUSES: readonly AppointmentStatus[] = ['requested', 'confirmed'];

export type Window = { weekday: number; startMinute: number; endMinute: number; slotMinutes: number };
export type Slot = { startsAt: Date; endsAt: Date };

const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = 86_400_000;
/** How far ahead slots are offered (and a booking may be made). */
const BOOKING_HORIZON_DAYS = 90;

/**
 * The slots of the windows between from and to (local days, both included), leaving out the
 * exception days, the past and the ranges already taken. Times are the local wall clock, so a
 * 09:00 window stays 09:00 across a daylight-saving change.
 */
export function freeSlots(
  windows: Window[],
  range: { from: string; to: string; now: Date; exceptions: ReadonlySet<string>; taken: Slot[] },
): Slot[] {
  const slots: Slot[] = [];
  const [fy, fm, fd] = range.from.split('-').map(Number);
  for (
    let day = new Date(fy, fm - 1, fd);
    localDay(day) <= range.to;
    day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)
  ) {
    if (range.exceptions.has(localDay(day))) continue;
    for (const w of windows.filter((x) => x.weekday === day.getDay()).sort((a, b) => a.startMinute - b.startMinute)) {
      for (let m = w.startMinute; m + w.slotMinutes <= w.endMinute; m += w.slotMinutes) {
        const startsAt = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, m);
        const endsAt = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, m + w.slotMinutes);
        if (startsAt > range.now && !range.taken.some((t) => overlaps(t, { startsAt, endsAt }))) slots.push({ startsAt, endsAt });
      }
    }
  }
  return slots;
}

function overlaps(a: Slot, b: Slot): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** The window slot starting exactly at startsAt, if the windows offer one that day. */
export function slotAt(windows: Window[], startsAt: Date, exceptions: ReadonlySet<string>): Slot | undefined {
  if (exceptions.has(localDay(startsAt))) return undefined;
  const minute = startsAt.getHours() * 60 + startsAt.getMinutes();
  if (startsAt.getSeconds() || startsAt.getMilliseconds()) return undefined;
  const w = windows.find(
    (x) =>
      x.weekday === startsAt.getDay() &&
      minute >= x.startMinute &&
      minute + x.slotMinutes <= x.endMinute &&
      (minute - x.startMinute) % x.slotMinutes === 0,
  );
  return w && { startsAt, endsAt: new Date(startsAt.getTime() + w.slotMinutes * 60_000) };
}

export const withinHorizon = (startsAt: Date, now: Date) => startsAt.getTime() <= now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS;

const minuteOfDay = z.coerce.number().int().min(0).max(MINUTES_PER_DAY);

const windowSchema = z
  .object({
    weekday: z.coerce.number().int().min(0, 'Weekday must be 0 (Sunday) to 6').max(6, 'Weekday must be 0 (Sunday) to 6'),
    startMinute: minuteOfDay,
    endMinute: minuteOfDay,
    slotMinutes: z.coerce.number().int().min(10, 'A slot is at least 10 minutes').max(240, 'A slot is at most 240 minutes').default(30),
  })
  .refine((w) => w.endMinute >= w.startMinute + w.slotMinutes, { message: 'A window must hold at least one slot', path: ['endMinute'] });

/** PUT /Appointment/SetAvailability: the caller's whole availability, replacing what was there. */
export const availabilitySchema = z.object({
  windows: z
    .array(windowSchema)
    .max(50)
    .refine(
      (ws) =>
        !ws.some((w, i) =>
          ws.some((o, j) => j !== i && o.weekday === w.weekday && o.startMinute < w.endMinute && w.startMinute < o.endMinute),
        ),
      'Two windows of one day overlap',
    ),
  exceptions: z
    .array(z.object({ day: calendarDate('Day'), note: z.string().trim().max(200).optional() }))
    .max(200)
    .default([]),
});

/** POST /Appointment/Create: a member books a host's slot. */
export const bookingSchema = z.object({
  hostId: idField('HostId'),
  startsAt: dateTime('StartsAt', 'StartsAt must be a time'),
  reason: z.enum(APPOINTMENT_REASONS, { error: `Reason must be one of: ${APPOINTMENT_REASONS.join(', ')}` }),
  note: z.string().trim().max(1000, 'At most 1000 characters').optional(),
});

export const APPOINTMENT_ACTIONS = ['confirm', 'decline', 'reschedule', 'cancel'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/** PUT /Appointment/Update: the host confirms, declines or reschedules; the member cancels. */
export const appointmentUpdateSchema = z
  .object({
    id: idField(),
    action: z.enum(APPOINTMENT_ACTIONS, { error: `Action must be one of: ${APPOINTMENT_ACTIONS.join(', ')}` }),
    startsAt: dateTime('StartsAt', 'StartsAt must be a time').optional(),
    comment: z.string().trim().max(500, 'At most 500 characters').optional(),
  })
  .refine((u) => u.action !== 'reschedule' || u.startsAt, { message: 'StartsAt is required to reschedule', path: ['startsAt'] });

/** The filters of GET /Appointment/GetAll; Role narrows to those one hosts or booked; From and To are days. */
export const appointmentFilters = {
  status: z.enum(APPOINTMENT_STATUSES, { error: `Status must be one of: ${APPOINTMENT_STATUSES.join(', ')}` }).optional(),
  reason: z.enum(APPOINTMENT_REASONS, { error: `Reason must be one of: ${APPOINTMENT_REASONS.join(', ')}` }).optional(),
  hostId: idField('HostId').optional(),
  memberId: idField('MemberId').optional(),
  role: z.enum(['host', 'member'], { error: "Role must be 'host' or 'member'" }).optional(),
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
};

/** GET /Appointment/GetAvailability: the host (the caller when left out). */
export const availabilityQuery = z.object({ hostId: idField('HostId').optional() });

/** GET /Appointment/GetFreeSlots: a host's free slots between two days (at most 62 days). */
export const freeSlotsQuery = z
  .object({ hostId: idField('HostId'), from: calendarDate('From').optional(), to: calendarDate('To').optional() })
  .strict();
