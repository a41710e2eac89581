import CampaignIcon from '@mui/icons-material/Campaign';
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import { P } from '@/domain/roles/permissions';
import { crudRules, SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /venue-management: the venues (CRUD for CAN_*_VENUES), their bookings with the calendar, and the decisions. */
export const venues = descriptor({
  name: 'venues',
  path: '/venue-management',
  screen: lazyScreen(() => import('./VenueManagementPage'), 'VenueManagementPage'),
  access: crudRules([P.viewVenues], P.createVenues, P.updateVenues, P.deleteVenues),
  icon: PlaceIcon,
});

/** Bookings ("venue requests"): any member asks; the server shows the office every one, others their own. */
export const venueBookings = descriptor({
  name: 'venueBookings',
  access: { view: SIGNED_IN },
});

/** /events: members' own event requests for everyone; the office's queue for CAN_VIEW_EVENTS. */
export const events = descriptor({
  name: 'events',
  path: '/events',
  screen: lazyScreen(() => import('./EventsPage'), 'EventsPage'),
  access: { view: SIGNED_IN },
  icon: EventIcon,
});
export const allEvents = descriptor({
  name: 'allEvents',
  access: { view: [P.viewEvents], delete: [P.deleteEvents] },
});

/** /outreach: the requests (filed, changed, decided) and the reports with their converts. */
export const outreach = descriptor({
  name: 'outreach',
  path: '/outreach',
  screen: lazyScreen(() => import('./OutreachPage'), 'OutreachPage'),
  access: { view: [P.viewOutreach], create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
  icon: CampaignIcon,
});
export const outreachReports = descriptor({
  name: 'outreachReports',
  access: { view: [P.viewOutreach], create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
});

/** The member's own outreach requests (filed or gone on), on the Events page: members file outreach without seeing the office's list. */
export const myOutreach = descriptor({
  name: 'myOutreach',
  access: { view: SIGNED_IN, create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
});
