/** The days a booking calendar shows, as YYYY-MM-DD (UTC, as the API's days are plain dates). */

export type CalendarView = 'month' | 'week';

const DAY = 86_400_000;

export const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);

/** The Monday on or before the day. */
function mondayOf(day: string): Date {
  const d = parse(day);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
}

/** A week from its Monday, or whole weeks (Monday to Sunday) covering the day's month. */
export function calendarDays(view: CalendarView, anchor: string): string[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => dayKey(new Date(mondayOf(anchor).getTime() + i * DAY)));
  const first = `${anchor.slice(0, 7)}-01`;
  const start = mondayOf(first);
  const next = parse(first);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const weeks = Math.ceil((next.getTime() - start.getTime()) / (7 * DAY));
  return Array.from({ length: weeks * 7 }, (_, i) => dayKey(new Date(start.getTime() + i * DAY)));
}

/** The anchor moved by one week or one month (to the first of that month). */
export function shift(view: CalendarView, anchor: string, by: 1 | -1): string {
  if (view === 'week') return dayKey(new Date(parse(anchor).getTime() + by * 7 * DAY));
  const d = parse(`${anchor.slice(0, 7)}-01`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return dayKey(d);
}
