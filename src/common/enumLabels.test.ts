import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_STATUSES, GENDERS, MARITAL_STATUSES, TITLES } from '@/domain/common/enums';
import { en } from '@/src/i18n/en';
import { enAreas } from '@/src/i18n/enAreas';
import { ENUM_LABELS, enumChoices, enumLabel, type EnumField } from './enumLabels';

/** The English texts as the signed-in app has them: en.ts with the areas' (src/i18n/index.ts). */
const texts = { flock: { ...en.flock, ...enAreas.flock } };

/** The text at a dotted key of the texts, the last part taken whole (values hold spaces and slashes). */
function textAt(prefix: string, value: string): unknown {
  const group = prefix.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  return (group as Record<string, unknown>)?.[value];
}

const ENUMS: Record<EnumField, readonly string[]> = {
  gender: GENDERS,
  maritalStatus: MARITAL_STATUSES,
  employmentStatus: EMPLOYMENT_STATUSES,
  title: TITLES,
};

describe('the words of the enumerations', () => {
  it('the English texts have words for every value the API stores, so no screen shows a key', () => {
    const missing = Object.entries(ENUMS).flatMap(([field, values]) =>
      values.filter((value) => typeof textAt(ENUM_LABELS[field as EnumField], value) !== 'string').map((v) => `${field}.${v}`),
    );
    expect(missing).toEqual([]);
  });

  it('names choices by their keys and shows a value through its key, an unknown one as it is', () => {
    expect(enumChoices('maritalStatus', ['Single Parent'])).toEqual([
      { id: 'Single Parent', name: 'flock.people.marital_statuses.Single Parent' },
    ]);
    const asked: string[] = [];
    const translate = (key: string, options?: { _?: string }) => (
      asked.push(key),
      key.endsWith('.Female') ? 'Obìnrin' : (options?._ ?? key)
    );
    expect(enumLabel(translate, 'gender', 'Female')).toBe('Obìnrin');
    expect(enumLabel(translate, 'gender', 'Other')).toBe('Other');
    expect(enumLabel(translate, 'gender', null)).toBe('');
    expect(asked).toEqual(['flock.people.genders.Female', 'flock.people.genders.Other']);
  });
});
