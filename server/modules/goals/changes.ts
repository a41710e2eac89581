import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { goalProgressSchema, goalSchema, goalUpdateSchema } from '@/domain/goals/metrics.js';
import type { Tx } from '@/server/db/client.js';
import { goalProgress, goals } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { isOffice, mustReach } from './scope.js';

/** Setting, changing and removing goals, and the recorded values of manual ones. */

type Audit = (e: AuditEntry) => void;
export const GOAL_NOT_FOUND = 'Goal not found';

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

/** Sets a goal in the caller's reach. */
export async function createGoal(tx: Tx, audit: Audit, caller: Caller, body: GoalInput) {
  await mustReach(tx, caller, body);
  const [row] = await tx.insert(goals).values(valuesOf(caller, body)).returning();
  audit({ action: 'create', entity: 'goal', entityId: row.id, after: row });
  return row;
}

/** Changes a goal in the caller's reach, before and after the change; only the office changes its owner. */
export async function updateGoal(tx: Tx, audit: Audit, caller: Caller, body: z.output<typeof goalUpdateSchema>) {
  const before = await findGoal(tx, body.id);
  await mustReach(tx, caller, before);
  await mustReach(tx, caller, body);
  const values = { ...valuesOf(caller, body), ownerId: isOffice(caller) ? (body.ownerId ?? before.ownerId) : before.ownerId };
  const [row] = await tx
    .update(goals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(goals.id, body.id))
    .returning();
  audit({ action: 'update', entity: 'goal', entityId: row.id, before, after: row });
  return row;
}

export async function deleteGoal(tx: Tx, audit: Audit, id: string) {
  const before = await findGoal(tx, id);
  await tx.delete(goals).where(eq(goals.id, id));
  audit({ action: 'delete', entity: 'goal', entityId: before.id, before });
}

/** Records a manual goal's value on a day: its owner or the office. */
export async function addProgress(tx: Tx, audit: Audit, caller: Caller, body: z.output<typeof goalProgressSchema>) {
  const goal = await findGoal(tx, body.goalId);
  if (goal.metric !== 'manual') throw badRequest('Only a manual goal takes recorded values; the others are measured');
  if (goal.ownerId !== caller.id && !isOffice(caller)) throw forbidden('Only the goal’s owner records its progress');
  const [entry] = await tx
    .insert(goalProgress)
    .values({ goalId: goal.id, day: body.day, value: body.value, note: body.note ?? null, recordedBy: caller.id })
    .returning();
  audit({ action: 'create', entity: 'goalProgress', entityId: entry.id, after: entry });
  return entry;
}
