import { gatheringsCalls } from '@/domain/gatherings/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { DECIDED_BY } from '@/domain/gatherings/deciders.js';
import { bookingFilters } from '@/domain/gatherings/schemas.js';
import { crudRoutes } from '@/server/engines/crud.js';
import { ok } from '@/server/http/envelope.js';
import { historyOf } from '@/server/engines/decisions.js';
import { forbidden } from '@/server/http/errors.js';
import { listQuery } from '@/server/engines/list.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import {
  bookingPage,
  bookingView,
  changeBooking,
  clashAsConflict,
  decideVenueRequest,
  fileBooking,
  removeBooking,
} from './venueBooking.js';
import { venue } from './venueDefinition.js';

/**
 * /Venue/*: the venues (generic CRUD, CAN_*_VENUES) and their bookings ("venue requests"): any
 * member asks, those with CAN_APPROVE_VENUES decide; a booking filed with an event request is
 * decided with the event.
 */

const tag = 'Venues';

export const venueRoutes: AnyRouteDef[] = [
  ...crudRoutes(venue),
  route({
    call: gatheringsCalls.getAllVenueRequests,
    tag,
    summary:
      'Venue bookings: every one for CAN_VIEW_VENUES (Mine=true for one’s own), else the caller’s own; Status, VenueId, From and To (days, both included), search, sorts, paging. The calendar reads this list',
    access: { signedIn: true },
    query: listQuery(bookingFilters),
    handler: ({ query, caller, services }) => bookingPage(services.database.db, caller!, query, caller!.permissions.has(P.viewVenues)),
  }),
  route({
    call: gatheringsCalls.getVenueRequestById,
    tag,
    summary: '(added) One booking with its history (filed, changed, decided: who, when, the comment); its requester or CAN_VIEW_VENUES',
    access: { signedIn: true },
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const view = await bookingView(db, query.id);
      if (view.userId !== caller!.id && !caller!.permissions.has(P.viewVenues)) throw forbidden();
      return ok({ ...view, history: await historyOf(db, 'venueBooking', view.id) });
    },
  }),
  route({
    call: gatheringsCalls.requestForVenue,
    tag,
    summary:
      'Ask to book a venue for a day, from a start to an end time; with an id, change one’s own pending booking. Those who may approve bookings are told; an approver’s own booking without a clash is approved at once',
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      const { id, ...fields } = body;
      // An approver's own booking without a clash is approved at once (fileBooking); a racing approval's clash is a 409.
      const row = await mutate((tx, audit) =>
        id ? changeBooking(tx, audit, caller!, id, fields) : fileBooking(tx, audit, caller!, fields),
      ).catch(clashAsConflict);
      return ok(row, row.status === 'approved' ? 'Booking approved' : 'Request successful');
    },
  }),
  route({
    call: gatheringsCalls.approveOrRejectVenueRequest,
    tag,
    summary:
      'Decide a pending booking (Approve=true or false; Comment required to reject), once; an approval overlapping an approved booking of the venue is a 409 naming it',
    access: { permission: DECIDED_BY.venueBooking },
    async handler({ query, caller, mutate }) {
      const view = await mutate((tx, audit) => decideVenueRequest(tx, audit, caller!, query)).catch(clashAsConflict);
      return ok(view, query.approve ? 'Request approved' : 'Request rejected');
    },
  }),
  route({
    call: gatheringsCalls.deleteVenueRequest,
    tag,
    summary: 'Withdraw one’s own pending booking, or (CAN_DELETE_VENUES) delete any booking',
    access: { signedIn: true },
    async handler({ query, caller, mutate }) {
      await mutate((tx, audit) => removeBooking(tx, audit, caller!, query.id, caller!.permissions.has(P.deleteVenues)));
      return ok(null, 'Successfully Deleted');
    },
  }),
];
