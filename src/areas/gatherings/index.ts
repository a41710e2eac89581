import CampaignIcon from '@mui/icons-material/Campaign';
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import type { CreateParams } from 'react-admin';
import { P } from '@/domain/roles/permissions';
import { crudRules, SIGNED_IN } from '@/src/authProvider/rules';
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
const decision = (path: string) => ({
  method: 'PUT' as const,
  path,
  query: (p: Decision) => ({ Id: p.id, Approve: p.approve, Comment: p.comment }),
});

/** One request with its history (who filed, changed and decided it, when, with the comment). */
const detail = (path: string) => ({ method: 'GET' as const, path, query: (p: { id: string }) => ({ Id: p.id }) });

/** /venue-management: the venues (CRUD for CAN_*_VENUES), their bookings with the calendar, and the decisions. */
export const venues = descriptor({
  name: 'venues',
  path: '/venue-management',
  screen: lazyScreen(() => import('./VenueManagementPage'), 'VenueManagementPage'),
  access: crudRules([P.viewVenues], P.createVenues, P.updateVenues, P.deleteVenues),
  icon: PlaceIcon,
  endpoints: {
    getList: list('/Venue/GetAllVenue', FILTERS),
    getOne: { method: 'GET', path: '/Venue/GetVenueById', query: (p: { id: string }) => ({ id: p.id }), read: (e) => ({ data: e.data }) },
    create: create('/Venue/CreateVenue'),
    update: update('/Venue/UpdateVenue'),
    delete: remove('/Venue/DeleteVenue'),
    custom: { decideBooking: decision('/Venue/ApproveOrRejectVenueRequest'), bookingDetail: detail('/Venue/GetVenueRequestById') },
  },
});

/** Bookings ("venue requests"): any member asks; the server shows the office every one, others their own. */
export const venueBookings = descriptor({
  name: 'venueBookings',
  access: { view: SIGNED_IN },
  endpoints: {
    getList: list('/Venue/GetAllVenueRequests', FILTERS),
    create: { ...create('/Venue/RequestForVenue'), method: 'PUT' },
    update: update('/Venue/RequestForVenue'),
    delete: remove('/Venue/DeleteVenueRequest'),
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
    getList: list('/Event/GetUserEvents', FILTERS),
    create: {
      method: 'PUT',
      path: '/Event/RequestForEvent',
      query: (p: CreateParams) => ({ requestType: p.data.eventType }),
      body: (p: CreateParams) => p.data,
      read: (e) => ({ data: e.data }),
    },
    update: update('/Event/UpdateRequestForEvent'),
    delete: remove('/Event/DeleteEventRequest'),
    custom: { decideEvent: decision('/Event/ApproveOrRejectEvent'), eventDetail: detail('/Event/GetEventById') },
  },
});
export const allEvents = descriptor({
  name: 'allEvents',
  access: { view: [P.viewEvents], delete: [P.deleteEvents] },
  endpoints: { getList: list('/Event/GetAllEvents', FILTERS), delete: remove('/Event/DeleteEventRequest') },
});

/** /outreach: the requests (filed, changed, decided) and the reports with their converts. */
export const outreach = descriptor({
  name: 'outreach',
  path: '/outreach',
  screen: lazyScreen(() => import('./OutreachPage'), 'OutreachPage'),
  access: { view: [P.viewOutreach], create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
  icon: CampaignIcon,
  endpoints: {
    getList: list('/Outreach/GetAllOutreachRequests', FILTERS),
    create: create('/Outreach/RequestForOutreach'),
    update: update('/Outreach/UpdateOutreachRequest'),
    delete: remove('/Outreach/DeleteOutreachRequest'),
    custom: {
      decideOutreach: decision('/Outreach/ApproveOrRejectOutreachRequest'),
      outreachDetail: detail('/Outreach/GetOutreachRequestById'),
      convertToFirstTimer: {
        method: 'PUT',
        path: '/Outreach/ConvertToFirstTimer',
        query: (p: { reportId: string; convertId: string }) => ({ reportId: p.reportId, convertId: p.convertId }),
      },
    },
  },
});
export const outreachReports = descriptor({
  name: 'outreachReports',
  access: { view: [P.viewOutreach], create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
  endpoints: {
    getList: list('/Outreach/GetAllOutreachReports', FILTERS),
    create: create('/Outreach/CreateOutreachReport'),
    update: update('/Outreach/UpdateOutreachReports'),
    delete: remove('/Outreach/DeleteOutreachReport'),
  },
});

/** The member's own outreach requests (filed or gone on), on the Events page: members file outreach without seeing the office's list. */
export const myOutreach = descriptor({
  name: 'myOutreach',
  access: { view: SIGNED_IN, create: SIGNED_IN, edit: SIGNED_IN, delete: SIGNED_IN },
  endpoints: {
    getList: list('/Outreach/GetAllOutreachRequests', FILTERS),
    create: create('/Outreach/RequestForOutreach'),
    update: update('/Outreach/UpdateOutreachRequest'),
    delete: remove('/Outreach/DeleteOutreachRequest'),
  },
});
