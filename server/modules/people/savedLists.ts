import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SavedFilter, SavedList, savedListCreateSchema, savedListRenameSchema } from '@/domain/people/savedLists.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName } from '@/server/db/queries.js';
import { savedLists } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { Caller } from '@/server/http/access.js';
import { conflict, forbidden, isUniqueViolation, notFound } from '@/server/http/errors.js';

/**
 * Saved lists (docs/decisions/0214-saved-lists.md): a filter of the member list kept by name.
 * A private list is its owner's alone; a shared one is the office's, who read the member list
 * church-wide (CAN_VIEW_MEMBERS): they all see it, and any of them renames or deletes it.
 */

type Audit = (e: AuditEntry) => void;
const NOT_FOUND = 'Saved list not found';
const s = savedLists;

/** The office a list is shared with: who reads the member list and others' profiles church-wide. */
const isOffice = (caller: Caller) => caller.permissions.has(P.viewMembers);

/** The lists a caller sees: their own, and the shared ones for the office. */
const seenBy = (caller: Caller): SQL | undefined => (isOffice(caller) ? or(eq(s.ownerId, caller.id), s.shared) : eq(s.ownerId, caller.id));

/** Whether a caller may rename and delete a list: its owner, and for a shared one the office. */
const mayChange = (caller: Caller, list: { ownerId: string | null; shared: boolean }) =>
  list.ownerId === caller.id || (list.shared && isOffice(caller));

const uniqueName = (err: unknown): never => {
  if (isUniqueViolation(err, 'saved_lists_owner_name_key')) throw conflict('You already have a saved list with this name');
  throw err;
};

const fields = {
  id: s.id,
  name: s.name,
  shared: s.shared,
  filter: sql<SavedFilter>`${s.filter}`,
  ownerId: s.ownerId,
  ownerName: personName(s.ownerId),
  createdAt: sql<string>`to_char(${s.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

type Row = Omit<SavedList, 'mine' | 'mayChange'>;
const withRights =
  (caller: Caller) =>
  (row: Row): SavedList => ({ ...row, mine: row.ownerId === caller.id, mayChange: mayChange(caller, row) });

/** The lists the caller sees, by name (their own and the shared ones; the office's index serves the shared). */
export async function savedListsOf(db: Db, caller: Caller): Promise<SavedList[]> {
  const rows = await db
    .select(fields)
    .from(s)
    .where(seenBy(caller))
    .orderBy(asc(sql`lower(${s.name})`), asc(s.id));
  return rows.map(withRights(caller));
}

/** A list the caller sees, or 404 (a list of someone else's, unseen, is not revealed). */
async function seenList(db: Db | Tx, caller: Caller, id: string) {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.id, id), seenBy(caller)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function listById(db: Db | Tx, caller: Caller, id: string): Promise<SavedList> {
  const [row] = await db.select(fields).from(s).where(eq(s.id, id));
  return withRights(caller)(row);
}

/** Saves a filter by name; sharing it with the office is for the office itself. */
export async function createSavedList(tx: Tx, audit: Audit, caller: Caller, input: z.output<typeof savedListCreateSchema>) {
  if (input.shared && !isOffice(caller)) throw forbidden('Only the church office shares a saved list');
  const [row] = await tx
    .insert(s)
    .values({ name: input.name, shared: input.shared, filter: input.filter, ownerId: caller.id })
    .returning()
    .catch(uniqueName);
  audit({ action: 'create', entity: 'savedList', entityId: row.id, after: row });
  return listById(tx, caller, row.id);
}

export async function renameSavedList(tx: Tx, audit: Audit, caller: Caller, input: z.output<typeof savedListRenameSchema>) {
  const before = await seenList(tx, caller, input.id);
  if (!mayChange(caller, before)) throw forbidden('Only its owner or the church office renames this list');
  const [after] = await tx
    .update(s)
    .set({ name: input.name, updatedAt: new Date() })
    .where(eq(s.id, input.id))
    .returning()
    .catch(uniqueName);
  audit({ action: 'update', entity: 'savedList', entityId: after.id, before, after });
  return listById(tx, caller, after.id);
}

export async function deleteSavedList(tx: Tx, audit: Audit, caller: Caller, id: string) {
  const before = await seenList(tx, caller, id);
  if (!mayChange(caller, before)) throw forbidden('Only its owner or the church office deletes this list');
  await tx.delete(s).where(eq(s.id, id));
  audit({ action: 'delete', entity: 'savedList', entityId: id, before });
}
