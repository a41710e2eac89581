import { and, asc, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { requestFilters } from '@/domain/requests/schemas.js';
import type { MemberRequestKind } from '@/domain/common/enums.js';
import type { Localized } from '@/domain/common/languages.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, searchOver } from '@/server/db/queries.js';
import { affinityGroups, centers, departments, memberRequests, requestEvents, users, zones } from '@/server/db/schema/index.js';
import { page } from '@/server/http/envelope.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { isRequester, mayHandle } from './scope.js';

/** A request as every list and the detail show it: requester, target and previous names, decision. */

export const REQUEST_NOT_FOUND = 'Request not found';

const requester = alias(users, 'requester');
const targetDepartment = alias(departments, 'target_department');
const previousDepartment = alias(departments, 'previous_department');
const targetGroup = alias(affinityGroups, 'target_group');
const previousGroup = alias(affinityGroups, 'previous_group');
const targetZone = alias(zones, 'target_zone');
const previousZone = alias(zones, 'previous_zone');
const targetCenter = alias(centers, 'target_center');
const previousCenter = alias(centers, 'previous_center');

const r = memberRequests;
const requesterName = personName(r.userId);

const requestRow = {
  id: r.id,
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  requester: { id: r.userId, fullName: requesterName, email: requester.email },
  requestedBy: r.requestedBy,
  targetDepartmentId: r.targetDepartmentId,
  targetDepartmentName: targetDepartment.departmentName,
  previousDepartmentId: r.previousDepartmentId,
  previousDepartmentName: previousDepartment.departmentName,
  targetAffinityGroupId: r.targetAffinityGroupId,
  targetAffinityGroupName: targetGroup.affinityGroupName,
  previousAffinityGroupId: r.previousAffinityGroupId,
  previousAffinityGroupName: previousGroup.affinityGroupName,
  targetZoneId: r.targetZoneId,
  targetZoneName: targetZone.zoneName,
  targetCenterId: r.targetCenterId,
  targetCenterName: targetCenter.centerName,
  previousZoneId: r.previousZoneId,
  previousZoneName: previousZone.zoneName,
  previousCenterId: r.previousCenterId,
  previousCenterName: previousCenter.centerName,
  createdAt: r.createdAt,
  decidedBy: r.decidedBy,
  decidedByName: personName(r.decidedBy),
  decidedAt: r.decidedAt,
  decisionComment: r.decisionComment,
};

function selectRequests(db: Db | Tx) {
  return db
    .select(requestRow)
    .from(r)
    .innerJoin(requester, eq(requester.id, r.userId))
    .leftJoin(targetDepartment, eq(targetDepartment.id, r.targetDepartmentId))
    .leftJoin(previousDepartment, eq(previousDepartment.id, r.previousDepartmentId))
    .leftJoin(targetGroup, eq(targetGroup.id, r.targetAffinityGroupId))
    .leftJoin(previousGroup, eq(previousGroup.id, r.previousAffinityGroupId))
    .leftJoin(targetZone, eq(targetZone.id, r.targetZoneId))
    .leftJoin(previousZone, eq(previousZone.id, r.previousZoneId))
    .leftJoin(targetCenter, eq(targetCenter.id, r.targetCenterId))
    .leftJoin(previousCenter, eq(previousCenter.id, r.previousCenterId));
}
export type RequestView = Awaited<ReturnType<typeof selectRequests>>[number];

/**
 * What the member asked for, as the notifications word it (the decision's and the deciders'): a
 * verb phrase without its "to", in each language (docs/decisions/0231-mail-frame-and-server-language.md).
 */
export function describeRequest(v: RequestView): Localized {
  const place = [v.targetZoneName, v.targetCenterName].filter(Boolean).join(', ');
  const texts: Record<MemberRequestKind, Localized> = {
    joinDepartment: {
      en: `join the ${v.targetDepartmentName} department`,
      fr: `rejoindre le département ${v.targetDepartmentName}`,
    },
    changeDepartment: {
      en: `move from the ${v.previousDepartmentName ?? 'previous'} department to the ${v.targetDepartmentName} department`,
      fr: `passer du département ${v.previousDepartmentName ?? 'précédent'} au département ${v.targetDepartmentName}`,
    },
    joinAffinityGroup: {
      en: `join the ${v.targetAffinityGroupName} affinity group`,
      fr: `rejoindre le groupe d’affinité ${v.targetAffinityGroupName}`,
    },
    changeAffinityGroup: {
      en: `change affinity group to ${v.targetAffinityGroupName}`,
      fr: `changer de groupe d’affinité pour ${v.targetAffinityGroupName}`,
    },
    changeZone: { en: `move to ${place}`, fr: `être rattaché à ${place}` },
  };
  return texts[v.kind];
}

/** One request as the lists show it, or undefined. */
export async function requestView(db: Db | Tx, id: string): Promise<RequestView | undefined> {
  const [row] = await selectRequests(db).where(eq(r.id, id));
  return row;
}

/** A request's history, oldest first: filed, then its decision or cancellation. */
function historyOf(db: Db | Tx, requestId: string) {
  return db
    .select({
      id: requestEvents.id,
      action: requestEvents.action,
      actorId: requestEvents.actorId,
      actorName: personName(requestEvents.actorId),
      comment: requestEvents.comment,
      at: requestEvents.at,
    })
    .from(requestEvents)
    .where(eq(requestEvents.requestId, requestId))
    .orderBy(asc(requestEvents.at), asc(requestEvents.id));
}

/** One request with its history: for the member who filed it, those who may handle it, and administrators. */
export async function requestDetail(db: Db, caller: Caller, id: string) {
  const [request] = await db.select().from(r).where(eq(r.id, id));
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  if (!isRequester(caller, request) && !(await mayHandle(db, caller, request, 'view'))) throw forbidden();
  const [view, history] = await Promise.all([requestView(db, request.id), historyOf(db, request.id)]);
  return { ...view, history };
}

export type RequestListQuery = ListParams & Partial<z.output<z.ZodObject<typeof requestFilters>>>;

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/** The named filters of the request lists; From and To are UTC days, both included. */
function filtersOf(q: RequestListQuery): Array<SQL | undefined> {
  if (q.from && q.to && q.from > q.to) throw badRequest('From must not be after To', { from: ['From must not be after To'] });
  return [
    q.kind ? eq(r.kind, q.kind) : undefined,
    q.status ? eq(r.status, q.status) : undefined,
    q.departmentId ? or(eq(r.targetDepartmentId, q.departmentId), eq(r.previousDepartmentId, q.departmentId)) : undefined,
    q.zoneId ? or(eq(r.targetZoneId, q.zoneId), eq(r.previousZoneId, q.zoneId)) : undefined,
    q.from ? gte(r.createdAt, startOfDay(q.from)) : undefined,
    q.to ? lt(r.createdAt, dayAfter(q.to)) : undefined,
    searchOver(q.search, [requesterName, requester.email, r.reason]),
  ];
}

const SORTS = { createdAt: r.createdAt, decidedAt: r.decidedAt, status: r.status, kind: r.kind, requesterName };

/** One page of the requests within scope (the caller's view), filtered, searched and sorted. */
export async function requestPage(db: Db, scope: SQL | undefined, q: RequestListQuery) {
  const where = and(scope, ...filtersOf(q));
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [desc(r.createdAt), asc(r.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(r).innerJoin(requester, eq(requester.id, r.userId)).where(where),
  ]);
  return page(rows, n);
}
