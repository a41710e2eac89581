import { wordsIn, type Localized } from '@/domain/common/languages.js';
import type { GivingMethod } from '@/domain/giving/schemas.js';
import type { StatementLine } from '@/domain/giving/statements.js';

/**
 * A giving statement's words in each language Flock speaks, the type asking for every one
 * (docs/decisions/0231-mail-frame-and-server-language.md): the PDF and the mail are written in the
 * giver's stored language, whoever produces them.
 */
type StatementWords = {
  /** Intl's locale for the language's dates and amounts. */
  locale: string;
  title: string;
  period: (from: string, to: string) => string;
  columns: { date: string; fund: string; method: string; reference: string; amount: string };
  methods: Record<GivingMethod, string>;
  refund: string;
  reversal: string;
  byFund: string;
  total: string;
  none: string;
  continued: string;
  printedOn: (day: string) => string;
  subject: string;
  /** The mail's short text: the statement itself is its PDF attachment. */
  intro: (period: string) => string;
  thanks: string;
  /** The attachment's name, with the period's first and last days (ISO). */
  fileName: (from: string, to: string) => string;
};

const WORDS: Localized<StatementWords> = {
  en: {
    locale: 'en-GB',
    title: 'Giving statement',
    period: (from, to) => `${from} to ${to}`,
    columns: { date: 'Date', fund: 'Fund', method: 'Method', reference: 'Reference', amount: 'Amount' },
    methods: { cash: 'Cash', transfer: 'Transfer', card: 'Card', POS: 'POS', cheque: 'Cheque' },
    refund: 'Refund',
    reversal: 'Correction',
    byFund: 'Totals by fund',
    total: 'Total',
    none: 'No gifts counted in this period.',
    continued: 'continued',
    printedOn: (day) => `Printed on ${day}`,
    subject: 'Your giving statement',
    intro: (period) => `Your giving statement for ${period}, as the church has recorded it, is attached as a PDF.`,
    thanks: 'Thank you for your giving. If anything in it looks wrong, please tell the church office.',
    fileName: (from, to) => `giving-statement-${from}-to-${to}.pdf`,
  },
  fr: {
    locale: 'fr-FR',
    title: 'Relevé de dons',
    period: (from, to) => `du ${from} au ${to}`,
    columns: { date: 'Date', fund: 'Fonds', method: 'Moyen', reference: 'Référence', amount: 'Montant' },
    methods: { cash: 'Espèces', transfer: 'Virement', card: 'Carte', POS: 'TPE', cheque: 'Chèque' },
    refund: 'Remboursement',
    reversal: 'Correction',
    byFund: 'Totaux par fonds',
    total: 'Total',
    none: 'Aucun don compté sur cette période.',
    continued: 'suite',
    printedOn: (day) => `Imprimé le ${day}`,
    subject: 'Votre relevé de dons',
    intro: (period) => `Vous trouverez en pièce jointe (PDF) votre relevé de dons ${period}, tel que l’église l’a enregistré.`,
    thanks: 'Merci pour vos dons. Si quelque chose vous y semble inexact, dites-le au secrétariat de l’église.',
    fileName: (from, to) => `releve-de-dons-${from}-au-${to}.pdf`,
  },
};

/** A statement's words and formats in a language, English for one Flock does not speak. */
export function statementWords(language: string | null) {
  const words = wordsIn(WORDS, language);
  const dayFormat = new Intl.DateTimeFormat(words.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(words.locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  // Narrow and plain no-break spaces (French groups thousands with them) read as spaces: the
  // PDF's standard font has no narrow one, and a mail reader's search finds the figure either way.
  const spaced = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  return {
    ...words,
    day: (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`)),
    shortDay: (iso: string) => shortDay.format(new Date(`${iso}T00:00:00Z`)),
    /** Kobo as the language writes money, with the currency's code: ₦ is not in the PDF's font. */
    money: (kobo: number, currency: string) =>
      spaced(new Intl.NumberFormat(words.locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(kobo / 100)),
    /** A line's reference, saying a refund or a correction's reversal for what it is. */
    referenceOf: (line: StatementLine) =>
      [line.kind === 'refund' ? words.refund : line.kind === 'reversal' ? words.reversal : null, line.reference]
        .filter(Boolean)
        .join(' · '),
  };
}
export type LocalWords = ReturnType<typeof statementWords>;

/**
 * The statement mail's own words (the outbox frames them in the same language): the period and no
 * amount, since the statement is the PDF attached when the mail leaves (docs/decisions/0246-statement-mail-pdf.md).
 */
export function statementMailText(language: string | null, from: string, to: string): { subject: string; text: string } {
  const w = statementWords(language);
  return { subject: w.subject, text: [w.intro(w.period(w.day(from), w.day(to))), w.thanks].join('\n\n') };
}
