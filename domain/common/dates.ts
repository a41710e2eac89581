import { z } from 'zod';

/** The range of days Flock takes: wide enough for any birth or meeting, narrow enough for every database and Date. */
const EARLIEST_DAY = '1900-01-01';
const LATEST_DAY = '2199-12-31';

/** "YYYY-MM-DD" in UTC+14, the last time zone to reach a date: a date that is today anywhere is not in the future. */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

const isoDay = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });
const inRange = (d: string) => d >= EARLIEST_DAY && d <= LATEST_DAY;
export const outOfRange = (label: string) => `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`;

/** A calendar date (YYYY-MM-DD) between EARLIEST_DAY and LATEST_DAY. */
export const calendarDate = (label: string) => isoDay(label).refine(inRange, outOfRange(label));

/** A calendar date that is not in the future (date pickers stop at today), nor before EARLIEST_DAY. */
export const pastDate = (label: string) =>
  isoDay(label)
    .refine((d) => d <= latestToday(), `${label} cannot be in the future`)
    .refine(inRange, outOfRange(label));

/** The same range for a date and time: from EARLIEST_DAY's first instant to LATEST_DAY's last, in UTC. */
const EARLIEST_TIME = Date.parse(`${EARLIEST_DAY}T00:00:00.000Z`);
const LATEST_TIME = Date.parse(`${LATEST_DAY}T23:59:59.999Z`);

/** Whether a time (milliseconds since 1970) lies in the range Flock takes. */
export const timeInRange = (ms: number) => ms >= EARLIEST_TIME && ms <= LATEST_TIME;

/**
 * A date and time (an ISO 8601 string, as the forms send, or anything Date reads) between
 * EARLIEST_DAY and LATEST_DAY: the one schema of every date-time input, so that a year 0 or
 * +275760 is a 400 with this message, never a value PostgreSQL refuses or a Date cannot print.
 */
export const dateTime = (label: string, invalid = `${label} must be a date and time`) =>
  z.coerce.date({ error: invalid }).refine((d) => timeInRange(d.getTime()), outOfRange(label));
