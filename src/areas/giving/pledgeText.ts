import { useGetList } from 'react-admin';
import type { Campaign } from '@/domain/giving/pledges';
import { intlLocale } from '@/src/i18n/formats';

/** The texts of campaigns, pledges and reports: flock.pledges.<key> (src/i18n/enAreas.ts). */
export const tp = (key: string) => `flock.pledges.${key}`;

/** The campaigns (a short list, asked for whole), the latest to start first as the server orders them. */
export function useCampaigns() {
  const { data = [], isPending, error, refetch } = useGetList<Campaign>('givingCampaigns', { pagination: { page: 1, perPage: 1000 } });
  return { campaigns: data, isPending, error, refetch };
}

/** A day (YYYY-MM-DD) as the screens' language writes it, short. */
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00`).toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short', year: 'numeric' });

/** A share (0.42) as the screens' language writes a percentage, rounded down: 99.6% is not yet 100%. */
export const percent = (share: number) =>
  new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(Math.floor(share * 100) / 100);

/** How far along, as a share of the whole (0 when there is no whole), for a progress bar capped at 100. */
export const share = (part: number, whole: number) => (whole > 0 ? Math.max(part, 0) / whole : 0);
