import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { MAX_BULK_CONVERT } from '@/domain/people/schemas.js';
import { lockedUser } from '@/server/engines/profileAccess.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest } from '@/server/http/errors.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { convert, converted } from './conversion.js';
import { firstTimerStats } from './firstTimerStats.js';

/** First-timers: their numbers, and their conversion to members. */
export const firstTimerRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getFirstTimerStats,
    tag: 'First-timers',
    summary:
      'First-timer numbers: total, converted and not; by gender; arrivals (and how many of them converted) by week (last 12, weeks from Monday, UTC) and by month (last 12)',
    access: { permission: P.viewFirstTimers },
    async handler({ services }) {
      return ok(await firstTimerStats(services.database.db));
    },
  }),
  route({
    call: peopleCalls.convertFirstTimersToMembers,
    tag: 'First-timers',
    summary: 'Convert one first-timer to a member: the member role replaces firsttimers, effective on their next call',
    access: { permission: P.approveFirstTimers },
    async handler({ query, caller, request, mutate }) {
      await mutate(async (tx) => {
        const user = await lockedUser(tx, query.id);
        if (!user.isFirstTimer) throw badRequest(`${user.email} is not a first-timer`);
        await convert(tx, [user.id], { actorId: caller!.id, ip: request.ip });
      });
      return ok({ converted: 1 }, converted(1));
    },
  }),
  route({
    call: peopleCalls.bulkConvertFirstTimersToMembers,
    tag: 'First-timers',
    summary:
      'Convert many first-timers (body: [ids] or {ids}) in one transaction, all or nothing: unknown ids or ids that are not first-timers answer 400 naming them, and nothing changes',
    access: { permission: P.approveFirstTimers },
    // MAX_BULK_CONVERT ids of 36 characters, quoted and comma-separated, with room to spare.
    bodyLimit: MAX_BULK_CONVERT * 40 + 1024,
    async handler({ body, caller, request, mutate }) {
      const n = await mutate((tx) => convert(tx, body.ids, { actorId: caller!.id, ip: request.ip }));
      return ok({ converted: n }, converted(n));
    },
  }),
];
