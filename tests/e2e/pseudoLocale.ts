import englishMessages from 'ra-language-english';
import { en } from '@/src/i18n/en';
import { enAreas } from '@/src/i18n/enAreas';

/**
 * The pseudo-locale of the e2e walk (docs/decisions/0237): every text of the English catalogues
 * (react-admin's, Flock's first page's and its areas'), made at test time, wrapped in ⟦ ⟧ and 40%
 * longer, so that a text on screen that did not come from a catalogue shows unwrapped, and a
 * layout that only fits English's short words shows it overflows. It is never a language of the
 * list: the walk hands it to the page before the app runs (PSEUDO_GLOBAL, src/i18n/index.ts).
 */

/** The global the app's i18n provider reads its messages from when a test has set it. */
export const PSEUDO_GLOBAL = 'flockTestMessages';
export const OPEN = '⟦';
export const CLOSE = '⟧';

/** How much longer a pseudo text is than its English: French and German run 30 to 40% longer. */
export const LONGER = 0.4;
/** Polyglot's separator of plural forms, and its placeholders: both are kept as they are. */
const PLURALS = ' |||| ';
const PLACEHOLDER = /(%\{\w+\})/;

/**
 * Each word gets 40% more letters (its own vowels doubled, then its last letter repeated), so the
 * text breaks into lines where the English does, as a longer language's would.
 */
function lengthenWord(word: string): string {
  const more = Math.ceil(word.length * LONGER);
  return word + (word.at(-1) ?? '').repeat(more);
}

function lengthen(text: string): string {
  return text
    .split(PLACEHOLDER)
    .map((part) => (PLACEHOLDER.test(part) ? part : part.replace(/\p{L}+/gu, lengthenWord)))
    .join('');
}

/** One message as the pseudo-locale says it: each plural form wrapped on its own. */
export function pseudoText(text: string): string {
  if (!text) return text;
  return text
    .split(PLURALS)
    .map((form) => `${OPEN}${lengthen(form)}${CLOSE}`)
    .join(PLURALS);
}

function pseudoTree(tree: unknown): unknown {
  if (typeof tree === 'string') return pseudoText(tree);
  if (tree && typeof tree === 'object') {
    return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, pseudoTree(value)]));
  }
  return tree;
}

/** English's messages as the app merges them once signed in (src/i18n/index.ts), in the pseudo-locale. */
export function pseudoMessages(): Record<string, unknown> {
  const english = {
    ...englishMessages,
    ...en,
    flock: { ...en.flock, ...enAreas.flock },
    resources: enAreas.resources,
  };
  return pseudoTree(english) as Record<string, unknown>;
}
