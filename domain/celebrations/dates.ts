/**
 * The days of a celebration list (docs/decisions/0208-birthdays-and-anniversaries.md): a week
 * runs Sunday to Saturday (the week a Sunday service announces), a month is the calendar month;
 * both hold the day asked about. Dates are "YYYY-MM-DD" calendar days, computed in UTC so that no
 * time zone moves them.
 */

export const PERIODS = ['week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const toDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The month and day of a date as one number, month * 100 + day (29 February is 229), as flock_month_day() in SQL. */
export const monthDayOf = (day: string) => Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));

/** The first and last day of the week or month holding `day`. */
export function periodOf(day: string, period: Period): { from: string; to: string } {
  const ms = msOf(day);
  if (period === 'week') {
    const from = ms - new Date(ms).getUTCDay() * DAY_MS;
    return { from: toDay(from), to: toDay(from + 6 * DAY_MS) };
  }
  const d = new Date(ms);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
  return { from: toDay(first), to: toDay(last) };
}

/** Every day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = msOf(from); ms <= msOf(to); ms += DAY_MS) days.push(toDay(ms));
  return days;
}

/**
 * The day a date of birth or wedding is celebrated in `year`: its month and day, except that
 * 29 February is kept on 28 February in a year without one.
 */
function celebratedIn(date: string, year: number): string {
  const md = date.slice(5);
  return md === '02-29' && !isLeapYear(year) ? `${year}-02-28` : `${year}-${md}`;
}

/**
 * The month-days whose celebrations fall in the period, as inclusive ranges of monthDayOf
 * numbers: one range, or two when the period crosses the year's end (a week from 28 December
 * holds 1228..1231 and 101..103); 229 is added when the period holds 28 February of a year
 * without a 29th.
 */
export function monthDayRanges(from: string, to: string): Array<[number, number]> {
  const start = monthDayOf(from);
  const end = monthDayOf(to);
  const ranges: Array<[number, number]> =
    from.slice(0, 4) === to.slice(0, 4)
      ? [[start, end]]
      : [
          [start, 1231],
          [101, end],
        ];
  const leapless = daysBetween(from, to).some((d) => d.endsWith('-02-28') && !isLeapYear(Number(d.slice(0, 4))));
  if (leapless && !ranges.some(([a, b]) => a <= 229 && 229 <= b)) ranges.push([229, 229]);
  return ranges;
}

/** The day in the period a date is celebrated on; undefined when it is not in the period. */
export function celebrationDay(date: string, from: string, to: string): string | undefined {
  for (const year of new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))])) {
    const day = celebratedIn(date, year);
    if (day >= from && day <= to) return day;
  }
  return undefined;
}

/** Whole years from `date` to `day` (the age turned or the years married on that day). */
export const yearsOn = (date: string, day: string) => Number(day.slice(0, 4)) - Number(date.slice(0, 4));
