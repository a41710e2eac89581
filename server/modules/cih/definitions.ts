import { eq, sql } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { cihCalls } from '@/domain/cih/calls.js';
import { idField } from '@/domain/common/fields.js';
import { countOf, countRows, qualified } from '@/server/db/queries.js';
import { centers, churchAffiliations, zones } from '@/server/db/schema/index.js';
import { blockedBy, type EntityDefinition } from '@/server/engines/crud.js';

/** Zones and centers fill the profile's dropdowns, so any signed-in user reads them. */
const access = {
  read: { signedIn: true },
  create: P.createCihManagement,
  update: P.updateCihManagement,
  remove: P.deleteCihManagement,
} as const;
const byTotal = { permission: P.viewCihManagement };

const zoneName = sql<string>`(select ${qualified(zones.zoneName)} from ${zones} where ${qualified(zones.id)} = ${qualified(centers.zoneId)})`;

export const zone: EntityDefinition = {
  noun: 'zone',
  entity: 'zone',
  tag: 'CIH',
  table: zones,
  calls: {
    create: cihCalls.cihZoneCreate,
    update: cihCalls.cihZoneUpdate,
    remove: cihCalls.cihZoneDelete,
    getAll: cihCalls.cihZoneGetAll,
    getById: cihCalls.cihZoneGetById,
  },
  access,
  search: [zones.zoneName, zones.description],
  sort: { zoneName: zones.zoneName, createdAt: zones.createdAt },
  totals: {
    call: cihCalls.cihZoneGetByTotal,
    access: byTotal,
    columns: {
      centerCount: countOf(centers, centers.zoneId, zones.id),
      memberCount: countOf(churchAffiliations, churchAffiliations.zoneId, zones.id),
    },
  },
  unique: [{ field: 'zoneName', column: zones.zoneName, index: 'zones_name_key', message: (v) => `There is already a zone named "${v}"` }],
  async inUse(tx, row) {
    return blockedBy('zone', [
      [await countRows(tx, centers, eq(centers.zoneId, row.id)), 'center'],
      [await countRows(tx, churchAffiliations, eq(churchAffiliations.zoneId, row.id)), 'member'],
    ]);
  },
};

export const center: EntityDefinition = {
  noun: 'center',
  entity: 'center',
  tag: 'CIH',
  table: centers,
  calls: {
    create: cihCalls.centerCreate,
    update: cihCalls.centerUpdate,
    remove: cihCalls.centerDelete,
    getAll: cihCalls.centerGetAll,
    getById: cihCalls.centerGetById,
  },
  access,
  search: [centers.centerName, centers.address],
  sort: { centerName: centers.centerName, createdAt: centers.createdAt, zoneName },
  extras: { zoneName },
  filters: {
    shape: { zoneId: idField('ZoneId').optional() },
    where: (q) => [q.zoneId ? eq(centers.zoneId, q.zoneId) : undefined],
  },
  totals: {
    call: cihCalls.centerGetByTotal,
    access: byTotal,
    columns: { memberCount: countOf(churchAffiliations, churchAffiliations.centerId, centers.id) },
  },
  unique: [
    {
      field: 'centerName',
      column: centers.centerName,
      scope: { field: 'zoneId', column: centers.zoneId },
      index: 'centers_zone_name_key',
      message: (v) => `This zone already has a center named "${v}"`,
    },
  ],
  refs: [{ field: 'zoneId', table: zones, message: 'No zone has this id' }],
  async inUse(tx, row) {
    return blockedBy('center', [[await countRows(tx, churchAffiliations, eq(churchAffiliations.centerId, row.id)), 'member']]);
  },
  // A center moved to another zone takes its members with it.
  async afterWrite({ tx, before, after }) {
    if (!before || !after || before.zoneId === after.zoneId) return;
    await tx
      .update(churchAffiliations)
      .set({ zoneId: String(after.zoneId), updatedAt: new Date() })
      .where(eq(churchAffiliations.centerId, after.id));
  },
};
