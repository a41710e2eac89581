import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  decidingRights,
  DEPARTMENT_REQUEST_KINDS,
  holdsRequestRight,
  holdsRights,
  INSPECTORATE_REQUEST_KINDS,
  isDepartmentRequest,
  isInspectorate,
  overseesDepartments,
  seesAllRequests,
  type RequestAction,
} from '@/domain/requests/rules.js';
import type { Db, Tx } from '@/server/db/client.js';
import { holdsEveryPermission } from '@/server/db/permissionsOf.js';
import { departments, memberRequests } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { forbidden } from '@/server/http/errors.js';

/**
 * Which requests a caller sees and decides (domain/requests/rules.ts): as conditions on
 * member_requests for the lists, and as a check on one request for its detail and decision.
 * Headship is read from the database at each call, so a new head decides at once.
 */

type Request = typeof memberRequests.$inferSelect;

const headedBy = (db: Db | Tx, callerId: string) =>
  db.select({ id: departments.id }).from(departments).where(eq(departments.hodId, callerId));

async function headsAny(db: Db | Tx, callerId: string) {
  return (await headedBy(db, callerId).limit(1)).length > 0;
}

/** Department requests: of every department for those who oversee them, else of the ones the caller heads. */
export async function departmentScope(db: Db | Tx, caller: Caller): Promise<SQL> {
  const kinds = inArray(memberRequests.kind, [...DEPARTMENT_REQUEST_KINDS]);
  if (overseesDepartments(caller.permissions, 'view')) return kinds;
  if (holdsRequestRight(caller.permissions, 'view') && (await headsAny(db, caller.id))) {
    return and(kinds, inArray(memberRequests.targetDepartmentId, headedBy(db, caller.id)))!;
  }
  throw forbidden('Only heads of department see department requests');
}

/** Zone and affinity-group requests, for the inspectorate. */
export function inspectorateScope(caller: Caller): SQL {
  if (!isInspectorate(caller.permissions, 'view')) throw forbidden('Only the inspectorate sees zone and affinity-group requests');
  return inArray(memberRequests.kind, [...INSPECTORATE_REQUEST_KINDS]);
}

/** Every request: no condition, for administrators only. */
export function allScope(caller: Caller): undefined {
  if (!seesAllRequests(caller.permissions)) throw forbidden('Only administrators see every request');
  return undefined;
}

export const ownScope = (caller: Caller) => eq(memberRequests.userId, caller.id);

/** The member it is about, or whoever filed it for them. */
export const isRequester = (caller: Caller, request: Request) => request.userId === caller.id || request.requestedBy === caller.id;

/** May the caller see (view) or decide this one request? By decidingRights, as decidersOf reads them. */
export async function mayHandle(db: Db | Tx, caller: Caller, request: Request, action: RequestAction): Promise<boolean> {
  const rights = decidingRights(request.kind);
  if (holdsRights(caller.permissions, rights.anyOf, action)) return true;
  if (!rights.head || !holdsRights(caller.permissions, rights.head, action) || !request.targetDepartmentId) return false;
  const [dept] = await db.select({ hodId: departments.hodId }).from(departments).where(eq(departments.id, request.targetDepartmentId));
  return dept?.hodId === caller.id;
}

/**
 * Everyone who may decide the request, as a condition on a user id: mayHandle's 'decide' rule
 * read for every user at once (the deciders told that it waits). Its member is left out by the
 * caller, as mustDecide refuses them.
 */
export function decidersOf(request: Request): (userId: SQL) => SQL {
  const rights = decidingRights(request.kind);
  return (userId) => {
    const byRights = holdsEveryPermission(userId, rights.anyOf);
    if (!rights.head || !request.targetDepartmentId) return byRights;
    const heads = sql`${userId} in (select d.hod_id from departments d where d.id = ${request.targetDepartmentId})`;
    return or(byRights, and(heads, holdsEveryPermission(userId, rights.head)))!;
  };
}

/** Throws 403 unless the caller may decide it; nobody decides their own request. */
export async function mustDecide(tx: Tx, caller: Caller, request: Request) {
  if (request.userId === caller.id) throw forbidden('You cannot decide your own request');
  if (await mayHandle(tx, caller, request, 'decide')) return;
  throw forbidden(
    isDepartmentRequest(request.kind)
      ? 'Only the head of the department this request names may decide it'
      : 'Only the inspectorate may decide zone and affinity-group requests',
  );
}
