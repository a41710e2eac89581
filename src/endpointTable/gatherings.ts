import { gatheringsEndpoints } from '@/src/areas/gatherings/endpoints';
import { householdsEndpoints } from '@/src/areas/households/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/** A slice of the endpoint table (src/endpointTable/index.ts): gatherings and households. */
export const GATHERINGS_ENDPOINTS = {
  ...gatheringsEndpoints,
  ...householdsEndpoints,
} satisfies EndpointTable;
