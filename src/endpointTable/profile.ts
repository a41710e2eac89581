import { profileEndpoints } from '@/src/areas/profile/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/** A slice of the endpoint table (src/endpointTable/index.ts): the member's profile and its details. */
export const PROFILE_ENDPOINTS = {
  ...profileEndpoints,
} satisfies EndpointTable;
