import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/server/db/client.js';
import { sameText } from '@/server/db/queries.js';
import { affinityGroups, centers, departments, ministries, mountainsOfInfluence, units, zones } from '@/server/db/schema/index.js';
import { badRequest } from '@/server/http/errors.js';

/**
 * The profile names departments, zones, centers, affinity groups and the lookup lists either by
 * id (the dropdowns' values) or by name, as the provider's query parameters do. Both are
 * accepted; a name matches without regard to case. An unknown one is bad input (400).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Named = { id: string; name: string };

async function findNamed(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  name: PgColumn,
  value: string,
  scope?: SQL,
): Promise<Named | undefined> {
  const match = UUID.test(value) ? eq(table.id, value) : sameText(name, value);
  const [row] = await tx.select({ id: table.id, name }).from(table).where(and(match, scope));
  return row as Named | undefined;
}

function unknown(label: string, field: string, value: string): never {
  const message = `Unknown ${label}: ${value}`;
  throw badRequest(message, { [field]: [message] });
}

export async function departmentNamed(tx: Tx, value: string, field: string) {
  return (await findNamed(tx, departments, departments.departmentName, value)) ?? unknown('department', field, value);
}

/** The affinity group of that id or name, or undefined (a member may hold a name since renamed). */
export const findAffinityGroup = (tx: Tx, value: string) => findNamed(tx, affinityGroups, affinityGroups.affinityGroupName, value);

export async function affinityGroupNamed(tx: Tx, value: string, field: string) {
  return (await findAffinityGroup(tx, value)) ?? unknown('affinity group', field, value);
}

export async function zoneNamed(tx: Tx, value: string, field: string) {
  return (await findNamed(tx, zones, zones.zoneName, value)) ?? unknown('zone', field, value);
}

/** A center of the zone (a center's name is unique only within its zone). */
export async function centerInZone(tx: Tx, zoneId: string, value: string, field: string) {
  const found = await findNamed(tx, centers, centers.centerName, value, eq(centers.zoneId, zoneId));
  if (found) return found;
  if (await findNamed(tx, centers, centers.centerName, value)) {
    throw badRequest('The center is not in the chosen zone', { [field]: ['The center is not in the chosen zone'] });
  }
  return unknown('center', field, value);
}

/** The zone a center belongs to, for an affiliation that names a center alone. */
export async function zoneOfCenter(tx: Tx, centerId: string, field: string): Promise<string> {
  const [row] = await tx.select({ zoneId: centers.zoneId }).from(centers).where(eq(centers.id, centerId));
  return row?.zoneId ?? unknown('center', field, centerId);
}

/** The canonical spelling of a lookup name the affiliation keeps as text. */
export const lookupNamed = {
  mountainOfInfluence: (tx: Tx, v: string) =>
    findNamed(tx, mountainsOfInfluence, mountainsOfInfluence.name, v).then(
      (r) => r ?? unknown('mountain of influence', 'mountainOfInfluence', v),
    ),
  ministry: (tx: Tx, v: string) => findNamed(tx, ministries, ministries.name, v).then((r) => r ?? unknown('ministry', 'ministry', v)),
  unit: (tx: Tx, v: string) => findNamed(tx, units, units.name, v).then((r) => r ?? unknown('unit', 'unit', v)),
};
