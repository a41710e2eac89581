import AssignmentIcon from '@mui/icons-material/Assignment';
import { P } from '@/domain/roles/permissions';
import type { MemberRequestKind } from '@/domain/common/enums';
import { decidingCalls, requestsCalls as calls } from '@/domain/requests/calls';
import { SIGNED_IN, type Rule } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { choice, list, one } from '@/src/dataProvider/endpoints';

/** The request lists' filters: react-admin name -> query name. */
const REQUEST_FILTERS = { kind: 'Kind', status: 'Status', departmentId: 'DepartmentId', zoneId: 'ZoneId', from: 'From', to: 'To' };
/** A decision: the kind picks the call that decides it (Approve...?RequestId&Approve&Comment). */
type Decision = { id: string; kind: MemberRequestKind; approve: boolean; comment?: string };
/** Who may see others' requests at all (domain/requests/rules.ts narrows it per list). */
const REQUEST_VIEWERS: Rule = [P.viewRequests, P.approveRequests];

/** /requests, and a request itself with its decision and cancellation. */
export const requests = descriptor({
  name: 'requests',
  path: '/requests',
  screen: lazyScreen(() => import('./RequestsPage'), 'RequestsPage'),
  access: { view: SIGNED_IN },
  icon: AssignmentIcon,
  endpoints: {
    getOne: one(calls.getRequestById),
    custom: {
      decideRequest: {
        call: choice(decidingCalls, (p: Decision) => p.kind),
        query: (p: Decision) => ({ RequestId: p.id, Approve: p.approve, Comment: p.comment }),
      },
      cancelRequest: { call: calls.cancelRequest, query: (p: { id: string }) => ({ RequestId: p.id }) },
    },
  },
});

/** The tabs of /requests, one list resource each: one's own for everyone; the others' lists the server narrows to the viewer. */
export const myRequests = descriptor({
  name: 'myRequests',
  access: { view: SIGNED_IN },
  endpoints: { getList: list(calls.getUserRequestLog, REQUEST_FILTERS) },
});
export const hodRequests = descriptor({
  name: 'hodRequests',
  access: { view: REQUEST_VIEWERS },
  endpoints: { getList: list(calls.getHodRequests, REQUEST_FILTERS) },
});
export const inspectorateRequests = descriptor({
  name: 'inspectorateRequests',
  access: { view: REQUEST_VIEWERS },
  endpoints: { getList: list(calls.getInspectorateRequests, REQUEST_FILTERS) },
});
export const allRequests = descriptor({
  name: 'allRequests',
  access: { view: REQUEST_VIEWERS },
  endpoints: { getList: list(calls.getAllRequests, REQUEST_FILTERS) },
});
