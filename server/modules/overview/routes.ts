import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { biodata, departments, users, zones } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';

export async function overviewModule(app: FastifyInstance) {
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/Stats/GetAdminDashboardStats',
      tag: 'Statistics',
      summary: 'Counts for the overview: members, first-timers, departments and zones',
      access: { permission: [P.viewAdminDashboard, P.viewInspectorateDashboard] },
      async handler({ services }) {
        const db = services.database.db;
        // Archived (demise) people drop out of the counts.
        const people = (firstTimer: boolean) =>
          db
            .select({ n: count() })
            .from(users)
            .leftJoin(biodata, eq(biodata.userId, users.id))
            .where(and(eq(users.isFirstTimer, firstTimer), eq(users.disabled, false), eq(biodata.demise, false)));
        const [[members], [firstTimers], [depts], [zoneCount]] = await Promise.all([
          people(false),
          people(true),
          db.select({ n: count() }).from(departments),
          db.select({ n: count() }).from(zones),
        ]);
        return ok({ members: members.n, firstTimers: firstTimers.n, departments: depts.n, zones: zoneCount.n });
      },
    }),
  ]);
}
