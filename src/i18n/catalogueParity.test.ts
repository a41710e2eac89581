import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/domain/common/languages';
import { CATALOGUES, type CoreTexts } from './catalogues';

/** Every text of a catalogue by its dotted key ('flock.auth.login'). */
function textsByKey(tree: unknown, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else for (const [inner, text] of textsByKey(value, path)) texts.set(inner, text);
  }
  return texts;
}

/** A text's %{placeholders}, sorted and without repeats: the words around them are the language's own. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort();
}

/** Whether a text has polyglot's plural forms ('one |||| many'), which smart_count chooses from. */
const isPlural = (text: string) => text.includes('||||');

const PARTS = ['core', 'areas'] as const;
const OTHERS = LANGUAGES.filter((language) => language.code !== 'en');

async function texts(code: (typeof LANGUAGES)[number]['code'], part: (typeof PARTS)[number]) {
  return textsByKey((await CATALOGUES[code][part]()) satisfies CoreTexts);
}

// docs/decisions/0226-languages.md: nothing left out in any language.
describe.each(OTHERS)("the $name catalogue against English's", ({ code }) => {
  it.each(PARTS)('%s: the same keys, none missing on either side', async (part) => {
    const [english, other] = await Promise.all([texts('en', part), texts(code, part)]);
    const missing = [...english.keys()].filter((key) => !other.has(key));
    const extra = [...other.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(PARTS)('%s: every text has the same %%{placeholders} and the same plural forms', async (part) => {
    const [english, other] = await Promise.all([texts('en', part), texts(code, part)]);
    const differing = [...english]
      .filter(([key]) => other.has(key))
      .filter(([key, text]) => {
        const translated = other.get(key)!;
        return placeholders(text).join() !== placeholders(translated).join() || isPlural(text) !== isPlural(translated);
      })
      .map(([key, text]) => `${key}: "${text}" / "${other.get(key)}"`);
    expect(differing).toEqual([]);
  });

  it('no text is left empty', async () => {
    const all = [...(await texts(code, 'core')), ...(await texts(code, 'areas'))];
    expect(all.filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it("react-admin's own messages cover every key of react-admin's English ones", async () => {
    const [english, other] = await Promise.all([CATALOGUES.en.reactAdmin(), CATALOGUES[code].reactAdmin()]);
    const theirs = textsByKey(other);
    expect([...textsByKey(english).keys()].filter((key) => !theirs.has(key))).toEqual([]);
  });
});

describe('the list of languages', () => {
  it('has one catalogue for each language, each with its own name', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(LANGUAGES.map((language) => language.code).sort());
    expect(new Set(LANGUAGES.map((language) => language.name)).size).toBe(LANGUAGES.length);
  });
});

describe('the parity check itself', () => {
  it('sees a key missing in a nested group and a placeholder that differs', () => {
    const english = textsByKey({ flock: { a: { b: 'Hello %{name}', c: 'x' } } });
    const other = textsByKey({ flock: { a: { b: 'Bonjour %{nom}' } } });
    expect([...english.keys()].filter((key) => !other.has(key))).toEqual(['flock.a.c']);
    expect(placeholders(english.get('flock.a.b')!)).not.toEqual(placeholders(other.get('flock.a.b')!));
  });
});
