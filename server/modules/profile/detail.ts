import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodObject } from 'zod';
import { idField } from '@/domain/common/fields.js';
import type { Db, Tx } from '@/server/db/client.js';
import { ok } from '@/server/http/envelope.js';
import { conflict, notFound } from '@/server/http/errors.js';
import { editAccess, existingUser, mustEdit, readAccess, recordEditAccess } from '@/server/engines/profileAccess.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';

/**
 * The profile's details beside the biodata (children, spouse, employer, qualifications) are
 * alike: a member's records with Create, Update and GetByUserId, and Delete for some. One
 * definition per detail drives them all. A "single" detail is one record per member (spouse,
 * employer): a second Create is a conflict and Update finds it by the member.
 */

type DetailTable = PgTable & { id: PgColumn; userId: PgColumn; updatedAt: PgColumn };
type Row = Record<string, unknown> & { id: string; userId: string };

export type DetailDefinition = {
  /** The controller of API.md: /Spouse/Create, /Spouse/Update, /Spouse/GetByUserId. */
  controller: string;
  tag: string;
  /** The entity of its audit rows. */
  entity: string;
  table: DetailTable;
  body: { create: ZodObject; update: ZodObject };
  /** The 404 text (SPEC.md section 8 where it names one). */
  notFound: string;
  single: boolean;
  /** A Delete?id route. */
  deletable: boolean;
  /** How a member's list is ordered (many-record details). */
  order?: SQL[];
};

const MESSAGES = { created: 'Successfully Created', updated: 'Details updated', deleted: 'Successfully Deleted' };
const byId = z.object({ id: idField() });

/** The form's fields: every field of the update body but the ids. */
function formFields(def: DetailDefinition, input: Record<string, unknown>) {
  const names = Object.keys(def.body.update.shape).filter((k) => k !== 'id' && k !== 'userId');
  return Object.fromEntries(names.map((k) => [k, input[k] ?? null]));
}

function rowsOf(db: Db | Tx, def: DetailDefinition, where: SQL | undefined, order: SQL[] = []) {
  return db
    .select()
    .from(def.table as PgTable)
    .where(where)
    .orderBy(...order) as unknown as Promise<Row[]>;
}

/** The record an Update names: by the member for a single detail (its id, when sent, must agree), else by id and member. */
async function updatedRecord(tx: Tx, def: DetailDefinition, input: { id?: string; userId: string }): Promise<Row> {
  const [row] = await rowsOf(
    tx,
    def,
    def.single ? eq(def.table.userId, input.userId) : and(eq(def.table.id, input.id!), eq(def.table.userId, input.userId)),
  );
  if (!row || (input.id && input.id !== row.id)) throw notFound(def.notFound);
  return row;
}

export function detailRoutes(def: DetailDefinition): AnyRouteDef[] {
  const { controller, tag, entity, table } = def;
  const routes: AnyRouteDef[] = [
    route({
      method: 'POST',
      url: `/${controller}/Create`,
      tag,
      summary: def.single ? `Create a member's ${entity} details (none may exist yet)` : `Add a ${entity} to a member's profile`,
      access: editAccess,
      body: def.body.create,
      async handler({ body, caller, mutate }) {
        const input = body as Record<string, unknown> & { userId: string };
        const row = await mutate(async (tx, audit) => {
          mustEdit(caller, input.userId);
          await existingUser(tx, input.userId);
          if (def.single && (await rowsOf(tx, def, eq(table.userId, input.userId))).length) {
            throw conflict(`This member already has ${entity} details: update them instead`);
          }
          const [created] = (await tx
            .insert(table)
            .values({ ...formFields(def, input), userId: input.userId })
            .returning()) as Row[];
          audit({ action: 'create', entity, entityId: created.id, after: created });
          return created;
        });
        return ok(row, MESSAGES.created);
      },
    }),
    route({
      method: 'PUT',
      url: `/${controller}/Update`,
      tag,
      summary: `Update a member's ${entity}: every field of the form`,
      access: editAccess,
      body: def.body.update,
      async handler({ body, caller, mutate, request }) {
        const input = body as Record<string, unknown> & { id?: string; userId: string };
        const row = await mutate(async (tx, audit) => {
          mustEdit(caller, input.userId);
          const before = await updatedRecord(tx, def, input);
          // Locked: two saves from one loaded version must not both pass the version check.
          const [current] = await tx.select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, before.id)).for('update');
          mustBeUnchanged(request, current.updatedAt as Date);
          const [after] = (await tx
            .update(table)
            .set({ ...formFields(def, input), updatedAt: new Date() })
            .where(eq(table.id, before.id))
            .returning()) as Row[];
          audit({ action: 'update', entity, entityId: after.id, before, after });
          return after;
        });
        return ok(row, MESSAGES.updated);
      },
    }),
    route({
      method: 'GET',
      url: `/${controller}/GetByUserId`,
      tag,
      summary: def.single ? `A member's ${entity} details by their user id` : `A member's ${entity} records by their user id`,
      access: readAccess('id'),
      query: byId,
      async handler({ query, services }) {
        const rows = await rowsOf(services.database.db, def, eq(table.userId, query.id), def.order);
        if (!def.single) return ok(rows);
        if (!rows[0]) throw notFound(def.notFound);
        return ok(rows[0]);
      },
    }),
  ];
  if (def.deletable) {
    routes.push(
      route({
        method: 'DELETE',
        url: `/${controller}/Delete`,
        tag,
        summary: `Delete one of a member's ${entity} records by its id`,
        access: recordEditAccess,
        query: byId,
        async handler({ query, caller, mutate }) {
          await mutate(async (tx, audit) => {
            const [before] = await rowsOf(tx, def, eq(table.id, query.id));
            if (!before) throw notFound(def.notFound);
            mustEdit(caller, before.userId);
            await tx.delete(table).where(eq(table.id, before.id));
            audit({ action: 'delete', entity, entityId: before.id, before });
          });
          return ok(null, MESSAGES.deleted);
        },
      }),
    );
  }
  return routes;
}
