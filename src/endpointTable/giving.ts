import { appointmentsEndpoints } from '@/src/areas/appointments/endpoints';
import { givingEndpoints } from '@/src/areas/giving/endpoints';
import { pledgeEndpoints } from '@/src/areas/giving/pledgeEndpoints';
import { goalsEndpoints } from '@/src/areas/goals/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/** A slice of the endpoint table (src/endpointTable/index.ts): giving, pledges, goals and appointments. */
export const GIVING_ENDPOINTS = {
  ...givingEndpoints,
  ...pledgeEndpoints,
  ...goalsEndpoints,
  ...appointmentsEndpoints,
} satisfies EndpointTable;
