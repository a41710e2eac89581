import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventType } from '@/domain/gatherings/statuses.js';
import type { eventFilters, eventSchema } from '@/domain/gatherings/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, searchOver } from '@/server/db/queries.js';
import { eventRequests, venueBookings, venues } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { notOwnRequest, requesterMatches, decisionNotice, transitionOnce } from '@/server/engines/decisions.js';
import { notify } from '@/server/modules/notifications/notify.js';
import { tellDeciders } from './waiting.js';
import { page } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { changeBooking, decideBooking, fileBooking } from './venueBooking.js';
import { asks, eventWhat } from './words.js';

/**
 * Event requests (christenings, dedications, house warmings, thanksgivings, burials): a member
 * files one, optionally with a venue booking for the day; the office decides both at once, so
 * an approved event holds its venue, and an overlap refuses the approval (409) while leaving
 * both pending.
 */

type Audit = (e: AuditEntry) => void;
type EventFields = z.output<typeof eventSchema> & { eventType?: EventType };
export type EventListQuery = ListParams & Partial<z.output<z.ZodObject<typeof eventFilters>>>;

const EVENT_NOT_FOUND = 'Event request not found!';
const e = eventRequests;

/** How the notification names a type: babyDedication -> baby dedication. */
const typeWords = (t: EventType) => t.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

const eventRow = {
  id: e.id,
  eventType: e.eventType,
  status: e.status,
  eventDate: e.eventDate,
  peopleConcerned: e.peopleConcerned,
  notes: e.notes,
  userId: e.userId,
  requesterName: personName(e.userId),
  bookingId: venueBookings.id,
  venueId: venueBookings.venueId,
  venueName: venues.name,
  startTime: venueBookings.startTime,
  endTime: venueBookings.endTime,
  expectedAttendance: venueBookings.expectedAttendance,
  bookingStatus: venueBookings.status,
  decidedBy: e.decidedBy,
  decidedByName: personName(e.decidedBy),
  decidedAt: e.decidedAt,
  decisionComment: e.decisionComment,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
};

const selectEvents = (db: Db | Tx) =>
  db
    .select(eventRow)
    .from(e)
    .leftJoin(venueBookings, eq(venueBookings.eventId, e.id))
    .leftJoin(venues, eq(venues.id, venueBookings.venueId));
export type EventView = Awaited<ReturnType<typeof selectEvents>>[number];

export async function eventView(db: Db | Tx, id: string): Promise<EventView> {
  const [row] = await selectEvents(db).where(eq(e.id, id));
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

const SORTS = { eventDate: e.eventDate, createdAt: e.createdAt, status: e.status, eventType: e.eventType };

/** The scope of one member's own event requests. */
export const requestedBy = (userId: string) => eq(e.userId, userId);

/** One page of event requests within scope (the caller's own, or every one). */
export async function eventPage(db: Db, scope: SQL | undefined, q: EventListQuery) {
  if (q.from && q.to && q.from > q.to) throw badRequest('From must not be after To', { from: ['From must not be after To'] });
  const where = and(
    scope,
    q.status ? eq(e.status, q.status) : undefined,
    q.eventType ? eq(e.eventType, q.eventType) : undefined,
    q.from ? gte(e.eventDate, q.from) : undefined,
    q.to ? lte(e.eventDate, q.to) : undefined,
    requesterMatches(e.userId, q.requester),
    searchOver(q.search, [e.peopleConcerned, e.notes, personName(e.userId)]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    selectEvents(db)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [desc(e.createdAt), asc(e.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(e).where(where),
  ]);
  return page(rows, n);
}

const bookingOf = (type: EventType, f: EventFields) =>
  f.venueId && f.startTime && f.endTime
    ? {
        venueId: f.venueId,
        bookingDate: f.eventDate,
        startTime: f.startTime,
        endTime: f.endTime,
        purpose: typeWords(type).replace(/^./, (c) => c.toUpperCase()),
        expectedAttendance: f.expectedAttendance,
      }
    : undefined;

/** RequestForEvent: the event and, with a venue, its pending booking. */
export async function fileEvent(tx: Tx, audit: Audit, caller: Caller, type: EventType, f: EventFields) {
  const [row] = await tx
    .insert(e)
    .values({ userId: caller.id, eventType: type, eventDate: f.eventDate, peopleConcerned: f.peopleConcerned, notes: f.notes })
    .returning();
  audit({ action: 'create', entity: 'eventRequest', entityId: row.id, after: row });
  const booking = bookingOf(type, f);
  if (booking) await fileBooking(tx, audit, caller, booking, row.id);
  const view = await eventView(tx, row.id);
  // Its booking is decided with it, so the event's deciders are the ones told.
  await tellDeciders(tx, audit, caller, {
    kind: 'eventRequest',
    body: asks(view.requesterName, eventWhat(type, f.eventDate, view.venueName)),
    link: '/events',
  });
  return view;
}

async function storedEvent(tx: Tx, id: string) {
  const [row] = await tx.select().from(e).where(eq(e.id, id)).for('update');
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

async function bookingIdOf(tx: Tx, eventId: string) {
  const [row] = await tx.select({ id: venueBookings.id }).from(venueBookings).where(eq(venueBookings.eventId, eventId));
  return row?.id;
}

/** UpdateRequestForEvent: its requester, while it is pending; the booking follows (filed, changed or dropped). */
export async function changeEvent(tx: Tx, audit: Audit, caller: Caller, id: string, f: EventFields) {
  const before = await storedEvent(tx, id);
  if (before.userId !== caller.id) throw forbidden('Only the member who filed this request may change it');
  if (before.status !== 'pending') throw badRequest(`This request has already been ${before.status}.`);
  const [after] = await tx
    .update(e)
    .set({
      eventType: f.eventType ?? before.eventType,
      eventDate: f.eventDate,
      peopleConcerned: f.peopleConcerned,
      notes: f.notes ?? null,
      updatedAt: new Date(),
    })
    .where(eq(e.id, id))
    .returning();
  audit({ action: 'update', entity: 'eventRequest', entityId: id, before, after });
  const booking = bookingOf(after.eventType, f);
  const bookingId = await bookingIdOf(tx, id);
  if (booking && bookingId) await changeBooking(tx, audit, caller, bookingId, booking);
  else if (booking) await fileBooking(tx, audit, caller, booking, id);
  else if (bookingId) await tx.delete(venueBookings).where(eq(venueBookings.id, bookingId));
  return eventView(tx, id);
}

/** ApproveOrRejectEvent: the event and its booking are decided together, once. */
export async function decideEvent(tx: Tx, audit: Audit, caller: Caller, id: string, approve: boolean, comment: string | null) {
  const before = await storedEvent(tx, id);
  notOwnRequest(caller, before.userId);
  const status = approve ? 'approved' : 'rejected';
  const after = await transitionOnce(
    () =>
      tx
        .update(e)
        .set({ status, decidedBy: caller.id, decidedAt: new Date(), decisionComment: comment, updatedAt: new Date() })
        .where(and(eq(e.id, id), eq(e.status, 'pending')))
        .returning(),
    async () => before.status,
  );
  audit({ action: approve ? 'approve' : 'reject', entity: 'eventRequest', entityId: id, before, after });
  const bookingId = await bookingIdOf(tx, id);
  if (bookingId) await decideBooking(tx, audit, caller, bookingId, { approve, comment, tell: false });
  const view = await eventView(tx, id);
  await notify(
    tx,
    audit,
    decisionNotice(caller, {
      requesterId: before.userId,
      approved: approve,
      what: eventWhat(before.eventType, before.eventDate, view.venueName),
      comment,
      link: '/events',
    }),
  );
  return view;
}

/** DeleteEventRequest: its requester while pending, or CAN_DELETE_EVENTS; the booking goes with it. */
export async function removeEvent(tx: Tx, audit: Audit, caller: Caller, id: string, mayDeleteAny: boolean) {
  const before = await storedEvent(tx, id);
  const own = before.userId === caller.id && before.status === 'pending';
  if (!own && !mayDeleteAny) throw forbidden('Only the requester may withdraw a pending event request');
  await tx.delete(e).where(eq(e.id, id));
  audit({ action: 'delete', entity: 'eventRequest', entityId: id, before });
}
