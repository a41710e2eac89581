import { peopleEndpoints } from '@/src/areas/people/endpoints';
import { requestsEndpoints } from '@/src/areas/requests/endpoints';
import { rolesEndpoints } from '@/src/areas/roles/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/** A slice of the endpoint table (src/endpointTable/index.ts): people, roles and requests. */
export const PEOPLE_ENDPOINTS = {
  ...peopleEndpoints,
  ...rolesEndpoints,
  ...requestsEndpoints,
} satisfies EndpointTable;
