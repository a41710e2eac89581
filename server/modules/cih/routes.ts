import type { FastifyInstance } from 'fastify';
import { P } from '@/domain/roles/permissions.js';
import { cihCalls } from '@/domain/cih/calls.js';
import { crudRoutes } from '@/server/engines/crud.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { center, zone } from './definitions.js';
import { myCenter } from './myCenter.js';

/** CIH zones (/CIHZone/) and centers (/Center/) through the generic CRUD, and the caller's own center. */
export async function cihModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...crudRoutes(zone),
    ...crudRoutes(center),
    route({
      call: cihCalls.getMyCenter,
      tag: 'CIH',
      summary: "(added) The caller's own CIH center from their church affiliation: its zone, members and leaders",
      access: { permission: [P.viewCihCenter, P.viewCihManagement] },
      handler: async ({ caller, services }) => ok(await myCenter(services.database.db, caller!)),
    }),
  ]);
}
