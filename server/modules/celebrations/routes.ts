import type { FastifyInstance } from 'fastify';
import { celebrationsCalls } from '@/domain/celebrations/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { greetingJob } from './greetings.js';
import { celebrations } from './list.js';
import { scopeCondition, scopesOf } from './scope.js';
import { celebrationSettings, updateCelebrationSettings } from './settings.js';

/** The route rule: the office, heads of department (their right CAN_APPROVE_REQUESTS) and CIH leaders; scope.ts narrows. */
const leaders = {
  permission: [P.updateOtherMembers, P.updateDepartment, P.approveRequests, P.viewCihCenter, P.viewCihManagement],
};
const tag = 'Celebrations';

export async function celebrationsModule(app: FastifyInstance) {
  const db = app.services.database.db;
  const job = greetingJob(db, app.log);
  app.services.outbox.everyRound(() => job.tick());
  registerRoutes(app, [
    route({
      call: celebrationsCalls.getAll,
      tag,
      summary:
        "(added) Birthdays and wedding anniversaries of the week or month in the caller's scope: the church (office), a department (its head) or a CIH center (its leaders); without those who said no to listing",
      access: leaders,
      async handler({ query, caller }) {
        const where = await scopeCondition(db, caller!, query.scope, query.id);
        return ok(await celebrations(db, caller!, query, where));
      },
    }),
    route({
      call: celebrationsCalls.getScopes,
      tag,
      summary: '(added) The scopes of birthdays the caller may choose: the church, departments, centers',
      access: leaders,
      handler: async ({ caller }) => ok(await scopesOf(db, caller!)),
    }),
    route({
      call: celebrationsCalls.getSettings,
      tag,
      summary: "(added) The church's choice of a greeting notification on members' birthdays and anniversaries",
      access: { permission: P.updateOtherMembers },
      handler: async () => ok(await celebrationSettings(db)),
    }),
    route({
      call: celebrationsCalls.updateSettings,
      tag,
      summary: '(added) Turn the greeting on the day on or off for the church (audited)',
      access: { permission: P.updateOtherMembers },
      async handler({ body, mutate }) {
        const saved = await mutate((tx, audit) => updateCelebrationSettings(tx, audit, body));
        if (saved.greetings) job.soon();
        return ok(saved, 'Saved');
      },
    }),
  ]);
}
