import { describe, expect, it } from 'vitest';
import { browserLanguage, isLanguageCode } from './languages';

describe("the browser's language", () => {
  it.each([
    [['fr-FR', 'en'], 'fr'],
    [['fr-CA'], 'fr'],
    [['de-DE', 'fr'], 'fr'],
    [['en-GB', 'fr'], 'en'],
    [['de', 'yo'], 'en'],
    [[], 'en'],
  ])('%j gives %s: the first Flock speaks, else English', (preferred, code) => {
    expect(browserLanguage(preferred)).toBe(code);
  });

  it('takes only codes of the list', () => {
    expect([isLanguageCode('fr'), isLanguageCode('FR'), isLanguageCode('de'), isLanguageCode(undefined)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
