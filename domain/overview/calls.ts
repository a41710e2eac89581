import { defineCall } from '@/domain/common/calls.js';

/** The dashboards' figures. */
export const overviewCalls = {
  getAdminDashboardStats: defineCall({ method: 'GET', path: '/Stats/GetAdminDashboardStats' }),
};
