import { formatKobo } from '@/domain/giving/schemas';
import { intlLocale } from '@/src/i18n/formats';

/**
 * Kobo as money on screen, in the screens' language (docs/decisions/0231): '₦1,250.50' in
 * English, '1 250,50 ₦' in French, as Intl writes them with the currency's narrow symbol. The
 * division is for display only; amounts are kept and sent as integer kobo.
 */
export const money = (kobo: number, currency?: string) => formatKobo(kobo, currency, intlLocale());

/** Kobo as a short figure for a chart's axis, in the screens' language ('1.2M'). */
export const compactMoney = (kobo: number, currency = 'NGN') =>
  new Intl.NumberFormat(intlLocale(), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(kobo / 100);

/** Kobo as a CSV's figure: naira with two decimals, no symbol nor separators, exact by its digits (negative too). */
export function koboDecimal(kobo: number): string {
  const abs = Math.abs(kobo);
  return `${kobo < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The CSV cell of an amount: a number when negative, so a spreadsheet does not take the minus for a formula and keep it as text. */
export const koboCell = (kobo: number): string | number => (kobo < 0 ? Number(koboDecimal(kobo)) : koboDecimal(kobo));

/** Today as YYYY-MM-DD in the device's day. */
export const today = () => new Date().toLocaleDateString('en-CA');
