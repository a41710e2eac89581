import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Biodata, biodataUpdateSchema } from '@/domain/profile/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { biodata } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { conflict } from '@/server/http/errors.js';
import { existingUser, mustEdit } from '@/server/engines/profileAccess.js';
import { biodataNotFound, biodataOf, biodataValues, syncAccount } from './biodata.js';

/** Creating, saving and deleting a member's biodata; the account keeps the names it holds. */

type Audit = (e: AuditEntry) => void;

/** A member's first biodata: none may exist yet. */
export async function createBiodata(tx: Tx, audit: Audit, caller: Caller, body: Biodata) {
  mustEdit(caller, body.userId);
  await existingUser(tx, body.userId);
  if (await biodataOf(tx, body.userId)) throw conflict('This member already has biodata: update it instead');
  const [created] = await tx
    .insert(biodata)
    .values({ userId: body.userId, ...biodataValues(caller, body, null) })
    .returning();
  await syncAccount(tx, created);
  audit({ action: 'create', entity: 'biodata', entityId: created.id, after: created });
  return created;
}

/** Saves every field of the form; unchanged checks the stored updatedAt against the form's. */
export async function updateBiodata(
  tx: Tx,
  audit: Audit,
  caller: Caller,
  body: z.output<typeof biodataUpdateSchema>,
  unchanged: (stored: Date) => void,
) {
  mustEdit(caller, body.userId);
  // Locked: two saves from one loaded version must not both pass the version check.
  const [before] = await tx.select().from(biodata).where(eq(biodata.userId, body.userId)).for('update');
  if (!before || (body.id && body.id !== before.id)) throw biodataNotFound();
  unchanged(before.updatedAt);
  const [after] = await tx
    .update(biodata)
    .set({ ...biodataValues(caller, body, before), updatedAt: new Date() })
    .where(eq(biodata.id, before.id))
    .returning();
  await syncAccount(tx, after);
  audit({ action: 'update', entity: 'biodata', entityId: after.id, before, after });
  return after;
}

/** Deletes a biodata by its own id; the account stays. */
export async function deleteBiodata(tx: Tx, audit: Audit, id: string) {
  const [before] = await tx.delete(biodata).where(eq(biodata.id, id)).returning();
  if (!before) throw biodataNotFound();
  audit({ action: 'delete', entity: 'biodata', entityId: before.id, before });
}
