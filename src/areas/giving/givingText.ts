import { useGetList } from 'react-admin';
import { formatKobo, type Fund } from '@/domain/giving/schemas';
import { intlLocale } from '@/src/i18n/formats';

/** The area's texts: flock.giving.<key> (src/i18n/enAreas.ts). */
export const t = (key: string) => `flock.giving.${key}`;

/** The funds, those in use first (the server's order); a short list, asked for whole. */
export function useFunds() {
  const { data = [], isPending } = useGetList<Fund>('givingFunds', { pagination: { page: 1, perPage: 1000 } });
  return { funds: data, inUse: data.filter((f) => !f.retiredAt), isPending };
}

/** Kobo as the CSV's figure: naira with two decimals, no symbol nor separators, for a spreadsheet to add up. */
export const koboAsDecimal = (kobo: number) => `${Math.trunc(kobo / 100)}.${String(Math.abs(kobo % 100)).padStart(2, '0')}`;

/** An amount in kobo as the screens' language writes money ('₦1,500.50', '1 500,50 ₦'; docs/decisions/0237); CSV keeps koboAsDecimal. */
export const money = (kobo: number, currency?: string) => formatKobo(kobo, currency, intlLocale());
