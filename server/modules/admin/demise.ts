import { eq } from 'drizzle-orm';
import { P } from '@/domain/permissions.js';
import { biodata } from '@/server/db/schema/index.js';
import type { Tx } from '@/server/db/client.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { ok } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { listQuery } from '@/server/http/list.js';
import { route } from '@/server/http/route.js';
import { memberPage } from '@/server/http/memberList.js';
import { lockedUser, userIdQuery } from '@/server/http/profileAccess.js';

/*
 * Archived members (the demise flag of their biodata, shown as Active or Archived). Archiving
 * never deletes: the person leaves the member lists and counts, and restoring brings them back.
 */

const tag = 'Archived members';

/** Sets the flag on the member's biodata, audited with the row before and after. */
async function setDemise(tx: Tx, audit: (entry: AuditEntry) => void, userId: string, demise: boolean) {
  await lockedUser(tx, userId);
  const [before] = await tx.select().from(biodata).where(eq(biodata.userId, userId)).for('update');
  if (!before) throw notFound('Biodata not found!');
  const [after] = await tx.update(biodata).set({ demise, updatedAt: new Date() }).where(eq(biodata.id, before.id)).returning();
  audit({ action: demise ? 'archive' : 'restore', entity: 'biodata', entityId: before.id, before, after });
  return { userId, demise: after.demise, status: after.demise ? 'Archived' : 'Active' };
}

export const demiseRoutes = [
  route({
    method: 'GET',
    url: '/Biodata/GetAllDemise',
    tag,
    summary: 'Archived members (demise) as member summaries: search, the member sorts and paging',
    access: { permission: P.updateDemise },
    query: listQuery({}),
    handler({ query, services }) {
      return memberPage(services.database.db, query, [eq(biodata.demise, true)]);
    },
  }),
  route({
    method: 'PUT',
    url: '/Biodata/ArchiveMember',
    tag,
    summary: '(added) Archive a member (demise on): they leave the member lists and counts, and are never deleted',
    access: { permission: P.updateDemise },
    query: userIdQuery,
    async handler({ query, mutate }) {
      return ok(await mutate((tx, audit) => setDemise(tx, audit, query.userId, true)), 'Member archived');
    },
  }),
  route({
    method: 'PUT',
    url: '/Biodata/RestoreMember',
    tag,
    summary: '(added) Restore an archived member (demise off): they are back in the member lists and counts',
    access: { permission: P.updateDemise },
    query: userIdQuery,
    async handler({ query, mutate }) {
      return ok(await mutate((tx, audit) => setDemise(tx, audit, query.userId, false)), 'Member restored');
    },
  }),
];
