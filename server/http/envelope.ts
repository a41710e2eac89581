/** The success envelope every call answers with. */
/** nextCursor: the member lists' keyset paging, present while more rows follow (server/engines/keyset.ts). */
export type Envelope<T = unknown> = { succeeded: true; message: string; data: T; totalCount?: number; nextCursor?: string };

export function ok<T>(data: T, message = 'Successful'): Envelope<T> {
  return { succeeded: true, message, data };
}

export function page<T>(data: T[], totalCount: number, message = 'Successful'): Envelope<T[]> {
  return { succeeded: true, message, data, totalCount };
}

/** An envelope already written as JSON text, sent as it is (server/http/route.ts). */
export class JsonEnvelope {
  constructor(readonly text: string) {}
}

/**
 * The page envelope around rows that are JSON text already: the bytes JSON.stringify would
 * write for page(rows parsed, totalCount) with more's fields after it.
 */
export function jsonPage(rows: string[], totalCount: number, more: { nextCursor?: string } = {}): JsonEnvelope {
  const head = JSON.stringify({ succeeded: true, message: 'Successful' }).slice(0, -1);
  const tail = JSON.stringify({ totalCount, ...more }).slice(1);
  return new JsonEnvelope(`${head},"data":[${rows.join(',')}],${tail}`);
}
