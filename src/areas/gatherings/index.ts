import CampaignIcon from '@mui/icons-material/Campaign';
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import type { CreateParams } from 'react-admin';
import { P } from '@/domain/roles/permissions';
import { crudRules, SIGNED_IN } from '@/src/authProvider/rules';
import type { AnyCall } from '@/domain/common/calls';
import { gatheringsCalls as calls } from '@/domain/gatherings/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { create, list, remove, update } from '@/src/dataProvider/endpoints';

/** Venues with their bookings, event requests and outreach: the screens and their calls (/Venue/, /Event/, /Outreach/). */

/** react-admin filter name -> query name, for every list here. */
const FILTERS = {
  status: 'Status',
  venueId: 'VenueId',
  from: 'From',
  to: 'To',
  mine: 'Mine',
  eventType: 'EventType',
  isActive: 'IsActive',
  requester: 'Requester',
};
type Decision = { id: string; approve: boolean; comment?: string };
const decision = (call: AnyCall) => ({
  call,
  query: (p: Decision) => ({ Id: p.id, Approve: p.approve, Comment: p.comment }),
});

/** One request with its history (who filed, changed and decided it, when, with the comment). */
const detail = (call: AnyCall) => ({ call, query: (p: { id: string }) => ({ Id: p.id }) });

/** /venue-management: the venues (CRUD for CAN_*_VENUES), their bookings with the calendar, and the decisions. */
export const venues = descriptor({
  name: 'venues',
  path: '/venue-management',
  screen: lazyScreen(() => import('./VenueManagementPage'), 'VenueManagementPage'),
  access: crudRules([P.viewVenues], P.createVenues, P.updateVenues, P.deleteVenues),
  icon: PlaceIcon,
  endpoints: {
    getList: list(calls.getAllVenue, FILTERS),
    getOne: { call: calls.getVenueById, query: (p: { id: string }) => ({ id: p.id }), read: (e) => ({ data: e.data }) },
    create: create(calls.createVenue),
    update: update(calls.updateVenue),
    delete: remove(calls.deleteVenue),
    custom: { decideBooking: decision(calls.approveOrRejectVenueRequest), bookingDetail: detail(calls.getVenueRequestById) },
  },
});

/** Bookings ("venue requests"): any member asks; the server shows the office every one, others their own. */
export const venueBookings = descriptor({
  name: 'venueBookings',
  access: { view: SIGNED_IN },
  endpoints: {
    getList: list(calls.getAllVenueRequests, FILTERS),
    create: create(calls.requestForVenue),
    update: update(calls.requestForVenue),
    delete: remove(calls.deleteVenueRequest),
  },
});

/** /events: members' own event requests for everyone; the office's queue for CAN_VIEW_EVENTS. */
export const events = descriptor({
  name: 'events',
  path: '/events',
  screen: lazyScreen(() => import('./EventsPage'), 'EventsPage'),
  access: { view: SIGNED_IN },
  icon: EventIcon,
  endpoints: {
    getList: list(calls.getUserEvents, FILTERS),
    create: {
      call: calls.requestForEvent,
      query: (p: CreateParams) => ({ requestType: p.data.eventType }),
      body: (p: CreateParams) => p.data,
      read: (e) => ({ data: e.data }),
    },
    update: update(calls.updateRequestForEvent),
    delete: remove(calls.deleteEventRequest),
    custom: { decideEvent: decision(calls.approveOrRejectEvent), eventDetail: detail(calls.getEventById) },
  },
});
export const allEvents = descriptor({
  name: 'allEvents',
  access: { view: [P.viewEvents], delete: [P.deleteEvents] },
  endpoints: { getList: list(calls.getAllEvents, FILTERS), delete: remove(calls.deleteEventRequest) },
});

/** /outreach: the requests (filed, changed, decided) and the reports with their converts. */
export const outreach = descriptor({
  name: 'outreach',
  path: '/outreach',
  screen: lazyScreen(() => import('./OutreachPage'), 'OutreachPage'),
  access: { view: [P.viewOutreach], create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
  icon: CampaignIcon,
  endpoints: {
    getList: list(calls.getAllOutreachRequests, FILTERS),
    create: create(calls.requestForOutreach),
    update: update(calls.updateOutreachRequest),
    delete: remove(calls.deleteOutreachRequest),
    custom: {
      decideOutreach: decision(calls.approveOrRejectOutreachRequest),
      outreachDetail: detail(calls.getOutreachRequestById),
      convertToFirstTimer: {
        call: calls.convertToFirstTimer,
        query: (p: { reportId: string; convertId: string }) => ({ reportId: p.reportId, convertId: p.convertId }),
      },
    },
  },
});
export const outreachReports = descriptor({
  name: 'outreachReports',
  access: { view: [P.viewOutreach], create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
  endpoints: {
    getList: list(calls.getAllOutreachReports, FILTERS),
    create: create(calls.createOutreachReport),
    update: update(calls.updateOutreachReports),
    delete: remove(calls.deleteOutreachReport),
  },
});

/** The member's own outreach requests (filed or gone on), on the Events page: members file outreach without seeing the office's list. */
export const myOutreach = descriptor({
  name: 'myOutreach',
  access: { view: SIGNED_IN, create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
  endpoints: {
    getList: list(calls.getAllOutreachRequests, FILTERS),
    create: create(calls.requestForOutreach),
    update: update(calls.updateOutreachRequest),
    delete: remove(calls.deleteOutreachRequest),
  },
});
