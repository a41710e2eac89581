import type { MemberRequestKind } from '@/domain/common/enums';
import { decidingCalls, requestsCalls as calls } from '@/domain/requests/calls';
import { choice, list, one, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The request lists' filters: react-admin name -> query name. */
const REQUEST_FILTERS = { kind: 'Kind', status: 'Status', departmentId: 'DepartmentId', zoneId: 'ZoneId', from: 'From', to: 'To' };

/** A decision: the kind picks the call that decides it (Approve...?RequestId&Approve&Comment). */
type Decision = { id: string; kind: MemberRequestKind; approve: boolean; comment?: string };

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const requestsEndpoints = {
  requests: {
    getOne: one(calls.getRequestById),
    custom: {
      decideRequest: {
        call: choice(decidingCalls, (p: Decision) => p.kind),
        query: (p: Decision) => ({ RequestId: p.id, Approve: p.approve, Comment: p.comment }),
      },
      cancelRequest: { call: calls.cancelRequest, query: (p: { id: string }) => ({ RequestId: p.id }) },
    },
  },
  myRequests: { getList: list(calls.getUserRequestLog, REQUEST_FILTERS) },
  hodRequests: { getList: list(calls.getHodRequests, REQUEST_FILTERS) },
  inspectorateRequests: { getList: list(calls.getInspectorateRequests, REQUEST_FILTERS) },
  allRequests: { getList: list(calls.getAllRequests, REQUEST_FILTERS) },
} satisfies Record<string, ResourceEndpoints>;
