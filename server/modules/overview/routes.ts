import type { FastifyInstance } from 'fastify';
import { P } from '@/domain/roles/permissions.js';
import { overviewCalls } from '@/domain/overview/calls.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { overviewCounts } from './counts.js';

export async function overviewModule(app: FastifyInstance) {
  registerRoutes(app, [
    route({
      call: overviewCalls.getAdminDashboardStats,
      tag: 'Statistics',
      summary: 'Counts for the overview: members, first-timers, departments and zones',
      access: { permission: [P.viewAdminDashboard, P.viewInspectorateDashboard] },
      handler: async ({ services }) => ok(await overviewCounts(services.database.db)),
    }),
  ]);
}
