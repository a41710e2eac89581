import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { existingUser, readAccess } from '@/server/engines/profileAccess.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { changeStage, stagePeriods } from './stages.js';

/** A person's stage and its history (docs/decisions 0210). */
export const stageRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getStages,
    tag: 'Stages',
    summary: "(added) A person's stage history, newest first: visitor, first-timer, member, worker or leader, each from the day it began",
    access: readAccess('userId'),
    async handler({ query, services }) {
      const db = services.database.db;
      await existingUser(db, query.userId);
      return ok(await stagePeriods(db, query.userId));
    },
  }),
  route({
    call: peopleCalls.changeStage,
    tag: 'Stages',
    summary:
      "(added) The office changes a person's stage from a day (today when left out; not in the future, not before the current stage began); member and beyond only after conversion",
    access: { permission: P.updateOtherMembers },
    async handler({ body, caller, mutate }) {
      const period = await mutate((tx, audit) => changeStage(tx, audit, body, caller!.id));
      return ok({ ...period, createdAt: period.createdAt.toISOString(), endedOn: null }, 'Stage changed');
    },
  }),
];
