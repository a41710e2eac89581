import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { churchAffiliations, memberDirectory } from '@/server/db/schema/index.js';
import { crudRoutes, findOne } from '@/server/engines/crud.js';
import { ok } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { allMembers } from '@/server/engines/memberList.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { center, zone } from './definitions.js';

/** CIH zones (/CIHZone/) and centers (/Center/) through the generic CRUD, and the caller's own center. */
export async function cihModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...crudRoutes(zone),
    ...crudRoutes(center),
    route({
      method: 'GET',
      url: '/Center/GetMyCenter',
      tag: 'CIH',
      summary: "(added) The caller's own CIH center from their church affiliation: its zone, members and leaders",
      access: { permission: [P.viewCihCenter, P.viewCihManagement] },
      async handler({ caller, services }) {
        const db = services.database.db;
        const [mine] = await db
          .select({ centerId: churchAffiliations.centerId })
          .from(churchAffiliations)
          .where(eq(churchAffiliations.userId, caller!.id));
        const found = mine?.centerId && (await findOne(db, center, mine.centerId));
        if (!found) throw notFound('You are not in a CIH center');
        const members = await allMembers(db, eq(memberDirectory.centerId, found.id));
        return ok({ center: found, members, leaders: members.filter((m) => m.cihRole) });
      },
    }),
  ]);
}
