import { Column, getTableName, is, Name, Param, Placeholder, SQL, sql, StringChunk, Subquery, Table, View } from 'drizzle-orm';
import type { Db } from './client.js';
import { listGenerations } from './schema/index.js';
import { keepBounded, mapsPerDb } from '@/server/keptMaps.js';

/**
 * A list's total, counted once and kept while nothing it counts was written: paging through a
 * filtered list, or sorting it, asks the same total again, and counting it was a third of the
 * page statement's work. Whether the kept total still holds is read in the page's own statement
 * (one round trip, one snapshot): the sum of list_generations, which every statement writing a
 * watched table raises (migration 0024_list_generations). Kept per process, checked against the
 * database, so several servers on one database stay right.
 */

/** How many totals, and answers of keepsTotal, a process keeps. */
const LIMIT = 1_000;

/** What the triggers of migration 0024 watch: whole tables, and of users the columns named. */
const WATCHED: Record<string, '*' | string[]> = {
  member_directory: '*',
  // Written only by the directory's own triggers, in the statement that writes the directory.
  member_directory_counts: '*',
  member_search_texts: '*',
  departments: '*',
  user_departments: '*',
  roles: '*',
  user_roles: '*',
  users: ['id', 'is_first_timer'],
};

/**
 * Whether a query reads only what the triggers watch, so that its total may be kept. Tables are
 * seen where the query names them as drizzle objects (as every list condition does); a view, an
 * alias or a table outside WATCHED makes the total counted on every call.
 */
export function readsWatchedOnly(chunk: unknown): boolean {
  if (is(chunk, StringChunk) || is(chunk, Param) || is(chunk, Name) || is(chunk, Placeholder)) return true;
  if (is(chunk, Column)) {
    const watched = WATCHED[getTableName(chunk.table)];
    return watched === '*' || (watched?.includes(chunk.name) ?? false);
  }
  if (is(chunk, Table)) return getTableName(chunk) in WATCHED;
  if (is(chunk, View)) return false;
  if (is(chunk, SQL)) return chunk.queryChunks.every(readsWatchedOnly);
  if (is(chunk, SQL.Aliased)) return readsWatchedOnly(chunk.sql);
  if (is(chunk, Subquery)) return readsWatchedOnly(chunk._.sql);
  if (Array.isArray(chunk)) return chunk.every(readsWatchedOnly);
  if (chunk && typeof chunk === 'object' && 'getSQL' in chunk) return readsWatchedOnly((chunk as { getSQL(): SQL }).getSQL());
  // A raw value.
  return typeof chunk !== 'object' || chunk === null;
}

const keptByText = new Map<string, boolean>();

/**
 * readsWatchedOnly, once per statement text (walking a list's total was 40 µs a call): two
 * totals with one text differ at most in their values, and values name no table.
 */
export function keepsTotal(text: string, total: SQL): boolean {
  let keep = keptByText.get(text);
  if (keep === undefined) {
    keep = readsWatchedOnly(total);
    keepBounded(keptByText, text, keep, LIMIT);
  }
  return keep;
}

/** The watched tables' write count now, as text (bigint), in the statement's snapshot. */
export const generation = sql<string>`(select sum(${listGenerations.n})::bigint from ${listGenerations})`;

/** The generation no total is kept at: the sum never falls below zero. */
export const NO_GENERATION = '-1';

type Kept = { generation: string; n: number };
/** Totals kept per process; a key is a list's statement parts and their values. */
const keptIn = mapsPerDb<Kept>();

/** The total kept for key, if any, with the generation it was counted at. */
export function knownTotal(db: Db, key: string): Kept | undefined {
  return keptIn(db).get(key);
}

/** Keeps a total counted at generation; the oldest kept gives way beyond the limit. */
export function keepTotal(db: Db, key: string, kept: Kept) {
  keepBounded(keptIn(db), key, kept, LIMIT);
}
