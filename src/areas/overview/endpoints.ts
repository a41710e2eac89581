import { overviewCalls } from '@/domain/overview/calls';
import { get, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const overviewEndpoints = {
  dashboardStats: { custom: { getAdminDashboardStats: get(overviewCalls.getAdminDashboardStats) } },
} satisfies Record<string, ResourceEndpoints>;
