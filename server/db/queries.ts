import { count, getTableName, ilike, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { decoderOf } from './shapedStatements.js';
import { biodata, churchAffiliations, users } from './schema/index.js';

const dialect = new PgDialect();

/**
 * Select fields rendered to SQL text once, at start-up: fields without parameters (columns, and
 * subqueries over columns) read the same on every call, and drizzle rebuilding a page's twenty of
 * them was a large part of a list call's CPU. Each keeps its column's (or its own) decoding.
 */
export function prerendered<T extends Record<string, PgColumn | SQL>>(fields: T): T {
  const entries = Object.entries(fields).map(([key, field]) => {
    const { sql: text, params } = dialect.sqlToQuery(sql`${field}`);
    if (params.length) throw new Error(`The field ${key} holds parameters; it cannot be rendered once`);
    const raw = sql.raw(text);
    return [key, raw.mapWith(decoderOf(field))];
  });
  return Object.fromEntries(entries) as T;
}

/**
 * Fields as one JSON object per row, which PostgreSQL writes as compact text with the keys as
 * given: an answer carries it as it comes, with no decoding and no serialising per row in Node
 * (a fifth of a member page's CPU). Only for fields whose JSON form is what the API answers
 * (text, uuid, date, numbers, booleans), not timestamps (PostgreSQL writes +00:00, the API Z).
 */
export function jsonObject(fields: Record<string, PgColumn | SQL>): SQL<string> {
  const columns = sql.join(
    Object.entries(fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return sql<string>`(select row_to_json(o)::text from (select ${columns}) o)`;
}

/**
 * A column named with its table (or the alias given). A select from one table leaves its
 * columns bare, and a bare name inside a correlated subquery would bind to the inner table.
 */
export function qualified(column: PgColumn, alias?: string): SQL {
  return sql`${sql.identifier(alias ?? getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The full name of the user whose id the column holds, or null; the profile's names win over sign-up's. */
export function personName(idColumn: PgColumn): SQL<string | null> {
  const u = (c: PgColumn) => qualified(c, 'person');
  const b = (c: PgColumn) => qualified(c, 'profile');
  const middle = sql`nullif(coalesce(nullif(${b(biodata.middleName)}, ''), ${u(users.middleName)}), '')`;
  return sql<
    string | null
  >`(select concat_ws(' ', coalesce(${b(biodata.firstName)}, ${u(users.firstName)}), ${middle}, coalesce(${b(biodata.surName)}, ${u(users.surName)}))
    from ${users} as person left join ${biodata} as profile on ${b(biodata.userId)} = ${u(users.id)} where ${u(users.id)} = ${qualified(idColumn)})`;
}

/** How many rows of table have column equal to the outer value (a correlated count). */
export function countOf(table: PgTable, column: PgColumn, outer: PgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${table} where ${qualified(column)} = ${qualified(outer)})`.mapWith(Number);
}

/** Free-text search: any of the columns holds the term, ignoring case; LIKE's wildcards are taken literally. */
export function searchOver(term: string | undefined, columns: Array<PgColumn | SQL>): SQL | undefined {
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** Equality without regard to case, for names people type. */
export function sameText(column: PgColumn | SQL, value: string): SQL {
  return sql`lower(${column}) = lower(${value})`;
}

/** The member's church affiliation lists the affinity group (any letter case). */
export function holdsAffinityGroup(name: string): SQL {
  return sql`exists (select 1 from unnest(${qualified(churchAffiliations.affinityGroup)}) g where lower(g) = lower(${name}))`;
}

/** How many rows of the table meet the condition. */
export async function countRows(db: Db | Tx, table: PgTable, where: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(table).where(where);
  return n;
}

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
