import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { churchAffiliations, departments, goals } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { forbidden } from '@/server/http/errors.js';

/**
 * Whose goals a caller sees and sets: the office (CAN_DELETE_GOALS) every goal; a head of
 * department their departments' goals; a CIH pastor their center's; anyone the goals they own.
 * Headship and the pastor's center are read from the database at each call.
 */

export const isOffice = (caller: Caller) => caller.permissions.has(P.deleteGoals);

export type Reach = { departmentIds: string[]; centerId: string | null };

async function reachOf(db: Db | Tx, caller: Caller): Promise<Reach> {
  const [headed, [pastor]] = await Promise.all([
    db.select({ id: departments.id }).from(departments).where(eq(departments.hodId, caller.id)),
    db
      .select({ centerId: churchAffiliations.centerId })
      .from(churchAffiliations)
      .where(and(eq(churchAffiliations.userId, caller.id), sql`lower(${churchAffiliations.cihRole}) = 'cihpastor'`)),
  ]);
  return { departmentIds: headed.map((d) => d.id), centerId: pastor?.centerId ?? null };
}

/** The goals the caller sees, as a condition (undefined: all). */
export async function visibleGoals(db: Db | Tx, caller: Caller): Promise<SQL | undefined> {
  if (isOffice(caller)) return undefined;
  const reach = await reachOf(db, caller);
  return or(
    eq(goals.ownerId, caller.id),
    reach.departmentIds.length ? and(eq(goals.scope, 'department'), inArray(goals.departmentId, reach.departmentIds)) : undefined,
    reach.centerId ? and(eq(goals.scope, 'center'), eq(goals.centerId, reach.centerId)) : undefined,
  );
}

type Placed = { scope: string; departmentId?: string | null; centerId?: string | null };

/** Whether a goal is in the caller's reach: a head sets their departments', a pastor their center's, the office any. */
export async function reaches(db: Db | Tx, caller: Caller, goal: Placed) {
  if (isOffice(caller)) return true;
  const reach = await reachOf(db, caller);
  if (goal.scope === 'department' && goal.departmentId && reach.departmentIds.includes(goal.departmentId)) return true;
  return goal.scope === 'center' && !!goal.centerId && goal.centerId === reach.centerId;
}

/** Refuses a goal outside the caller's reach (reaches). */
export async function mustReach(db: Db | Tx, caller: Caller, goal: Placed) {
  if (await reaches(db, caller, goal)) return;
  throw forbidden(
    goal.scope === 'department'
      ? 'Only the head of this department or the church office sets its goals'
      : goal.scope === 'center'
        ? "Only this center's pastor or the church office sets its goals"
        : 'Only the church office sets church and zone goals',
  );
}
