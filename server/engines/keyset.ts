import { and, asc, desc, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { badRequest } from '@/server/http/errors.js';

/**
 * Keyset (cursor) paging over an ordered list of columns, the last one unique. A cursor holds the
 * sort's name and direction and the key values of the last row sent; the next page starts after
 * it, so deep pages cost what page 1 costs and rows added meanwhile cause no gap or repeat.
 */

/**
 * A list's order: its keys (the sort key, then the tie-breakers, the last unique) all ascending,
 * or all descending, the ascending order exactly reversed, NULL keys with it (last ascending,
 * first descending, as ORDER BY puts them). So one ascending index serves both directions, a
 * descending page being its backward scan (docs/decisions/0239).
 */
export type Ordering = { name: string; direction: 'asc' | 'desc'; keys: PgColumn[] };

/** The optional Cursor parameter of a list: the nextCursor of the page before. */
export const cursorParam = {
  cursor: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_-]+$/, 'Cursor must be a nextCursor returned by this list')
    .optional()
    .describe('The nextCursor of the previous page: the page after it, whatever PageNumber says (keyset paging for deep pages)'),
};

type Cursor = { s: string; o: 'asc' | 'desc'; v: unknown[] };

export function encodeCursor(ordering: Ordering, values: unknown[]): string {
  const cursor: Cursor = { s: ordering.name, o: ordering.direction, v: values };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const INVALID = 'Cursor must be a nextCursor returned by this list';

function decodeCursor(text: string, ordering: Ordering): unknown[] {
  let cursor: Cursor;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
  }
  const fits = Array.isArray(cursor?.v) && cursor.v.length === ordering.keys.length && cursor.v.every(isScalar);
  if (!fits) throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
  if (cursor.s !== ordering.name || cursor.o !== ordering.direction)
    throw badRequest('Cursor was made for another SortBy or SortOrder', { cursor: ['Send the SortBy and SortOrder of its first page'] });
  if (cursor.v.slice(1).includes(null)) throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
  return cursor.v;
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The list order: every key in the sort's direction (a descending page is the ascending list reversed). */
export function orderBy({ keys, direction }: Ordering): SQL[] {
  return keys.map((k) => (direction === 'desc' ? desc(k) : asc(k)));
}

/** (a, b, c) > (x, y, z), or < descending: the rows after the cursor among those tied on the sort key. */
function tiesAfter(keys: PgColumn[], values: unknown[], descending: boolean): SQL {
  const params = values.map((v) => sql`${v}`);
  const after = descending ? sql`<` : sql`>`;
  return sql`(${sql.join(keys, sql`, `)}) ${after} (${sql.join(params, sql`, `)})`;
}

/**
 * The conditions that select, in list order, the rows after the cursor, as consecutive ranges
 * each one index range: the rest of the cursor's tie, then the keys beyond it. NULL sorts last
 * ascending and first descending (as ORDER BY does), and no comparison matches NULL, so the
 * NULL keys are a range of their own.
 */
export function rangesAfter(ordering: Ordering, cursorText: string, nullableFirst: boolean): SQL[] {
  const values = decodeCursor(cursorText, ordering);
  const [first, ...ties] = ordering.keys;
  const [value, ...tieValues] = values;
  const desc = ordering.direction === 'desc';
  if (value === null) {
    const restOfNulls = and(isNull(first), tiesAfter(ties, tieValues, desc))!;
    return desc ? [restOfNulls, isNotNull(first)] : [restOfNulls];
  }
  const restOfTie = and(sql`${first} = ${value}`, tiesAfter(ties, tieValues, desc))!;
  const beyond = desc ? sql`${first} < ${value}` : sql`${first} > ${value}`;
  return nullableFirst && !desc ? [restOfTie, beyond, isNull(first)] : [restOfTie, beyond];
}
