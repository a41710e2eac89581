import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@/domain/common/languages';
import { translateMessage } from '../serverMessages.js';

/**
 * Every refusal the server throws with its words written out (a literal, a template, or a
 * constant holding one) has words in each language other than English (docs/decisions/0237): a
 * message added in English only fails here, naming itself. A template's parts are given as '1',
 * so a shape of the catalogue must take it.
 */

const ROOT = path.resolve('server');
const REFUSALS = /\b(?:badRequest|notFound|conflict|forbidden|slowDown|SheetRefusal|ApiError)\(\s*(?:\d+\s*,\s*)?/g;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
}

/** A string literal or template at `at` (its parts as '1'), with where it ends; null when something else is there. */
function literalAt(source: string, at: number): string | null {
  const quote = source[at];
  if (quote !== "'" && quote !== '"' && quote !== '`') return null;
  let text = '';
  for (let i = at + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      text += source[++i];
    } else if (c === quote) {
      return text;
    } else if (quote === '`' && c === '$' && source[i + 1] === '{') {
      let depth = 1;
      for (i += 2; depth > 0; i++) {
        if (source[i] === '{') depth++;
        else if (source[i] === '}') depth--;
      }
      i--;
      text += '1';
    } else {
      text += c;
    }
  }
  return null;
}

/** The string constants of a file (`const NAME = 'words'`, the literal possibly on the next line). */
function constantsOf(source: string, exportedOnly = false): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(exportedOnly ? /\bexport const ([A-Z][A-Z0-9_]*) =\s*/g : /\bconst ([A-Z][A-Z0-9_]*) =\s*/g)) {
    const words = literalAt(source, match.index + match[0].length);
    if (words !== null) found.set(match[1], words);
  }
  return found;
}

/** Every message the server throws with its words written out, with the file it is in. */
function thrownMessages(): Array<{ message: string; file: string }> {
  const files = sourceFiles(ROOT).map((file) => ({ file: path.relative(process.cwd(), file), source: fs.readFileSync(file, 'utf8') }));
  const exported = new Map<string, string>();
  for (const { source } of files) for (const [name, words] of constantsOf(source, true)) exported.set(name, words);
  const messages: Array<{ message: string; file: string }> = [];
  for (const { file, source } of files) {
    const own = constantsOf(source);
    for (const match of source.matchAll(REFUSALS)) {
      const at = match.index + match[0].length;
      // a constant by its name alone (REFUSED.message is something else)
      const name = /^[A-Z][A-Z0-9_]*\b(?![.[])/.exec(source.slice(at))?.[0];
      const message = literalAt(source, at) ?? (name ? (own.get(name) ?? exported.get(name) ?? null) : null);
      if (message) messages.push({ message, file });
    }
  }
  return messages;
}

describe("the server's refusals", () => {
  const messages = thrownMessages();

  it('are found in the source, literals, templates and constants', () => {
    expect(messages.length).toBeGreaterThan(200);
    expect(messages.map((m) => m.message)).toContain('Batch not found');
  });

  for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
    it(`each have words in ${code}`, () => {
      const untranslated = messages.filter(({ message }) => translateMessage(message, code) === message);
      expect(untranslated.map(({ message, file }) => `${file}: ${message}`)).toEqual([]);
    });
  }
});
