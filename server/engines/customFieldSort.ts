import { and, count, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { CustomFieldDefinition } from '@/domain/profile/customFields.js';
import type { Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { customFieldValues, memberDirectory } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { jsonPage } from '@/server/http/envelope.js';
import { badRequest, isDataException } from '@/server/http/errors.js';
import { columnOf, filterableField } from './customFieldFilter.js';
import { pageOf, type ListParams } from './list.js';
import { memberSearch, summariesInOrder } from './memberList.js';

/**
 * The member list sorted by one of the church's own fields (docs/decisions/0209): SortBy
 * 'custom:<field id>', a defined, not retired field the caller sees (the allowlist is read at
 * each call). The page is read in two consecutive parts, each one index range: those holding a
 * value, walking the values' btree (field, value, person) forwards or backwards and stopping
 * when the page is full; then those without one, by name through the directory's name index.
 * Those without a value come last in both directions.
 */

const CUSTOM_SORT = 'custom:';

const v = customFieldValues;
const md = memberDirectory;
const REFUSED = { param: 'sortBy', message: 'SortBy must be a custom field you may sort by' };
const INVALID = 'Cursor must be a nextCursor returned by this list';

/** Whether SortBy names a custom field ('custom:<field id>'). */
export const asksCustomSort = (sortBy?: string): sortBy is string => !!sortBy?.toLowerCase().startsWith(CUSTOM_SORT);

/** The field a SortBy of 'custom:<id>' names (or undefined for another sort), or a 400. */
export async function customSortField(db: Db, caller: Caller, sortBy?: string): Promise<CustomFieldDefinition | undefined> {
  if (!asksCustomSort(sortBy)) return undefined;
  const id = sortBy.slice(CUSTOM_SORT.length);
  if (!z.uuid().safeParse(id).success) throw badRequest(REFUSED.message, { sortBy: ['Unknown field, or one you may not see'] });
  return filterableField(db, caller, id, REFUSED);
}

/** A cursor of this sort: part 0 holds the last row's value and id, part 1 its surname, first name and id. */
type Cursor = { s: string; o: 'asc' | 'desc'; p: 0 | 1; v: Array<string | number | boolean> };

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(text: string, name: string, direction: 'asc' | 'desc'): Cursor {
  let cursor: Cursor;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
  }
  const scalars = Array.isArray(cursor?.v) && cursor.v.every((x) => ['string', 'number', 'boolean'].includes(typeof x));
  if (!scalars || cursor.v.length !== (cursor.p === 0 ? 2 : cursor.p === 1 ? 3 : -1))
    throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
  if (cursor.s !== name || cursor.o !== direction) {
    throw badRequest('Cursor was made for another SortBy or SortOrder', { cursor: ['Send the SortBy and SortOrder of its first page'] });
  }
  return cursor;
}

/** The SQL type of each field type's column, which a cursor's text is read back as. */
const SQL_TYPE = { text: 'text', choice: 'text', number: 'double precision', date: 'date', yesno: 'boolean' } as const;

type Query = ListParams & { cursor?: string };
type Row = { id: string; k1: unknown; k2: unknown };

/**
 * Those holding a value, in the value's order and then the id's, in the sort's direction, so
 * that one scan of the values' btree (forwards or backwards) serves the order; after: the
 * cursor's value and id.
 */
function valuedRows(
  db: Db,
  field: CustomFieldDefinition,
  condition: SQL | undefined,
  desc: boolean,
  limit: number,
  offset: number,
  after?: unknown[],
) {
  const column = columnOf(field);
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const beyond =
    after && sql`(${column}, ${v.userId}) ${sql.raw(desc ? '<' : '>')} (${after[0]}::${sql.raw(SQL_TYPE[field.type])}, ${after[1]}::uuid)`;
  // The key as text (PostgreSQL's own), which the cursor keeps and PostgreSQL reads back in the column's type.
  return db.execute(sql`select ${v.userId} as id, ${column}::text as k1, null as k2 from ${v}
    join ${md} on ${md.userId} = ${v.userId}
    where ${v.fieldId} = ${field.id} and ${column} is not null and ${and(condition, beyond) ?? sql`true`}
    order by ${column} ${dir}, ${v.userId} ${dir} limit ${limit} offset ${offset}`);
}

/** Those without a value, by surname, first name and id (the list's own order). */
function unvaluedRows(db: Db, field: CustomFieldDefinition, condition: SQL | undefined, limit: number, offset: number, after?: unknown[]) {
  const column = columnOf(field);
  const beyond = after && sql`(${md.surName}, ${md.firstName}, ${md.userId}) > (${after[0]}::text, ${after[1]}::text, ${after[2]}::uuid)`;
  // NOT EXISTS: an anti-join probing the values' user index per row of the name index, which stops
  // with the page (3 ms at 100,000 members); NOT IN read every valued id into a hash first (58 ms).
  const valued = sql`exists (select from ${v} where ${v.fieldId} = ${field.id} and ${v.userId} = ${md.userId} and ${column} is not null)`;
  return db.execute(sql`select ${md.userId} as id, ${md.surName} as k1, ${md.firstName} as k2 from ${md}
    where not ${valued} and ${and(condition, beyond) ?? sql`true`}
    order by ${md.surName}, ${md.firstName}, ${md.userId} limit ${limit} offset ${offset}`);
}

/** How many of the list hold a value (where the second part starts, for offset paging). */
async function valuedCount(db: Db, field: CustomFieldDefinition, condition: SQL | undefined) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(v)
    .innerJoin(md, sql`${md.userId} = ${v.userId}`)
    .where(and(sql`${v.fieldId} = ${field.id} and ${columnOf(field)} is not null`, condition));
  return n;
}

/** The page's rows (one beyond it tells a next page exists), each with its part. */
async function pageRows(db: Db, field: CustomFieldDefinition, condition: SQL | undefined, q: Query, limit: number) {
  const desc = q.sortOrder === 'desc';
  const take = limit + 1;
  const name = `${CUSTOM_SORT}${field.id}`;
  const cursor = q.cursor ? decode(q.cursor, name, q.sortOrder ?? 'asc') : undefined;
  const rows: Array<Row & { p: 0 | 1 }> = [];
  if (cursor) {
    if (cursor.p === 0)
      rows.push(...rowsOf<Row>(await valuedRows(db, field, condition, desc, take, 0, cursor.v)).map((r) => ({ ...r, p: 0 as const })));
    if (rows.length < take) {
      const after = cursor.p === 1 ? cursor.v : undefined;
      rows.push(
        ...rowsOf<Row>(await unvaluedRows(db, field, condition, take - rows.length, 0, after)).map((r) => ({ ...r, p: 1 as const })),
      );
    }
    return rows;
  }
  const { offset } = pageOf(q);
  rows.push(...rowsOf<Row>(await valuedRows(db, field, condition, desc, take, offset)).map((r) => ({ ...r, p: 0 as const })));
  if (rows.length < take) {
    // The page reaches past those holding a value: the rest comes from those without one.
    const skip = rows.length ? 0 : Math.max(0, offset - (await valuedCount(db, field, condition)));
    rows.push(...rowsOf<Row>(await unvaluedRows(db, field, condition, take - rows.length, skip)).map((r) => ({ ...r, p: 1 as const })));
  }
  return rows;
}

/** The cursor after a row: its part and key values. */
function cursorAfter(field: CustomFieldDefinition, q: Query, row: Row & { p: 0 | 1 }) {
  const keys = row.p === 0 ? [row.k1, row.id] : [row.k1, row.k2, row.id];
  return encode({ s: `${CUSTOM_SORT}${field.id}`, o: q.sortOrder ?? 'asc', p: row.p, v: keys.map(String) });
}

/**
 * One page of the member list sorted by a custom field: the list's conditions and search, paged
 * by PageNumber (offset) or by Cursor (keyset, both parts), with its total and extra fields.
 */
export async function customSortedPage(
  db: Db,
  q: Query,
  field: CustomFieldDefinition,
  list: { where: Array<SQL | undefined>; extra?: SelectedFields },
) {
  const condition = and(memberSearch(q.search), ...list.where);
  const { limit } = pageOf(q);
  const rows = await pageRows(db, field, condition, q, limit).catch((err: unknown) => {
    if (q.cursor && isDataException(err)) throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
    throw err;
  });
  const shown = rows.slice(0, limit);
  const [{ n }] = await db.select({ n: count() }).from(md).where(condition);
  const json = await summariesInOrder(
    db,
    shown.map((r) => r.id),
    list.extra,
  );
  const nextCursor = rows.length > limit ? cursorAfter(field, q, shown[shown.length - 1]) : undefined;
  return jsonPage(json, Number(n), nextCursor ? { nextCursor } : {});
}
