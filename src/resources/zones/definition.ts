import { zoneSchema } from '@/domain/cih/schemas';
import type { ApiRecord, CrudDefinition } from '@/src/resources/crud';

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
