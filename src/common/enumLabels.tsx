import { useTranslate, type TranslateFunction } from 'react-admin';
import type { ColumnDef } from '@/src/common/crud/types';

/** A stored code in words: its key under prefix (src/i18n); one without words as it is. */
export const codeLabel = (translate: TranslateFunction, prefix: string, value: unknown) =>
  value ? translate(`${prefix}.${String(value)}`, { _: String(value) }) : '';

export function CodeText({ prefix, value }: { prefix: string; value: unknown }) {
  return <>{codeLabel(useTranslate(), prefix, value)}</>;
}

/** A list column of stored codes, shown and exported in words. */
export const codeColumn = (source: string, prefix: string, more: Omit<ColumnDef, 'source'> = {}): ColumnDef => ({
  source,
  render: (record) => <CodeText prefix={prefix} value={record[source]} />,
  csv: (record, translate) => codeLabel(translate, prefix, record[source]),
  ...more,
});

/**
 * Where the product's enumerations have their words (src/i18n/en.ts, enAreas.ts): the API stores and
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

export const enumLabel = (translate: TranslateFunction, field: EnumField, value: unknown) =>
  codeLabel(translate, ENUM_LABELS[field], value);

/** A select's choices, named by their keys (react-admin translates a choice's name). */
export const enumChoices = (field: EnumField, values: readonly string[]) =>
  values.map((id) => ({ id, name: `${ENUM_LABELS[field]}.${id}` }));

export const enumColumn = (field: EnumField, more: Omit<ColumnDef, 'source'> = {}) => codeColumn(field, ENUM_LABELS[field], more);
