import { gatheringsCalls } from '@/domain/gatherings/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { DECIDED_BY } from '@/domain/gatherings/deciders.js';
import { eventFilters } from '@/domain/gatherings/schemas.js';
import { historyOf } from '@/server/engines/decisions.js';
import { ok } from '@/server/http/envelope.js';
import { forbidden } from '@/server/http/errors.js';
import { listQuery } from '@/server/engines/list.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { clashAsConflict } from './venueBooking.js';
import { changeEvent, decideEvent, eventPage, eventView, fileEvent, removeEvent, requestedBy } from './events.js';

/** /Event/*: members file event requests from their own menu entry; the office (CAN_*_EVENTS) sees and decides them. */

const tag = 'Events';
const list = listQuery(eventFilters);

export const eventRoutes: AnyRouteDef[] = [
  route({
    call: gatheringsCalls.getUserEvents,
    tag,
    summary: "The caller's own event requests: Status, EventType, From and To (event days), search, sorts, paging",
    access: { signedIn: true },
    query: list,
    handler: ({ query, caller, services }) => eventPage(services.database.db, requestedBy(caller!.id), query),
  }),
  route({
    call: gatheringsCalls.getAllEvents,
    tag,
    summary: 'Every event request, for the office: Status, EventType, From and To (event days), search, sorts, paging',
    access: { permission: P.viewEvents },
    query: list,
    handler: ({ query, services }) => eventPage(services.database.db, undefined, query),
  }),
  route({
    call: gatheringsCalls.getEventById,
    tag,
    summary:
      '(added) One event request with its history (filed, changed, decided: who, when, the comment); its requester or CAN_VIEW_EVENTS',
    access: { signedIn: true },
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const view = await eventView(db, query.id);
      if (view.userId !== caller!.id && !caller!.permissions.has(P.viewEvents)) throw forbidden();
      return ok({ ...view, history: await historyOf(db, 'eventRequest', view.id) });
    },
  }),
  route({
    call: gatheringsCalls.requestForEvent,
    tag,
    summary:
      'File an event request of RequestType (babyChristening, babyDedication, houseWarming, specialThanksgiving, burialCeremony), with a venue booking when VenueId, StartTime and EndTime are given',
    access: { signedIn: true },
    async handler({ query, body, caller, mutate }) {
      const view = await mutate((tx, audit) => fileEvent(tx, audit, caller!, query.requestType, body));
      return ok(view, 'Request successful');
    },
  }),
  route({
    call: gatheringsCalls.updateRequestForEvent,
    tag,
    summary: 'Change one’s own pending event request (its booking follows: filed, changed or dropped)',
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      const { id, ...fields } = body;
      const view = await mutate((tx, audit) => changeEvent(tx, audit, caller!, id, fields));
      return ok(view, 'Details updated');
    },
  }),
  route({
    call: gatheringsCalls.approveOrRejectEvent,
    tag,
    summary:
      'Decide a pending event request and its booking together (Approve=true or false; Comment required to reject), once; a booking overlapping an approved one is a 409 naming it',
    access: { permission: DECIDED_BY.eventRequest },
    async handler({ query, caller, mutate }) {
      const view = await mutate((tx, audit) => decideEvent(tx, audit, caller!, query.id, query.approve, query.comment ?? null)).catch(
        clashAsConflict,
      );
      return ok(view, query.approve ? 'Request approved' : 'Request rejected');
    },
  }),
  route({
    call: gatheringsCalls.deleteEventRequest,
    tag,
    summary: 'Withdraw one’s own pending event request, or (CAN_DELETE_EVENTS) delete any; its booking goes with it',
    access: { signedIn: true },
    async handler({ query, caller, mutate }) {
      await mutate((tx, audit) => removeEvent(tx, audit, caller!, query.id, caller!.permissions.has(P.deleteEvents)));
      return ok(null, 'Successfully Deleted');
    },
  }),
];
