import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { goalFilters } from '@/domain/goals/metrics.js';
import { P } from '@/domain/roles/permissions.js';
import { goalsCalls } from '@/domain/goals/calls.js';
import { ok } from '@/server/http/envelope.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { scopedReads } from '@/server/engines/scopedReads.js';
import { addProgress, createGoal, deleteGoal, GOAL_NOT_FOUND, updateGoal } from './changes.js';
import { goalDetail, goalPage, type GoalListQuery } from './view.js';

/**
 * Goals under /Goal/: a target on a metric measured live from Flock's own rows, for a
 * scope a head of department, a CIH pastor or the church office may set (./scope.ts).
 */

const tag = 'Goals';

export async function goalsModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...scopedReads({
      calls: { list: goalsCalls.getAll, one: goalsCalls.getById },
      tag,
      access: { permission: P.viewGoals },
      summaries: {
        list: 'Goals the caller sees (own, their departments’, their center’s; all for the office) with value today, progress, pace and status: filters Scope, Metric, DepartmentId, CenterId, ZoneId, Active; Search over titles; sorts title, startDate, endDate, target, createdAt, metric',
        one: 'One goal with its progress by day and, for a manual goal, its dated notes',
      },
      query: listQuery(goalFilters, PAGE_SIZE_CAP) as z.ZodType<GoalListQuery>,
      page: goalPage,
      one: goalDetail,
      notFound: GOAL_NOT_FOUND,
    }),
    route({
      call: goalsCalls.create,
      tag,
      summary: 'Set a goal in the caller’s reach: a head their department, a CIH pastor their center, the office any scope',
      access: { permission: P.createGoals },
      async handler({ body, caller, mutate }) {
        const created = await mutate((tx, audit) => createGoal(tx, audit, caller!, body));
        return ok(created, 'Goal saved');
      },
    }),
    route({
      call: goalsCalls.update,
      tag,
      summary: 'Change a goal in the caller’s reach (before and after the change)',
      access: { permission: P.updateGoals },
      async handler({ body, caller, mutate }) {
        const updated = await mutate((tx, audit) => updateGoal(tx, audit, caller!, body));
        return ok(updated, 'Goal saved');
      },
    }),
    route({
      call: goalsCalls.delete,
      tag,
      summary: 'Remove a goal (the church office)',
      access: { permission: P.deleteGoals },
      async handler({ query, mutate }) {
        await mutate((tx, audit) => deleteGoal(tx, audit, query.id));
        return ok(null, 'Goal deleted');
      },
    }),
    route({
      call: goalsCalls.addProgress,
      tag,
      summary: '(added) Record the value of a manual goal on a day, with a note (its owner or the office)',
      access: { permission: [P.createGoals, P.updateGoals] },
      async handler({ body, caller, mutate }) {
        const row = await mutate((tx, audit) => addProgress(tx, audit, caller!, body));
        return ok(row, 'Progress recorded');
      },
    }),
  ]);
}
