import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { AFFILIATION_FIELDS, editableAffiliationFields, showsCharterNumber, type AffiliationField } from '@/domain/profile/rules.js';
import type { churchAffiliationUpdateSchema } from '@/domain/profile/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { qualified } from '@/server/db/queries.js';
import { centers, churchAffiliations, departments, userDepartments, zones } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict, forbidden, notFound } from '@/server/http/errors.js';
import { affinityGroupNamed, lookupNamed, zoneNamed, zoneOfCenter } from '@/server/engines/namedRecords.js';
import { existingUser, isSelf } from '@/server/engines/profileAccess.js';
import { cihRoleAfterMove } from './placement.js';

export const AFFILIATION_NOT_FOUND = 'Church Affiliation not found!';
const ONLY_ZONE_AND_CENTER = 'On your own church affiliation you may change only the zone and the center';
const MOVE_BY_REQUEST =
  'Your zone and center can be chosen only once: to move, request a change of zone (RequestChangeOfCIHZone), which the inspectorate approves';
const CIH_ROLE_BY_INSPECTORATE = 'A CIH role is given by the inspectorate';
const PLACE: readonly AffiliationField[] = ['zoneId', 'centerId'];

type Affiliation = typeof churchAffiliations.$inferSelect;

/**
 * A member chooses their own zone and center once, for the first placement. Once placed, or
 * while holding a CIH role (tied to the center the inspectorate gives), a move goes through
 * RequestChangeOfCIHZone; those who may change anyone's affiliation still move people.
 */
function placeIsLocked(caller: Caller, before: Affiliation | undefined): boolean {
  if (caller.permissions.has(P.updateChurchAffiliation) || !before) return false;
  return !!(before.zoneId || before.centerId || before.cihRole);
}

type AffiliationInput = z.output<typeof churchAffiliationUpdateSchema>;
type Values = { [K in AffiliationField]: (typeof churchAffiliations.$inferSelect)[K] };

/** A new affiliation's values before anything is chosen. */
const EMPTY: Values = {
  levelOfATS: null,
  charteredMember: false,
  charteredMemberNumber: null,
  mountainOfInfluence: null,
  affinityGroup: [],
  zoneId: null,
  centerId: null,
  cihAddress: null,
  ministry: null,
  unit: null,
};

/** The member's primary department, by name: what the affiliation answers as its "department". */
const primaryDepartment = sql<string | null>`(select ${qualified(departments.departmentName)} from ${departments}
  join ${userDepartments} on ${qualified(userDepartments.departmentId)} = ${qualified(departments.id)}
  where ${qualified(userDepartments.userId)} = ${qualified(churchAffiliations.userId)} and ${qualified(userDepartments.isPrimaryDepartment)} limit 1)`;

/** The affiliation as the profile reads it: zone and center names, the primary department, no 'none' group. */
export async function affiliationView(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      ...getTableColumns(churchAffiliations),
      cihZone: zones.zoneName,
      centerName: centers.centerName,
      department: primaryDepartment,
    })
    .from(churchAffiliations)
    .leftJoin(zones, eq(zones.id, churchAffiliations.zoneId))
    .leftJoin(centers, eq(centers.id, churchAffiliations.centerId))
    .where(eq(churchAffiliations.userId, userId));
  return row && { ...row, affinityGroup: row.affinityGroup.filter((g) => g.toLowerCase() !== 'none') };
}

/** Values compared as a person would: no case, no order within the group list. */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    Array.isArray(v)
      ? v
          .map((x) => String(x).toLowerCase())
          .sort()
          .join('\u0000')
      : typeof v === 'string'
        ? v.trim().toLowerCase()
        : (v ?? null);
  return norm(a) === norm(b);
}

/** The zone and center chosen: a center alone brings its zone; a center must lie in the zone. */
async function placeOf(tx: Tx, input: AffiliationInput) {
  const centerZone = input.centerId ? await zoneOfCenter(tx, input.centerId, 'centerId') : undefined;
  const zoneId = input.zoneId ?? centerZone;
  if (input.zoneId) await zoneNamed(tx, input.zoneId, 'zoneId');
  if (centerZone && centerZone !== zoneId) {
    throw badRequest('The center is not in the chosen zone', { centerId: ['The center is not in the chosen zone'] });
  }
  return { zoneId, centerId: input.centerId };
}

/** The input with names in their stored spelling; each must name an existing record. */
async function resolved(tx: Tx, input: AffiliationInput, editable: readonly AffiliationField[]): Promise<Partial<Values>> {
  const name = async (field: 'mountainOfInfluence' | 'ministry' | 'unit') =>
    input[field] && editable.includes(field) ? (await lookupNamed[field](tx, input[field]!)).name : input[field];
  const groups =
    input.affinityGroup && editable.includes('affinityGroup')
      ? await Promise.all(input.affinityGroup.map(async (g) => (await affinityGroupNamed(tx, g, 'affinityGroup')).name))
      : input.affinityGroup;
  return {
    ...input,
    ...(await placeOf(tx, input)),
    affinityGroup: groups && [...new Set(groups)],
    mountainOfInfluence: await name('mountainOfInfluence'),
    ministry: await name('ministry'),
    unit: await name('unit'),
  };
}

/**
 * The stored values of a save. Fields the caller may edit are replaced (one left out is
 * cleared); any other field keeps its value, and sending it changed is refused (403). The
 * charter number is kept only where the form shows it.
 */
async function valuesOf(tx: Tx, caller: Caller, input: AffiliationInput, current: Values, locked: boolean): Promise<Values> {
  const allowed = editableAffiliationFields(caller.permissions, isSelf(caller, input.userId));
  if (allowed.length === 0) throw forbidden();
  const editable = locked ? allowed.filter((f) => !PLACE.includes(f)) : allowed;
  const proposed = await resolved(tx, input, editable);
  const values = { ...current };
  for (const field of AFFILIATION_FIELDS) {
    const sent = proposed[field];
    if (editable.includes(field)) (values as Record<string, unknown>)[field] = sent ?? EMPTY[field];
    else if (sent !== undefined && !sameValue(sent, current[field]))
      throw forbidden(locked && PLACE.includes(field) ? MOVE_BY_REQUEST : ONLY_ZONE_AND_CENTER);
  }
  if (!showsCharterNumber(values)) values.charteredMemberNumber = null;
  return values;
}

/** Create (mode 'create': none may exist) or update (an existing one) a member's affiliation. */
export async function saveAffiliation(
  tx: Tx,
  audit: (e: AuditEntry) => void,
  caller: Caller,
  input: AffiliationInput,
  mode: 'create' | 'update',
  /** The version the form loaded (versions.ts): checked against the locked row. */
  checkVersion: (stored: Date | undefined) => void = () => {},
) {
  await existingUser(tx, input.userId);
  const [before] = await tx.select().from(churchAffiliations).where(eq(churchAffiliations.userId, input.userId)).for('update');
  if (mode === 'create' && before) throw conflict('This member already has a church affiliation: update it instead');
  if (mode === 'update' && (!before || (input.id && input.id !== before.id))) throw notFound(AFFILIATION_NOT_FOUND);
  if (mode === 'update') checkVersion(before?.updatedAt);
  const values = await valuesOf(tx, caller, input, before ?? EMPTY, placeIsLocked(caller, before));
  // Only those who may assign CIH roles send it changed; sent, it is given again after a move.
  let cihRole = cihRoleAfterMove(before, values.centerId);
  if (input.cihRole !== undefined && input.cihRole !== (before?.cihRole ?? null)) {
    if (!caller.permissions.has(P.updateChurchAffiliation)) throw forbidden(CIH_ROLE_BY_INSPECTORATE);
  }
  if (input.cihRole !== undefined) cihRole = input.cihRole;
  if (!before) {
    const [created] = await tx
      .insert(churchAffiliations)
      .values({ userId: input.userId, ...values, cihRole })
      .returning();
    audit({ action: 'create', entity: 'churchAffiliation', entityId: created.id, after: created });
    return;
  }
  const [after] = await tx
    .update(churchAffiliations)
    .set({ ...values, cihRole, updatedAt: new Date() })
    .where(eq(churchAffiliations.id, before.id))
    .returning();
  audit({ action: 'update', entity: 'churchAffiliation', entityId: after.id, before, after });
}
