import { createHash } from 'node:crypto';
import { Column, is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { keepBounded, mapsPerDb } from '@/server/keptMaps.js';

const dialect = new PgDialect();

/** Splits the rendered parts; a comment, so it cannot be mistaken for anything drizzle writes. */
const SEPARATOR = ' /*flock:part*/ ';
/** Statement shapes kept per process; the member lists have a few dozen. */
const KEPT = 500;

/** A prepared statement's name: its text's hash, so one text is prepared once per connection. */
export const statementName = (text: string) => `stmt_${createHash('sha1').update(text).digest('hex')}`;

type Decode = (value: unknown) => unknown;
/** What drizzle's prepared query holds: the driver's options (row mode, type parsers) and the text. */
type DriverStatement = { queryString: string; params: unknown[]; queryConfig: Record<string, unknown> & { name?: string } };
type Shape = { text: string; config: DriverStatement['queryConfig']; decode: RowDecoder };
type Client = { query(...args: unknown[]): Promise<{ rows: unknown[][] }> };

/** The parts of a statement as text with $1.. placeholders, and their values. */
export type Rendered = { raw: SQL[]; after: (i: number) => SQL };
export type Build = (parts: Rendered) => { prepare(name: string): unknown; fields: SelectedFields };

/** Per database: a shape holds its driver's options (node-postgres and PGlite differ). */
const shapesOf = mapsPerDb<Shape>();

/**
 * Runs a statement whose SQL depends on a few parts (a condition, a total, extra fields) and is
 * otherwise fixed, without building it on every call. The parts are rendered together (numbered
 * $1..$n); their text is the statement's key, and on the first call build() assembles the whole
 * statement around them as raw text (after(i) is the placeholder of the i-th value of `more`).
 * Later calls with the same text reuse it: the text, the driver's options and each column's
 * decoder. Building a member page with drizzle on every call, and decoding its rows through
 * drizzle's generic mapper, had been a fifth of the call's CPU.
 */
export async function runShaped<T>(db: Db, kind: string, parts: SQL[] | RenderedParts, more: unknown[], build: Build): Promise<T[]> {
  const { text, params } = Array.isArray(parts) ? renderParts(parts) : parts;
  const key = `${kind}\u0000${text}`;
  const shapes = shapesOf(db);
  let shape = shapes.get(key);
  if (!shape) {
    shape = compile(text.split(SEPARATOR), params.length, build);
    keepBounded(shapes, key, shape, KEPT);
  }
  return run<T>(db, shape, [...params, ...more]);
}

/** Parts rendered as runShaped renders them, for a caller that also keys something by them. */
export type RenderedParts = { text: string; params: unknown[] };

export function renderParts(parts: SQL[]): RenderedParts {
  const { sql: text, params } = dialect.sqlToQuery(sql.join(parts, sql.raw(SEPARATOR)));
  return { text, params };
}

function compile(fragments: string[], count: number, build: Build): Shape {
  const built = build({ raw: fragments.map((f) => sql.raw(f)), after: (i) => sql.raw(`$${count + 1 + i}`) });
  const statement = built.prepare('') as DriverStatement;
  if (statement.params.length) throw new Error('A shaped statement must take its values from its parts only');
  const text = statement.queryString;
  const config = { ...statement.queryConfig, name: statementName(text), ...('text' in statement.queryConfig && { text }) };
  return { text, config, decode: rowDecoder(built.fields) };
}

type RowDecoder = (row: unknown[]) => Record<string, unknown>;

/** Decodes an array row into an object keyed as fields, each value by its field's decoder. */
function rowDecoder(fields: Record<string, unknown>): RowDecoder {
  const keys = Object.keys(fields);
  const decoders = Object.values(fields).map(decoderOf);
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]] = row[i] === null ? null : decoders[i](row[i]);
    return out;
  };
}

/** As drizzle decodes a selected field: a column by its type, SQL by its mapWith. */
export function decoderOf(field: unknown): Decode {
  const source = is(field, Column) ? field : (field as { decoder?: { mapFromDriverValue: Decode } }).decoder;
  return source ? (value) => source.mapFromDriverValue(value) : (value) => value;
}

async function run<T>(db: Db, shape: Shape, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: Client }).$client;
  // node-postgres takes one config object (its text included); PGlite the text, values and options.
  const { rows } =
    'text' in shape.config ? await client.query({ ...shape.config, values }) : await client.query(shape.text, values, shape.config);
  return rows.map((row) => shape.decode(row) as T);
}
