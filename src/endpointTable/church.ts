import { auditTrailEndpoints } from '@/src/areas/auditTrail/endpoints';
import { cihEndpoints } from '@/src/areas/cih/endpoints';
import { gatheringsEndpoints } from '@/src/areas/gatherings/endpoints';
import { householdsEndpoints } from '@/src/areas/households/endpoints';
import { lookupsEndpoints } from '@/src/areas/lookups/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/**
 * A slice of the endpoint table (src/endpointTable/index.ts): lookups, zones and centers,
 * households, gatherings and the audit trail.
 */
export const CHURCH_ENDPOINTS = {
  ...lookupsEndpoints,
  ...cihEndpoints,
  ...householdsEndpoints,
  ...gatheringsEndpoints,
  ...auditTrailEndpoints,
} satisfies EndpointTable;
