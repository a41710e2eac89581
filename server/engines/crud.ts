import { and, asc, count, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type ZodObject, type ZodRawShape } from 'zod';
import { defineCall, type AnyCall } from '@/domain/common/calls.js';
import { idQuery } from '@/domain/common/fields.js';
import type { Db, Tx } from '@/server/db/client.js';
import { sameText, searchOver } from '@/server/db/queries.js';
import type { Access, Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { ok, page } from '@/server/http/envelope.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf, type ListParams } from './list.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from './versions.js';
import type { AuditEntity } from '@/domain/auditTrail/vocabulary.js';

/** Input that a definition's zod schemas have already parsed, read field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed by the definition's own schema
type Fields = Record<string, any>;

/**
 * The one generic CRUD mechanism (docs/decisions/0018-generic-crud.md): an entity definition becomes its
 * Create, Update, Delete, GetAll, GetById (and GetByTotal) routes. What differs between
 * entities is data in the definition; what a generic step cannot know (a head of department's
 * role, members following their center to a new zone) is a hook the definition spells out.
 */

type Row = Record<string, unknown> & { id: string };
export type CrudTable = PgTable & { id: PgColumn };

type WriteContext = {
  tx: Tx;
  audit: (entry: AuditEntry) => void;
  caller: Caller | null;
  /** null on create */
  before: Row | null;
  /** null on delete */
  after: Row | null;
};

export type EntityDefinition = {
  /** The noun in messages: 'There is already a ministry named ...'. */
  noun: string;
  /** The entity of its audit rows. */
  entity: AuditEntity;
  tag: string;
  table: CrudTable;
  /** The entity's calls, whose body schemas are the forms; Delete and GetById take ?id, GetAll the list's query. */
  calls?: CrudCalls;
  /**
   * The paths and body schemas in place of the calls: the form the lookup lists still use,
   * until they name their declared calls.
   */
  paths?: { create: string; update: string; remove: string; getAll: string; getById: string };
  body?: { create: ZodObject; update: ZodObject };
  access: { read: Access; create: string; update: string; remove: string };
  search: Array<PgColumn | SQL>;
  /** SortBy names and what they order by (anything else is a 400); the first is the default order. */
  sort: Record<string, PgColumn | SQL>;
  /** Computed fields on every row, such as the leader's name. */
  extras?: Record<string, SQL>;
  /** The list's named filters and the conditions they make. */
  filters?: { shape: ZodRawShape; where(q: Fields): Array<SQL | undefined> };
  /**
   * Values that must be unique, without regard to case (within scope, when given), and the
   * unique index that holds them so when two writes race past the check at once.
   */
  unique: Array<{
    field: string;
    column: PgColumn;
    scope?: { field: string; column: PgColumn };
    index: string;
    message(value: string): string;
  }>;
  /** Fields naming another record, which must exist. */
  refs?: Array<{ field: string; table: CrudTable; message: string }>;
  /** GetByTotal: the list with counts, behind its own rule. */
  totals?: { call: AnyCall; access: Access; columns: Record<string, SQL> };
  /** Checks that need the database, before a create (before: null) or an update. */
  check?(tx: Tx, input: Fields, before: Row | null): Promise<void>;
  /** Why the row may not be deleted now, or null. */
  inUse?(tx: Tx, row: Row): Promise<string | null>;
  /** What goes with a delete that inUse allowed (rows naming it that block nothing), before the row, in its transaction. */
  beforeDelete?(tx: Tx, audit: (entry: AuditEntry) => void, row: Row): Promise<void>;
  /** Changes that go with a write, in its transaction. */
  afterWrite?(ctx: WriteContext): Promise<void>;
};

/** A call whose body is a form: its fields are the record's. */
type FormCall = AnyCall & { body: ZodObject };
export type CrudCalls = { create: FormCall; update: FormCall; remove: AnyCall; getAll: AnyCall; getById: AnyCall };

/** The entity's calls, made from its paths and body schemas when it names no calls (the lookup lists). */
function callsOf(def: EntityDefinition): CrudCalls {
  if (def.calls) return def.calls;
  if (!def.paths || !def.body) throw new Error(`The ${def.noun} definition names neither its calls nor its paths`);
  const { paths, body } = def;
  return {
    create: defineCall({ method: 'POST', path: paths.create as `/${string}`, body: body.create }),
    update: defineCall({ method: 'PUT', path: paths.update as `/${string}`, body: body.update }),
    remove: defineCall({ method: 'DELETE', path: paths.remove as `/${string}` }),
    getAll: defineCall({ method: 'GET', path: paths.getAll as `/${string}` }),
    getById: defineCall({ method: 'GET', path: paths.getById as `/${string}` }),
  };
}

const MESSAGES = { created: 'Successfully Created', updated: 'Details updated', deleted: 'Successfully Deleted' };

const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);
export const notFoundOf = (noun: string) => notFound(`${capitalised(noun)} not found!`);

/** '1 member', '3 members'. */
export const counted = (n: number, singular: string, plural = `${singular}s`) => `${n} ${n === 1 ? singular : plural}`;

/** 'This zone has 2 centers and 1 member; move them before deleting it.', or null when nothing blocks. */
export function blockedBy(noun: string, parts: Array<[number, string, string?]>): string | null {
  const held = parts.filter(([n]) => n > 0).map(([n, one, many]) => counted(n, one, many));
  return held.length ? `This ${noun} has ${held.join(' and ')}; move them before deleting it.` : null;
}

function columnsOf(def: EntityDefinition) {
  return getTableColumns(def.table) as Record<string, PgColumn>;
}

/** One row with its computed fields, or undefined. */
export async function findOne(db: Db | Tx, def: EntityDefinition, id: string, more: Record<string, SQL> = {}): Promise<Row | undefined> {
  const [row] = await db
    .select({ ...columnsOf(def), ...def.extras, ...more })
    .from(def.table)
    .where(eq(def.table.id, id));
  return row as Row | undefined;
}

/** The stored row alone, locked for the write that follows. */
async function storedRow(tx: Tx, def: EntityDefinition, id: string): Promise<Row> {
  const [row] = await tx.select().from(def.table).where(eq(def.table.id, id)).for('update');
  if (!row) throw notFoundOf(def.noun);
  return row as Row;
}

async function validate(tx: Tx, def: EntityDefinition, input: Fields, before: Row | null) {
  for (const ref of def.refs ?? []) {
    const id = input[ref.field];
    if (!id) continue;
    const [found] = await tx.select({ id: ref.table.id }).from(ref.table).where(eq(ref.table.id, id));
    if (!found) throw badRequest(ref.message, { [ref.field]: [ref.message] });
  }
  for (const u of def.unique) {
    const value = input[u.field];
    if (value === undefined) continue;
    const [taken] = await tx
      .select({ id: def.table.id })
      .from(def.table)
      .where(
        and(
          sameText(u.column, value),
          u.scope && eq(u.scope.column, input[u.scope.field]),
          before ? ne(def.table.id, before.id) : undefined,
        ),
      );
    if (taken) throw conflict(u.message(value));
  }
  await def.check?.(tx, input, before);
}

/** A write that raced another past validate(): its unique index refuses it with the same message. */
async function uniquely<T>(def: EntityDefinition, input: Fields, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const clash = def.unique.find((u) => isUniqueViolation(err, u.index));
    if (clash) throw conflict(clash.message(input[clash.field]));
    throw err;
  }
}

/** An update replaces every field of the form: one left out is cleared. */
function replacement(def: EntityDefinition, fields: Record<string, unknown>) {
  const names = Object.keys(callsOf(def).update.body.shape).filter((k) => k !== 'id');
  return Object.fromEntries(names.map((k) => [k, fields[k] ?? null]));
}

async function listRows(db: Db, def: EntityDefinition, q: ListParams & Fields, more: Record<string, SQL> = {}) {
  const where = and(searchOver(q.search, def.search), ...(def.filters?.where(q) ?? []));
  const { limit, offset } = pageOf(q);
  const sortable = { ...def.sort, ...more };
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...columnsOf(def), ...def.extras, ...more })
      .from(def.table)
      .where(where)
      .orderBy(...orderOf(q, sortable, [asc(Object.values(def.sort)[0]), asc(def.table.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(def.table).where(where),
  ]);
  return page(rows, n);
}

/** The routes of one entity definition. */
export function crudRoutes(def: EntityDefinition): AnyRouteDef[] {
  const { noun, entity, tag, table } = def;
  const calls = callsOf(def);
  const list = listQuery(def.filters?.shape ?? {});
  const routes: AnyRouteDef[] = [
    route({
      call: calls.create,
      tag,
      summary: `Create a ${noun}`,
      access: { permission: def.access.create },
      async handler({ body, caller, services, mutate }) {
        const id = await mutate(async (tx, audit) => {
          await validate(tx, def, body, null);
          const [row] = (await uniquely(def, body, () =>
            tx
              .insert(table)
              .values(body as CrudTable['$inferInsert'])
              .returning(),
          )) as Row[];
          audit({ action: 'create', entity, entityId: row.id, after: row });
          await def.afterWrite?.({ tx, audit, caller, before: null, after: row });
          return row.id;
        });
        return ok(await findOne(services.database.db, def, id), MESSAGES.created);
      },
    }),
    route({
      call: calls.update,
      tag,
      summary: `Update a ${noun}: every field of the form, with its id`,
      access: { permission: def.access.update },
      async handler({ body, caller, services, mutate, request }) {
        const { id, ...fields } = body as { id: string } & Record<string, unknown>;
        await mutate(async (tx, audit) => {
          const before = await storedRow(tx, def, id);
          if ('updatedAt' in before) mustBeUnchanged(request, before.updatedAt as Date);
          await validate(tx, def, fields, before);
          const values = { ...replacement(def, fields), ...('updatedAt' in columnsOf(def) ? { updatedAt: new Date() } : {}) };
          const [after] = (await uniquely(def, fields, () => tx.update(table).set(values).where(eq(table.id, id)).returning())) as Row[];
          audit({ action: 'update', entity, entityId: id, before, after });
          await def.afterWrite?.({ tx, audit, caller, before, after });
        });
        return ok(await findOne(services.database.db, def, id), MESSAGES.updated);
      },
    }),
    route({
      call: calls.remove,
      tag,
      summary: `Delete a ${noun}; refused while anything uses it`,
      access: { permission: def.access.remove },
      // The lookup lists' calls, named by paths, declare no query: crud gives theirs.
      query: idQuery,
      async handler({ query, caller, mutate }) {
        await mutate(async (tx, audit) => {
          const before = await storedRow(tx, def, query.id);
          const refusal = await def.inUse?.(tx, before);
          if (refusal) throw conflict(refusal);
          await def.beforeDelete?.(tx, audit, before);
          await tx.delete(table).where(eq(table.id, query.id));
          audit({ action: 'delete', entity, entityId: query.id, before });
          await def.afterWrite?.({ tx, audit, caller, before, after: null });
        });
        return ok(null, MESSAGES.deleted);
      },
    }),
    route({
      call: calls.getAll,
      tag,
      summary: `List ${noun} records: search, filters, sort and paging`,
      access: def.access.read,
      query: list,
      handler: ({ query, services }) => listRows(services.database.db, def, query),
    }),
    route({
      call: calls.getById,
      tag,
      summary: `One ${noun}`,
      access: def.access.read,
      query: idQuery,
      async handler({ query, services }) {
        const row = await findOne(services.database.db, def, query.id, def.totals?.columns);
        if (!row) throw notFoundOf(noun);
        return ok(row);
      },
    }),
  ];
  if (def.totals) {
    const { call, access, columns } = def.totals;
    routes.push(
      route({
        call,
        tag,
        summary: `List ${noun} records, each with its counts`,
        access,
        query: list,
        handler: ({ query, services }) => listRows(services.database.db, def, query, columns),
      }),
    );
  }
  return routes;
}
