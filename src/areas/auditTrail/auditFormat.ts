/** How the audit screen writes times and values: pure functions, tested on their own. */

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '3 hours ago', 'yesterday', 'now' in the reader's language. */
export function relativeTime(value: string | Date, now = Date.now(), locale?: string): string {
  const ms = new Date(value).getTime() - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size) return format.format(Math.round(ms / size), unit);
  }
  return format.format(0, 'second');
}

/** The date and time in the reader's own format, in the time zone given: the church's on screen (docs/decisions/0242). */
export function localTime(value: string | Date, locale?: string, timeZone?: string): string {
  return new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
}

export type DiffRow = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields a change touched: for an update those whose value differs, for a creation or a
 * deletion every field it recorded. Values that are not records give one row, 'value'.
 */
export function diffOf(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ field: 'value', before, after }];
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  const changed = isRecord(before) && isRecord(after) ? fields.filter((f) => !same(was[f], is[f])) : fields;
  return changed.map((field) => ({ field, before: was[field], after: is[field] }));
}

/** A value as text: lists and records as JSON, nothing as undefined (the screen says 'Not set'). */
export function valueText(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'object') return JSON.stringify(value, null, 1);
  return String(value);
}

/** Longer values are folded to this many characters until the reader unfolds them. */
export const FOLD_AT = 120;

/** 'mobile2' -> 'Mobile 2', 'dateOfBirth' -> 'Date of birth': a field without a label of its own. */
export function humanize(field: string): string {
  const words = field
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
