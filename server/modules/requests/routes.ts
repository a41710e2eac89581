import type { Call } from '@/domain/common/calls.js';
import { decidingCalls, requestsCalls } from '@/domain/requests/calls.js';
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { z, type ZodType } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { decisionSchema, requestFilters } from '@/domain/requests/schemas.js';
import type { MemberRequestKind, MemberRequestStatus } from '@/domain/common/enums.js';
import type { Db } from '@/server/db/client.js';
import type { Access, Caller } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { conflict, isUniqueViolation } from '@/server/http/errors.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { editAccess } from '@/server/engines/profileAccess.js';
import { registerRoutes, route, type RouteDef } from '@/server/http/route.js';
import { cancel, decide } from './decide.js';
import {
  changeAffinityGroup,
  changeDepartment,
  changeZone,
  fileRequest,
  joinAffinityGroup,
  joinDepartment,
  pendingMessage,
  type Context,
  type RequestInput,
  type Target,
} from './filing.js';
import { allScope, departmentScope, inspectorateScope, ownScope } from './scope.js';
import { requestDetail, requestPage, type RequestListQuery } from './view.js';

/**
 * Requests and approvals, under /ChurchAffiliation/ as the API contract names them: the member's five
 * Request* filings, the views of heads of department, the inspectorate, administrators and the
 * member's own log, the decisions, the detail with its history, and the member's cancellation.
 */

const tag = 'Requests';
/** Seeing others' requests; the handler narrows to the caller's scope (domain/requests/rules.ts). */
const viewAccess: Access = { permission: [P.viewRequests, P.approveRequests] };

const listSchema = listQuery(requestFilters, PAGE_SIZE_CAP);
/** The by-status calls fix the status themselves. */
const statuslessSchema = listSchema.omit({ status: true });

type Scope = (db: Db, caller: Caller) => SQL | undefined | Promise<SQL | undefined>;

function listRoute(
  call: Call<'GET', string, undefined, undefined>,
  summary: string,
  access: Access,
  scope: Scope,
  status?: MemberRequestStatus,
): RouteDef<undefined, RequestListQuery> {
  return route({
    call,
    tag,
    summary: `${summary}: filters Kind, Status, DepartmentId, ZoneId, From, To (days); Search, paging and sort (createdAt, decidedAt, status, kind, requesterName)`,
    access,
    query: (status ? statuslessSchema : listSchema) as z.ZodType<RequestListQuery>,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      return requestPage(db, await scope(db, caller!), { ...query, ...(status && { status }) });
    },
  });
}

type DecidingCall = (typeof decidingCalls)[MemberRequestKind] & { query: typeof decisionSchema };

function decisionRoute(call: DecidingCall, summary: string) {
  return route({
    call,
    tag,
    summary: `${summary} (Approve=true or false; Comment required to reject); only a pending request, once`,
    access: { permission: P.approveRequests },
    async handler({ query, caller, mutate }) {
      const view = await mutate((tx, audit) => decide(tx, audit, caller!, call, query));
      return ok(view, query.approve ? 'Request approved' : 'Request rejected');
    },
  });
}

function filingRoute<Q extends RequestInput>(
  call: Call<'PUT', string, ZodType<Q>, undefined>,
  kind: MemberRequestKind,
  summary: string,
  target: (ctx: Context, q: Q) => Promise<Target>,
): RouteDef<undefined, Q> {
  return route({
    call,
    tag: 'Member requests',
    summary: `${summary}; one pending request of a kind per member`,
    access: editAccess,
    async handler({ query: q, caller, mutate }) {
      const row = await mutate((tx, audit) => fileRequest(tx, audit, caller!, kind, q, (ctx) => target(ctx, q))).catch((err) => {
        // Two requests racing past fileRequest's pending check: the database's partial unique index decides.
        if (isUniqueViolation(err, 'member_requests_pending_key')) throw conflict(pendingMessage(kind));
        throw err;
      });
      return ok(row, 'Request successful');
    },
  });
}

export async function requestsModule(app: FastifyInstance) {
  registerRoutes(app, [
    filingRoute(
      requestsCalls.requestByMemberToJoinDepartment,
      'joinDepartment',
      'Ask to join a department, with the reason',
      joinDepartment,
    ),
    filingRoute(
      requestsCalls.requestChangeOfDepartment,
      'changeDepartment',
      "Ask to move from one's primary department to another",
      changeDepartment,
    ),
    filingRoute(requestsCalls.requestByMemberToJoinAffinityGroup, 'joinAffinityGroup', 'Ask to join an affinity group', joinAffinityGroup),
    filingRoute(
      requestsCalls.requestChangeOfAffinityGroup,
      'changeAffinityGroup',
      "Ask to change one's affinity group",
      changeAffinityGroup,
    ),
    filingRoute(requestsCalls.requestChangeOfCIHZone, 'changeZone', 'Ask to move to another CIH zone (and center)', changeZone),
    listRoute(
      requestsCalls.getHodRequests,
      "Department requests of the departments the caller heads (every department's for those who manage departments)",
      viewAccess,
      departmentScope,
    ),
    listRoute(requestsCalls.getInspectorateRequests, 'Zone and affinity-group requests, for the inspectorate', viewAccess, (_db, caller) =>
      inspectorateScope(caller),
    ),
    listRoute(requestsCalls.getAllRequests, 'Every request of every kind, for administrators', viewAccess, (_db, caller) =>
      allScope(caller),
    ),
    listRoute(requestsCalls.getUserRequestLog, "The caller's own requests", { signedIn: true }, (_db, caller) => ownScope(caller)),
    listRoute(
      requestsCalls.getPendingDepartmentRequest,
      'Pending department requests (as GetHodRequests)',
      viewAccess,
      departmentScope,
      'pending',
    ),
    listRoute(
      requestsCalls.getApprovedDepartmentRequest,
      'Approved department requests (as GetHodRequests)',
      viewAccess,
      departmentScope,
      'approved',
    ),
    listRoute(
      requestsCalls.getRejectedDepartmentRequest,
      'Rejected department requests (as GetHodRequests)',
      viewAccess,
      departmentScope,
      'rejected',
    ),
    decisionRoute(
      requestsCalls.approveChangeOfDepartment,
      'Decide a request to join or change department: the head of the (new) department or an administrator',
    ),
    decisionRoute(
      requestsCalls.approveChangeOfCIHZone,
      'Decide a request to change CIH zone and center: the inspectorate or an administrator',
    ),
    decisionRoute(
      requestsCalls.approveAffinityGroupRequest,
      'Decide a request to join or change affinity group: the inspectorate or an administrator',
    ),
    route({
      call: requestsCalls.getRequestById,
      tag,
      summary: 'One request with its history: for the member who filed it, those who may decide it, and administrators',
      access: { signedIn: true },
      handler: async ({ query, caller, services }) => ok(await requestDetail(services.database.db, caller!, query.id)),
    }),
    route({
      call: requestsCalls.cancelRequest,
      tag,
      summary: 'The member who filed a pending request withdraws it',
      access: { signedIn: true },
      async handler({ query, caller, mutate }) {
        const view = await mutate((tx, audit) => cancel(tx, audit, caller!, query.requestId));
        return ok(view, 'Request cancelled');
      },
    }),
  ]);
}
