import { authEndpoints } from '@/src/areas/auth/endpoints';
import { celebrationsEndpoints } from '@/src/areas/celebrations/endpoints';
import { departmentsEndpoints } from '@/src/areas/departments/endpoints';
import { meetingsEndpoints } from '@/src/areas/meetings/endpoints';
import { notificationsEndpoints } from '@/src/areas/notifications/endpoints';
import { overviewEndpoints } from '@/src/areas/overview/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/**
 * A slice of the endpoint table (src/endpointTable/index.ts): what every signed-in page asks
 * first, the frame's bell and the overview's cards, and sign-out.
 */
export const START_ENDPOINTS = {
  ...overviewEndpoints,
  ...notificationsEndpoints,
  ...authEndpoints,
  ...celebrationsEndpoints,
  ...meetingsEndpoints,
  ...departmentsEndpoints,
} satisfies EndpointTable;
