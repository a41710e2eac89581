import { eq } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { biodata } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { notFound } from '@/server/http/errors.js';
import { lockedUser } from '@/server/engines/profileAccess.js';

/*
 * Archived members (the demise flag of their biodata, shown as Active or Archived). Archiving
 * never deletes: the person leaves the member lists and counts, and restoring brings them back.
 */

/** Sets the flag on the member's biodata, audited with the row before and after. */
export async function setDemise(tx: Tx, audit: (entry: AuditEntry) => void, userId: string, demise: boolean) {
  await lockedUser(tx, userId);
  const [before] = await tx.select().from(biodata).where(eq(biodata.userId, userId)).for('update');
  if (!before) throw notFound('Biodata not found!');
  const [after] = await tx.update(biodata).set({ demise, updatedAt: new Date() }).where(eq(biodata.id, before.id)).returning();
  audit({ action: demise ? 'archive' : 'restore', entity: 'biodata', entityId: before.id, before, after });
  return { userId, demise: after.demise, status: after.demise ? 'Archived' : 'Active' };
}
