import { useGetList, type TranslateFunction } from 'react-admin';
import type { Contribution, Fund } from '@/domain/giving/schemas';

/** The area's texts: flock.giving.<key> (src/i18n/enAreas.ts). */
export const t = (key: string) => `flock.giving.${key}`;

/** The funds, those in use first (the server's order); a short list, asked for whole. */
export function useFunds() {
  const { data = [], isPending } = useGetList<Fund>('givingFunds', { pagination: { page: 1, perPage: 1000 } });
  return { funds: data, inUse: data.filter((f) => !f.retiredAt), isPending };
}

/** Who gave, as the screens name them: the person, the family marked as one (docs/decisions/0244), or anonymous. */
export function giverLabel(c: Pick<Contribution, 'giverName' | 'householdId'>, translate: TranslateFunction) {
  if (!c.giverName) return translate(t('anonymous'));
  return c.householdId ? translate(t('family_named'), { name: c.giverName }) : c.giverName;
}
