import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Deeper JSON than any call of the API takes; a deeper body is refused before it is parsed. */
const MAX_JSON_DEPTH = 16;

/** True when the JSON text nests arrays or objects deeper than max (one pass, strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype poisoning refused) behind a depth check. */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    parse(request, text, done);
  });
}
