import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { progressOf, type goalFilters } from '@/domain/goals/metrics.js';
import { localDay } from '@/domain/common/localTime.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, searchOver } from '@/server/db/queries.js';
import { centers, departments, goalProgress, goals, zones } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { page } from '@/server/http/envelope.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { measure } from './metrics.js';
import { isOffice, reaches, visibleGoals } from './scope.js';

/** A goal as the list and its page show it: the place's name, the owner, the value today and the progress. */

const g = goals;
const goalRow = {
  id: g.id,
  title: g.title,
  scope: g.scope,
  zoneId: g.zoneId,
  centerId: g.centerId,
  departmentId: g.departmentId,
  placeName: zones.zoneName,
  centerName: centers.centerName,
  departmentName: departments.departmentName,
  metric: g.metric,
  target: g.target,
  startDate: g.startDate,
  endDate: g.endDate,
  ownerId: g.ownerId,
  ownerName: personName(g.ownerId),
  createdAt: g.createdAt,
  updatedAt: g.updatedAt,
};

const selectGoals = (db: Db | Tx) =>
  db
    .select(goalRow)
    .from(g)
    .leftJoin(zones, eq(zones.id, g.zoneId))
    .leftJoin(centers, eq(centers.id, g.centerId))
    .leftJoin(departments, eq(departments.id, g.departmentId));

type Row = Awaited<ReturnType<typeof selectGoals>>[number];

async function withProgress(db: Db | Tx, row: Row, now = new Date()) {
  const { value, series } = await measure(db, row as unknown as typeof goals.$inferSelect, now);
  const { placeName, centerName, departmentName, ...rest } = row;
  const place = row.scope === 'zone' ? placeName : row.scope === 'center' ? centerName : row.scope === 'department' ? departmentName : null;
  return { view: { ...rest, placeName: place, ...progressOf(value, row.target, row.startDate, row.endDate, localDay(now)) }, series };
}

export type GoalListQuery = ListParams & z.output<z.ZodObject<typeof goalFilters>>;

const SORTS = { title: g.title, startDate: g.startDate, endDate: g.endDate, target: g.target, createdAt: g.createdAt, metric: g.metric };

export async function goalPage(db: Db, caller: Caller, q: GoalListQuery) {
  const today = localDay(new Date());
  const where = and(
    await visibleGoals(db, caller),
    q.scope ? eq(g.scope, q.scope) : undefined,
    q.metric ? eq(g.metric, q.metric) : undefined,
    q.departmentId ? eq(g.departmentId, q.departmentId) : undefined,
    q.centerId ? eq(g.centerId, q.centerId) : undefined,
    q.zoneId ? eq(g.zoneId, q.zoneId) : undefined,
    q.active === true ? and(lte(g.startDate, today), gte(g.endDate, today)) : undefined,
    searchOver(q.search, [g.title]),
  ) as SQL | undefined;
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = await Promise.all([
    selectGoals(db)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [desc(g.endDate), asc(g.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(g).where(where),
  ]);
  const views = [];
  for (const row of rows) views.push((await withProgress(db, row)).view);
  return page(views, total);
}

/** One goal with its series, for a manual goal its dated notes, and whether the caller may change or delete it; undefined when unseen. */
export async function goalDetail(db: Db | Tx, caller: Caller, id: string) {
  const [row] = await selectGoals(db).where(and(eq(g.id, id), await visibleGoals(db, caller)));
  if (!row) return undefined;
  const { view, series } = await withProgress(db, row);
  const notes =
    row.metric === 'manual'
      ? await db
          .select({
            id: goalProgress.id,
            day: goalProgress.day,
            value: goalProgress.value,
            note: goalProgress.note,
            recordedByName: personName(goalProgress.recordedBy),
          })
          .from(goalProgress)
          .where(eq(goalProgress.goalId, id))
          .orderBy(desc(goalProgress.day), desc(goalProgress.createdAt))
      : [];
  // What the screen offers: Update checks the reach again, and only the office deletes.
  const mayEdit = caller.permissions.has(P.updateGoals) && (await reaches(db, caller, row));
  return { ...view, series, notes, mayEdit, mayDelete: isOffice(caller) };
}
