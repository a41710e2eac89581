import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { goalFilters, goalProgressSchema, goalSchema, goalUpdateSchema } from '@/domain/goals/metrics.js';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import type { Tx } from '@/server/db/client.js';
import { goalProgress, goals } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { scopedReads } from '@/server/engines/scopedReads.js';
import { isOffice, mustReach } from './scope.js';
import { goalDetail, goalPage, type GoalListQuery } from './view.js';

/**
 * Goals under /Goal/ (API.md): a target on a metric measured live from Flock's own rows, for a
 * scope a head of department, a CIH pastor or the church office may set (./scope.ts).
 */

const tag = 'Goals';
const GOAL_NOT_FOUND = 'Goal not found';
const idQuery = z.object({ id: idField() });

type GoalInput = z.output<typeof goalSchema>;

/** Only the office names someone else as a goal's owner. */
function valuesOf(caller: Caller, input: GoalInput) {
  const ownerId = isOffice(caller) ? (input.ownerId ?? caller.id) : caller.id;
  return {
    title: input.title,
    scope: input.scope,
    zoneId: input.scope === 'zone' ? input.zoneId! : null,
    centerId: input.scope === 'center' ? input.centerId! : null,
    departmentId: input.scope === 'department' ? input.departmentId! : null,
    metric: input.metric,
    target: input.target,
    startDate: input.startDate,
    endDate: input.endDate,
    ownerId,
  };
}

async function findGoal(tx: Tx, id: string) {
  const [row] = await tx.select().from(goals).where(eq(goals.id, id));
  if (!row) throw notFound(GOAL_NOT_FOUND);
  return row;
}

export async function goalsModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...scopedReads({
      base: '/Goal',
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
      method: 'POST',
      url: '/Goal/Create',
      tag,
      summary: 'Set a goal in the caller’s reach: a head their department, a CIH pastor their center, the office any scope',
      access: { permission: P.createGoals },
      body: goalSchema,
      async handler({ body, caller, mutate }) {
        const created = await mutate(async (tx, audit) => {
          await mustReach(tx, caller!, body);
          const [row] = await tx.insert(goals).values(valuesOf(caller!, body)).returning();
          audit({ action: 'create', entity: 'goal', entityId: row.id, after: row });
          return row;
        });
        return ok(created, 'Goal saved');
      },
    }),
    route({
      method: 'PUT',
      url: '/Goal/Update',
      tag,
      summary: 'Change a goal in the caller’s reach (before and after the change)',
      access: { permission: P.updateGoals },
      body: goalUpdateSchema,
      async handler({ body, caller, mutate }) {
        const updated = await mutate(async (tx, audit) => {
          const before = await findGoal(tx, body.id);
          await mustReach(tx, caller!, before);
          await mustReach(tx, caller!, body);
          const values = { ...valuesOf(caller!, body), ownerId: isOffice(caller!) ? (body.ownerId ?? before.ownerId) : before.ownerId };
          const [row] = await tx
            .update(goals)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(goals.id, body.id))
            .returning();
          audit({ action: 'update', entity: 'goal', entityId: row.id, before, after: row });
          return row;
        });
        return ok(updated, 'Goal saved');
      },
    }),
    route({
      method: 'DELETE',
      url: '/Goal/Delete',
      tag,
      summary: 'Remove a goal (the church office)',
      access: { permission: P.deleteGoals },
      query: idQuery,
      async handler({ query, mutate }) {
        await mutate(async (tx, audit) => {
          const before = await findGoal(tx, query.id);
          await tx.delete(goals).where(eq(goals.id, query.id));
          audit({ action: 'delete', entity: 'goal', entityId: before.id, before });
        });
        return ok(null, 'Goal deleted');
      },
    }),
    route({
      method: 'POST',
      url: '/Goal/AddProgress',
      tag,
      summary: '(added) Record the value of a manual goal on a day, with a note (its owner or the office)',
      access: { permission: [P.createGoals, P.updateGoals] },
      body: goalProgressSchema,
      async handler({ body, caller, mutate }) {
        const row = await mutate(async (tx, audit) => {
          const goal = await findGoal(tx, body.goalId);
          if (goal.metric !== 'manual') throw badRequest('Only a manual goal takes recorded values; the others are measured');
          if (goal.ownerId !== caller!.id && !isOffice(caller!)) throw forbidden('Only the goal’s owner records its progress');
          const [entry] = await tx
            .insert(goalProgress)
            .values({ goalId: goal.id, day: body.day, value: body.value, note: body.note ?? null, recordedBy: caller!.id })
            .returning();
          audit({ action: 'create', entity: 'goalProgress', entityId: entry.id, after: entry });
          return entry;
        });
        return ok(row, 'Progress recorded');
      },
    }),
  ]);
}
