import { useTranslate, type TranslateFunction } from 'react-admin';
import type { ColumnDef } from '@/src/resources/crud/types';

/**
 * Where SPEC.md section 3's enumerations have their words (src/i18n/en.ts): the API stores and
 * filters by the value, and each screen shows it through these keys, so another language needs
 * no edit to the screens.
 */
export const ENUM_LABELS = {
  gender: 'flock.people.genders',
  maritalStatus: 'flock.people.marital_statuses',
  employmentStatus: 'flock.people.employment_statuses',
  title: 'flock.titles',
} as const;

export type EnumField = keyof typeof ENUM_LABELS;

/** A stored value in words; one without words as it is. */
export const enumLabel = (translate: TranslateFunction, field: EnumField, value: unknown) =>
  value ? translate(`${ENUM_LABELS[field]}.${String(value)}`, { _: String(value) }) : '';

/** A select's choices, named by their keys (react-admin translates a choice's name). */
export const enumChoices = (field: EnumField, values: readonly string[]) =>
  values.map((id) => ({ id, name: `${ENUM_LABELS[field]}.${id}` }));

export function EnumText({ field, value }: { field: EnumField; value: unknown }) {
  return <>{enumLabel(useTranslate(), field, value)}</>;
}

/** A list column of an enumeration, shown and exported in words. */
export const enumColumn = (field: EnumField, more: Omit<ColumnDef, 'source'> = {}): ColumnDef => ({
  source: field,
  render: (record) => <EnumText field={field} value={record[field]} />,
  csv: (record, translate) => enumLabel(translate, field, record[field]),
  ...more,
});
