import { auditTrailEndpoints } from '@/src/areas/auditTrail/endpoints';
import { cihEndpoints } from '@/src/areas/cih/endpoints';
import { cihReportsEndpoints } from '@/src/areas/cihReports/endpoints';
import { lookupsEndpoints } from '@/src/areas/lookups/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/**
 * A slice of the endpoint table (src/endpointTable/index.ts): lookups, zones and centers, their
 * reports, and the audit trail.
 */
export const CHURCH_ENDPOINTS = {
  ...lookupsEndpoints,
  ...cihEndpoints,
  ...cihReportsEndpoints,
  ...auditTrailEndpoints,
} satisfies EndpointTable;
