import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodObject } from 'zod';
import type { AnyCall, Call, CallMethod } from '@/domain/common/calls.js';
import type { idQuery } from '@/domain/common/fields.js';
import type { Db, Tx } from '@/server/db/client.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { conflict, notFound } from '@/server/http/errors.js';
import { existingUser, mustEdit } from '@/server/engines/profileAccess.js';
import type { AuditEntity } from '@/domain/auditTrail/vocabulary.js';

/**
 * The profile's details beside the biodata (children, spouse, employer, qualifications) are
 * alike: a member's records with Create, Update and GetByUserId, and Delete for some. One
 * definition per detail drives them all. A "single" detail is one record per member (spouse,
 * employer): a second Create is a conflict and Update finds it by the member. The routes are
 * declared in detailsRoutes.ts; this file reads and writes the records.
 */

type DetailTable = PgTable & { id: PgColumn; userId: PgColumn; updatedAt: PgColumn };
type Row = Record<string, unknown> & { id: string; userId: string };
type Input = Record<string, unknown> & { userId: string };

/** A call whose body is the detail's form. */
type FormCall = AnyCall & { body: ZodObject };
type IdCall = Call<CallMethod, string, typeof idQuery>;
export type DetailCalls = { create: FormCall; update: FormCall; getByUserId: IdCall; delete?: IdCall };

export type DetailDefinition = {
  /** Create and Update, whose bodies are the form; GetByUserId?id; Delete?id when the detail has it. */
  calls: DetailCalls;
  tag: string;
  /** The entity of its audit rows. */
  entity: AuditEntity;
  table: DetailTable;
  /** The 404 text, word for word where the contract names one. */
  notFound: string;
  single: boolean;
  /** How a member's list is ordered (many-record details). */
  order?: SQL[];
};

/** The form's fields: every field of the update body but the ids. */
function formFields(def: DetailDefinition, input: Record<string, unknown>) {
  const names = Object.keys(def.calls.update.body.shape).filter((k) => k !== 'id' && k !== 'userId');
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

type Audit = (e: AuditEntry) => void;

/** Adds a record to a member's profile; a single detail takes one record only. */
export async function createDetail(tx: Tx, audit: Audit, caller: Caller, def: DetailDefinition, input: Input) {
  mustEdit(caller, input.userId);
  await existingUser(tx, input.userId);
  if (def.single && (await rowsOf(tx, def, eq(def.table.userId, input.userId))).length) {
    throw conflict(`This member already has ${def.entity} details: update them instead`);
  }
  const [created] = (await tx
    .insert(def.table)
    .values({ ...formFields(def, input), userId: input.userId })
    .returning()) as Row[];
  audit({ action: 'create', entity: def.entity, entityId: created.id, after: created });
  return created;
}

/** Saves every field of the form; unchanged checks the stored updatedAt against the form's. */
export async function updateDetail(
  tx: Tx,
  audit: Audit,
  caller: Caller,
  def: DetailDefinition,
  input: Record<string, unknown> & { id?: string; userId: string },
  unchanged: (stored: Date) => void,
) {
  const { table } = def;
  mustEdit(caller, input.userId);
  const before = await updatedRecord(tx, def, input);
  // Locked: two saves from one loaded version must not both pass the version check.
  const [current] = await tx.select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, before.id)).for('update');
  unchanged(current.updatedAt as Date);
  const [after] = (await tx
    .update(table)
    .set({ ...formFields(def, input), updatedAt: new Date() })
    .where(eq(table.id, before.id))
    .returning()) as Row[];
  audit({ action: 'update', entity: def.entity, entityId: after.id, before, after });
  return after;
}

/** A member's records in the detail's order; a single detail's one record, or a 404. */
export async function detailsOf(db: Db, def: DetailDefinition, userId: string) {
  const rows = await rowsOf(db, def, eq(def.table.userId, userId), def.order);
  if (!def.single) return rows;
  if (!rows[0]) throw notFound(def.notFound);
  return rows[0];
}

/** Deletes one record by its id, for whoever may edit its member's profile. */
export async function deleteDetail(tx: Tx, audit: Audit, caller: Caller, def: DetailDefinition, id: string) {
  const [before] = await rowsOf(tx, def, eq(def.table.id, id));
  if (!before) throw notFound(def.notFound);
  mustEdit(caller, before.userId);
  await tx.delete(def.table).where(eq(def.table.id, before.id));
  audit({ action: 'delete', entity: def.entity, entityId: before.id, before });
}
