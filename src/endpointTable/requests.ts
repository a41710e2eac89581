import { cihReportsEndpoints } from '@/src/areas/cihReports/endpoints';
import { peopleEndpoints } from '@/src/areas/people/endpoints';
import { requestsEndpoints } from '@/src/areas/requests/endpoints';
import { rolesEndpoints } from '@/src/areas/roles/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/** A slice of the endpoint table (src/endpointTable/index.ts): requests, CIH reports, roles and people. */
export const REQUESTS_ENDPOINTS = {
  ...requestsEndpoints,
  ...cihReportsEndpoints,
  ...rolesEndpoints,
  ...peopleEndpoints,
} satisfies EndpointTable;
