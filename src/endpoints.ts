import { appointmentsEndpoints } from '@/src/areas/appointments/endpoints';
import { auditTrailEndpoints } from '@/src/areas/auditTrail/endpoints';
import { authEndpoints } from '@/src/areas/auth/endpoints';
import { celebrationsEndpoints } from '@/src/areas/celebrations/endpoints';
import { cihEndpoints } from '@/src/areas/cih/endpoints';
import { cihReportsEndpoints } from '@/src/areas/cihReports/endpoints';
import { departmentsEndpoints } from '@/src/areas/departments/endpoints';
import { gatheringsEndpoints } from '@/src/areas/gatherings/endpoints';
import { householdsEndpoints } from '@/src/areas/households/endpoints';
import { givingEndpoints } from '@/src/areas/giving/endpoints';
import { pledgeEndpoints } from '@/src/areas/giving/pledgeEndpoints';
import { goalsEndpoints } from '@/src/areas/goals/endpoints';
import { lookupsEndpoints } from '@/src/areas/lookups/endpoints';
import { meetingsEndpoints } from '@/src/areas/meetings/endpoints';
import { notificationsEndpoints } from '@/src/areas/notifications/endpoints';
import { overviewEndpoints } from '@/src/areas/overview/endpoints';
import { peopleEndpoints } from '@/src/areas/people/endpoints';
import { profileEndpoints } from '@/src/areas/profile/endpoints';
import { requestsEndpoints } from '@/src/areas/requests/endpoints';
import { rolesEndpoints } from '@/src/areas/roles/endpoints';
import type { EndpointTable } from '@/src/dataProvider/endpoints';

/*
 * THE endpoint table: react-admin resource -> its API calls, each area's rows under its
 * descriptors' names (src/screens.ts). Apart from the screen list because the calls carry their
 * zod schemas: App loads this module on demand (src/App.tsx), so the login page's JavaScript
 * holds neither zod nor any area's schemas.
 */
export const ENDPOINTS = {
  ...appointmentsEndpoints,
  ...auditTrailEndpoints,
  ...authEndpoints,
  ...celebrationsEndpoints,
  ...cihEndpoints,
  ...cihReportsEndpoints,
  ...departmentsEndpoints,
  ...gatheringsEndpoints,
  ...givingEndpoints,
  ...pledgeEndpoints,
  ...goalsEndpoints,
  ...householdsEndpoints,
  ...lookupsEndpoints,
  ...meetingsEndpoints,
  ...notificationsEndpoints,
  ...overviewEndpoints,
  ...peopleEndpoints,
  ...profileEndpoints,
  ...requestsEndpoints,
  ...rolesEndpoints,
} satisfies EndpointTable;

/** The table's type: each resource's calls, as typed where its area declares them. */
export type Endpoints = typeof ENDPOINTS;
