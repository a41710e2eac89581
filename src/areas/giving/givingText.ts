import { useGetList } from 'react-admin';
import type { Fund } from '@/domain/giving/schemas';

/** The area's texts: flock.giving.<key> (src/i18n/enAreas.ts). */
export const t = (key: string) => `flock.giving.${key}`;

/** The funds, those in use first (the server's order); a short list, asked for whole. */
export function useFunds() {
  const { data = [], isPending } = useGetList<Fund>('givingFunds', { pagination: { page: 1, perPage: 1000 } });
  return { funds: data, inUse: data.filter((f) => !f.retiredAt), isPending };
}
