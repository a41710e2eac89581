import { eq } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { centers, churchAffiliations, zones } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { forbidden, notFound } from '@/server/http/errors.js';

/**
 * Whose centers a caller reaches, read from the database on every call (never the client's word):
 * - churchWide: reads every center (the inspectorate and administrators, who oversee CIH);
 * - anyCenter: also writes for every center (administrators, who manage the CIH structure);
 * - centerId: the caller's own center from their church affiliation; pastors and coordinators
 *   read and write there only.
 */
export type Scope = { churchWide: boolean; anyCenter: boolean; centerId: string | null; userId: string };

export async function scopeOf(db: Db | Tx, caller: Caller): Promise<Scope> {
  const [mine] = await db
    .select({ centerId: churchAffiliations.centerId })
    .from(churchAffiliations)
    .where(eq(churchAffiliations.userId, caller.id));
  return {
    churchWide: caller.permissions.has(P.viewCihManagement),
    anyCenter: caller.permissions.has(P.updateCihManagement),
    centerId: mine?.centerId ?? null,
    userId: caller.id,
  };
}

const readsCenter = (scope: Scope, centerId: string) => scope.churchWide || scope.anyCenter || scope.centerId === centerId;
const writesCenter = (scope: Scope, centerId: string) => scope.anyCenter || scope.centerId === centerId;

export function assertReads(scope: Scope, centerId: string) {
  if (!readsCenter(scope, centerId)) throw forbidden('You may only see the reports of your own CIH center');
}

export function assertWrites(scope: Scope, centerId: string) {
  if (!writesCenter(scope, centerId)) throw forbidden('You may only file reports for your own CIH center');
}

/** The center a report names; 404 when there is none. */
export async function centerOf(db: Db | Tx, centerId: string) {
  const [row] = await db.select().from(centers).where(eq(centers.id, centerId));
  if (!row) throw notFound('Center not found!');
  return row;
}

/** The zone a statistics call names; 404 when there is none. */
export async function mustBeZone(db: Db | Tx, zoneId: string) {
  const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.id, zoneId));
  if (!zone) throw notFound('Zone not found!');
}
