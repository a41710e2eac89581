/** A message's text in pieces: plain text, and the web addresses in it, which become links. */
export type Piece = { text: string; href?: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Sentence punctuation right after an address ends the sentence, not the address. */
const TRAILING = /[.,;:!?)\]]+$/;

export function linkify(text: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > at) pieces.push({ text: text.slice(at, start) });
    pieces.push({ text: href, href });
    at = start + href.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}
