import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns web addresses into links and leaves the rest as text', () => {
    expect(linkify('See https://example.org/rota.pdf, then reply.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/rota.pdf', href: 'https://example.org/rota.pdf' },
      { text: ', then reply.' },
    ]);
  });

  it('never makes a link of markup or of another scheme', () => {
    expect(linkify('<a href="javascript:alert(1)">x</a>')).toEqual([{ text: '<a href="javascript:alert(1)">x</a>' }]);
  });

  it('keeps text without addresses whole, line breaks included', () => {
    expect(linkify('Line one\nLine two')).toEqual([{ text: 'Line one\nLine two' }]);
  });
});
