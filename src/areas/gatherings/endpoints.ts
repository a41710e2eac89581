import type { CreateParams } from 'react-admin';
import type { AnyCall } from '@/domain/common/calls';
import { gatheringsCalls as calls } from '@/domain/gatherings/calls';
import { create, list, remove, update, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

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

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const gatheringsEndpoints = {
  venues: {
    getList: list(calls.getAllVenue, FILTERS),
    getOne: { call: calls.getVenueById, query: (p: { id: string }) => ({ id: p.id }), read: (e) => ({ data: e.data }) },
    create: create(calls.createVenue),
    update: update(calls.updateVenue),
    delete: remove(calls.deleteVenue),
    custom: { decideBooking: decision(calls.approveOrRejectVenueRequest), bookingDetail: detail(calls.getVenueRequestById) },
  },
  venueBookings: {
    getList: list(calls.getAllVenueRequests, FILTERS),
    create: create(calls.requestForVenue),
    update: update(calls.requestForVenue),
    delete: remove(calls.deleteVenueRequest),
  },
  events: {
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
  allEvents: { getList: list(calls.getAllEvents, FILTERS), delete: remove(calls.deleteEventRequest) },
  outreach: {
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
  outreachReports: {
    getList: list(calls.getAllOutreachReports, FILTERS),
    create: create(calls.createOutreachReport),
    update: update(calls.updateOutreachReports),
    delete: remove(calls.deleteOutreachReport),
  },
  myOutreach: {
    getList: list(calls.getAllOutreachRequests, FILTERS),
    create: create(calls.requestForOutreach),
    update: update(calls.updateOutreachRequest),
    delete: remove(calls.deleteOutreachRequest),
  },
} satisfies Record<string, ResourceEndpoints>;
