import AssignmentIcon from '@mui/icons-material/Assignment';
import { P } from '@/domain/roles/permissions';
import { SIGNED_IN, type Rule } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
/** Who may see others' requests at all (domain/requests/rules.ts narrows it per list). */
const REQUEST_VIEWERS: Rule = [P.viewRequests, P.approveRequests];

/** /requests, and a request itself with its decision and cancellation. */
export const requests = descriptor({
  name: 'requests',
  path: '/requests',
  screen: lazyScreen(() => import('./RequestsPage'), 'RequestsPage'),
  access: { view: SIGNED_IN },
  icon: AssignmentIcon,
});

/** The tabs of /requests, one list resource each: one's own for everyone; the others' lists the server narrows to the viewer. */
export const myRequests = descriptor({
  name: 'myRequests',
  access: { view: SIGNED_IN },
});
export const hodRequests = descriptor({
  name: 'hodRequests',
  access: { view: REQUEST_VIEWERS },
});
export const inspectorateRequests = descriptor({
  name: 'inspectorateRequests',
  access: { view: REQUEST_VIEWERS },
});
export const allRequests = descriptor({
  name: 'allRequests',
  access: { view: REQUEST_VIEWERS },
});
