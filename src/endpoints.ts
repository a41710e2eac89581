import { CHURCH_ENDPOINTS } from '@/src/endpointTable/church';
import { GATHERINGS_ENDPOINTS } from '@/src/endpointTable/gatherings';
import { GIVING_ENDPOINTS } from '@/src/endpointTable/giving';
import { PEOPLE_ENDPOINTS } from '@/src/endpointTable/people';
import { PROFILE_ENDPOINTS } from '@/src/endpointTable/profile';
import { START_ENDPOINTS } from '@/src/endpointTable/start';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/*
 * THE endpoint table: react-admin resource -> its API calls, each area's rows under its
 * descriptors' names (src/screens.ts). Apart from the screen list because the calls carry their
 * zod schemas: App loads it on demand, in the slices joined here (src/endpointTable/index.ts), so
 * the login page's JavaScript holds neither zod nor any area's schemas.
 */
export const ENDPOINTS = {
  ...START_ENDPOINTS,
  ...PEOPLE_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...CHURCH_ENDPOINTS,
  ...GATHERINGS_ENDPOINTS,
  ...GIVING_ENDPOINTS,
} satisfies EndpointTable;

/** The table's type: each resource's calls, as typed where its area declares them. */
export type Endpoints = typeof ENDPOINTS;
