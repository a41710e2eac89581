import { centerSchema, zoneSchema } from '@/domain/cih/schemas';
import type { ApiRecord, CrudDefinition, FieldDef } from '@/src/common/crud';

export const zoneCentersPath = (zone: Pick<ApiRecord, 'id'>) => `/cih/zones/view-centers/${zone.id}`;
export const zoneMembersPath = (zone: Pick<ApiRecord, 'id'>) => `/cih/zones/zone-members/${zone.id}`;

/** CIH zones from GetByTotal, each with its center and member counts. */
export const ZONES: CrudDefinition = {
  resource: 'zones',
  nameField: 'zoneName',
  schema: zoneSchema,
  fields: [
    { source: 'zoneName', kind: 'text' },
    { source: 'description', kind: 'multiline' },
  ],
  columns: [
    { source: 'zoneName', sortable: true, link: zoneCentersPath },
    { source: 'description' },
    { source: 'centerCount', kind: 'number', sortable: true },
    { source: 'memberCount', kind: 'number', sortable: true },
  ],
  rowLinks: [
    { label: 'flock.cih.centers', to: zoneCentersPath },
    { label: 'flock.cih.members', to: zoneMembersPath },
  ],
};

const ZONE: FieldDef = { source: 'zoneId', kind: 'reference', reference: 'zones', optionText: 'zoneName' };

/** One center is reached both under its zone and under all centers. */
export const CENTER_PATHS = {
  underZone: (center: Pick<ApiRecord, 'id'>) => `/cih/zones/center/${center.id}`,
  underCenters: (center: Pick<ApiRecord, 'id'>) => `/cih/centers/center/${center.id}`,
};

/** CIH centers from GetByTotal with their member counts; `detailPath` is where a center's name leads. */
function centerDefinition(detailPath: (center: ApiRecord) => string, createPath?: string): CrudDefinition {
  return {
    resource: 'centers',
    nameField: 'centerName',
    schema: centerSchema,
    fields: [{ source: 'centerName', kind: 'text' }, ZONE, { source: 'address', kind: 'text' }],
    columns: [
      { source: 'centerName', sortable: true, link: detailPath },
      { source: 'zoneName', sortable: true, link: (center) => zoneCentersPath({ id: center.zoneId }) },
      { source: 'address' },
      { source: 'memberCount', kind: 'number', sortable: true },
    ],
    filters: [ZONE],
    createPath,
  };
}

/** /cih/centers adds on its own page, /cih/centers/center. */
export const CENTERS = centerDefinition(CENTER_PATHS.underCenters, '/cih/centers/center');
/** A zone's centers add in a dialog, in that zone. */
export const ZONE_CENTERS = centerDefinition(CENTER_PATHS.underZone);
