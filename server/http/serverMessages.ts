import type { FastifyRequest } from 'fastify';
import { browserLanguage, type LanguageCode } from '@/domain/common/languages.js';
import { fr } from './messages/fr.js';

/**
 * A language's words for the server's answers, keyed by the English (gettext's way: the English
 * message is its own key, so the hundreds of places that throw one stay as they are and a
 * message not yet translated goes out in English).
 */
export type MessageCatalogue = {
  messages: Record<string, string>;
  /** A field's label ("First name") as it stands at the head of the shapes' sentences. */
  labels: Record<string, string>;
  /** Messages made from a label or a number: the English's shape, and its translation from the captured parts. */
  shapes: Array<[RegExp, (...parts: string[]) => string]>;
};

/** Each language's catalogue; English is the source. The type asks for every language of the list. */
const CATALOGUES: Record<LanguageCode, MessageCatalogue | null> = { en: null, fr };

/**
 * The language a caller who is not signed in reads the answer in: the browser's Accept-Language
 * (its first language Flock speaks), else English. Quality values are ignored; the header's order
 * is the choice.
 */
export function languageOfRequest(request: FastifyRequest): LanguageCode {
  const header = request.headers['accept-language'];
  const tags = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((tag) => tag.split(';')[0].trim());
  return browserLanguage(tags.filter(Boolean));
}

/** One of the server's messages in the language; as it came when the catalogue has no words for it. */
export function translateMessage(message: string, language: LanguageCode): string {
  const catalogue = CATALOGUES[language];
  if (!catalogue) return message;
  const whole = catalogue.messages[message];
  if (whole) return whole;
  for (const [shape, words] of catalogue.shapes) {
    const match = shape.exec(message);
    if (match) {
      const [label, ...rest] = match.slice(1);
      return words(catalogue.labels[label] ?? label, ...rest);
    }
  }
  return message;
}

/** The field errors of an answer, each message in the language. */
export function translateErrors(errors: Record<string, string[]> | undefined, language: LanguageCode) {
  if (!errors) return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => translateMessage(m, language))]));
}
