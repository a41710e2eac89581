import { inflateSync } from 'node:zlib';

/**
 * Whether a PDF carries active content: JavaScript (an /OpenAction, /AA or a link runs it as
 * /JS or /JavaScript; an XFA form holds scripts), embedded files, or a /Launch action that opens
 * a program. Read from the file's dictionaries: the text outside its streams and, since a
 * dictionary may sit compressed in an object stream (/ObjStm), those streams inflated. Names are
 * read with their #xx escapes undone (/J#61vaScript is /JavaScript) and in any letter case. A PDF
 * whose object streams cannot be read is refused too: what cannot be checked is not let through.
 */
export type PdfVerdict = 'clean' | 'javascript' | 'embedded-file' | 'launch' | 'unreadable';

/** The names that mark active content, in lower case, with what each is. */
const ACTIVE: Record<string, Exclude<PdfVerdict, 'clean' | 'unreadable'>> = {
  javascript: 'javascript',
  js: 'javascript',
  xfa: 'javascript',
  embeddedfile: 'embedded-file',
  embeddedfiles: 'embedded-file',
  launch: 'launch',
};

/** At most this much is inflated from one file's object streams: a PDF's dictionaries are small, a zip bomb is not. */
const MAX_INFLATED = 32 * 1024 * 1024;

/** A PDF name: a slash and the regular characters after it (PDF 32000-1, 7.3.5). */
const NAME = /\/[^\s()<>[\]{}/%]*/g;
const STREAM = /stream(?:\r\n|\n|\r)/g;

const decodeName = (name: string) => name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first active name in a piece of PDF text, if any. */
function activeIn(text: string): PdfVerdict {
  for (const [name] of text.matchAll(NAME)) {
    const found = ACTIVE[decodeName(name).slice(1).toLowerCase()];
    if (found) return found;
  }
  return 'clean';
}

/** Whether a dictionary's text (its names decoded) names this key with this value (alone or first in an array). */
const names = (dict: string, key: string, value: string) =>
  new RegExp(`/${key}\\s*\\[?\\s*/${value}(?![^\\s()<>[\\]{}/%])`, 'i').test(dict.replace(NAME, decodeName));

export function judgePdf(data: Buffer): PdfVerdict {
  const text = data.toString('latin1');
  const outside: string[] = [];
  let budget = MAX_INFLATED;
  let at = 0;
  for (const match of text.matchAll(STREAM)) {
    const keyword = match.index;
    // 'endstream' holds 'stream'; a stream's keyword follows its dictionary's '>>'.
    if (keyword < at || !/>>\s*$/.test(text.slice(Math.max(at, keyword - 64), keyword))) continue;
    const start = keyword + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const before = text.slice(at, keyword);
    outside.push(before);
    // The stream's own dictionary: from its object's 'obj' to the keyword.
    const dict = before.slice(Math.max(0, before.lastIndexOf('obj')));
    if (names(dict, 'Type', 'ObjStm')) {
      const body = data.subarray(start, end);
      if (!names(dict, 'Filter', '(FlateDecode|Fl)') && /\/Filter/i.test(dict)) return 'unreadable';
      let inflated: Buffer;
      try {
        inflated = /\/Filter/i.test(dict) ? inflateSync(body, { maxOutputLength: budget }) : body;
      } catch {
        return 'unreadable';
      }
      budget -= inflated.length;
      const found = activeIn(inflated.toString('latin1'));
      if (found !== 'clean') return found;
    }
    at = end + 'endstream'.length;
  }
  outside.push(text.slice(at));
  return activeIn(outside.join('\n'));
}
