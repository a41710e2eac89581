import type { FastifyInstance } from 'fastify';
import { P } from '@/domain/roles/permissions.js';
import { isChurchMember, memberFilters, memberPage, memberQuerySchema, seesHidden, visibleTo } from '@/server/engines/memberList.js';
import { registerRoutes, route } from '@/server/http/route.js';

/** The member list of the members screen: church members only, with the member query's filters (server/http/memberList.ts). */
export async function membersModule(app: FastifyInstance) {
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/ChurchAffiliation/GetMemberQuery',
      tag: 'Church affiliation',
      summary: 'Church members (not first-timers, not archived) as member summaries: search, filters, sort and paging',
      access: { permission: [P.viewMembers, P.viewCihManagement, P.viewAttendance] },
      query: memberQuerySchema,
      handler: ({ query, caller, services }) => {
        const db = services.database.db;
        return memberPage(db, query, {
          scope: `members ${seesHidden(caller!)}`,
          where: () => [isChurchMember, ...memberFilters(db, query), visibleTo(caller!)],
        });
      },
    }),
  ]);
}
