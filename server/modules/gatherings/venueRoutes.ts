import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import {
  bookingFilters,
  bookingSchema,
  idDecisionSchema,
  idQuerySchema,
  venueSchema,
  venueUpdateSchema,
} from '@/domain/gatherings/schemas.js';
import { venueBookings, venues } from '@/server/db/schema/index.js';
import { blockedBy, crudRoutes, type EntityDefinition } from '@/server/engines/crud.js';
import { ok } from '@/server/http/envelope.js';
import { historyOf } from '@/server/engines/decisions.js';
import { badRequest, forbidden } from '@/server/http/errors.js';
import { listQuery } from '@/server/engines/list.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { bookingPage, bookingView, changeBooking, clashAsConflict, decideBooking, fileBooking, removeBooking } from './venueBooking.js';

/**
 * /Venue/*: the venues (generic CRUD, CAN_*_VENUES) and their bookings ("venue requests"): any
 * member asks, those with CAN_APPROVE_VENUES decide; a booking filed with an event request is
 * decided with the event.
 */

const tag = 'Venues';

const venue: EntityDefinition = {
  noun: 'venue',
  entity: 'venue',
  tag,
  table: venues,
  paths: {
    create: '/Venue/CreateVenue',
    update: '/Venue/UpdateVenue',
    remove: '/Venue/DeleteVenue',
    getAll: '/Venue/GetAllVenue',
    getById: '/Venue/GetVenueById',
  },
  body: { create: venueSchema, update: venueUpdateSchema },
  // Members choose a venue when they book one.
  access: { read: { signedIn: true }, create: P.createVenues, update: P.updateVenues, remove: P.deleteVenues },
  search: [venues.name, venues.address],
  sort: { name: venues.name, capacity: venues.capacity, createdAt: venues.createdAt, isActive: venues.isActive },
  filters: {
    shape: { isActive: z.stringbool({ error: 'IsActive must be true or false' }).optional() },
    where: (q) => [q.isActive === undefined ? undefined : eq(venues.isActive, q.isActive)],
  },
  unique: [{ field: 'name', column: venues.name, index: 'venues_name_key', message: (v) => `There is already a venue named ${v}` }],
  async inUse(tx, row) {
    const [{ n }] = await tx.select({ n: count() }).from(venueBookings).where(eq(venueBookings.venueId, row.id));
    return blockedBy('venue', [[n, 'booking']]);
  },
};

export const venueRoutes: AnyRouteDef[] = [
  ...crudRoutes(venue),
  route({
    method: 'GET',
    url: '/Venue/GetAllVenueRequests',
    tag,
    summary:
      'Venue bookings: every one for CAN_VIEW_VENUES (Mine=true for one’s own), else the caller’s own; Status, VenueId, From and To (days, both included), search, sorts, paging. The calendar reads this list',
    access: { signedIn: true },
    query: listQuery(bookingFilters),
    handler: ({ query, caller, services }) => bookingPage(services.database.db, caller!, query, caller!.permissions.has(P.viewVenues)),
  }),
  route({
    method: 'GET',
    url: '/Venue/GetVenueRequestById',
    tag,
    summary: '(added) One booking with its history (filed, changed, decided: who, when, the comment); its requester or CAN_VIEW_VENUES',
    access: { signedIn: true },
    query: idQuerySchema,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const view = await bookingView(db, query.id);
      if (view.userId !== caller!.id && !caller!.permissions.has(P.viewVenues)) throw forbidden();
      return ok({ ...view, history: await historyOf(db, 'venueBooking', view.id) });
    },
  }),
  route({
    method: 'PUT',
    url: '/Venue/RequestForVenue',
    tag,
    summary: 'Ask to book a venue for a day, from a start to an end time; with an id, change one’s own pending booking',
    access: { signedIn: true },
    body: bookingSchema,
    async handler({ body, caller, mutate }) {
      const { id, ...fields } = body;
      const row = await mutate((tx, audit) =>
        id ? changeBooking(tx, audit, caller!, id, fields) : fileBooking(tx, audit, caller!, fields),
      );
      return ok(row, 'Request successful');
    },
  }),
  route({
    method: 'PUT',
    url: '/Venue/ApproveOrRejectVenueRequest',
    tag,
    summary:
      'Decide a pending booking (Approve=true or false; Comment required to reject), once; an approval overlapping an approved booking of the venue is a 409 naming it',
    access: { permission: P.approveVenues },
    query: idDecisionSchema,
    async handler({ query, caller, mutate }) {
      const view = await mutate(async (tx, audit) => {
        const [row] = await tx.select({ eventId: venueBookings.eventId }).from(venueBookings).where(eq(venueBookings.id, query.id));
        if (row?.eventId) throw badRequest('This booking belongs to an event request: decide the event with ApproveOrRejectEvent');
        return decideBooking(tx, audit, caller!, query.id, { approve: query.approve, comment: query.comment, tell: true });
      }).catch(clashAsConflict);
      return ok(view, query.approve ? 'Request approved' : 'Request rejected');
    },
  }),
  route({
    method: 'DELETE',
    url: '/Venue/DeleteVenueRequest',
    tag,
    summary: 'Withdraw one’s own pending booking, or (CAN_DELETE_VENUES) delete any booking',
    access: { signedIn: true },
    query: idQuerySchema,
    async handler({ query, caller, mutate }) {
      await mutate((tx, audit) => removeBooking(tx, audit, caller!, query.id, caller!.permissions.has(P.deleteVenues)));
      return ok(null, 'Successfully Deleted');
    },
  }),
];
