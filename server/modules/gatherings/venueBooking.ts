import { and, asc, count, desc, eq, gt, gte, lt, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { GatheringStatus } from '@/domain/gatherings/statuses.js';
import type { bookingFilters, bookingSchema, idDecisionSchema } from '@/domain/gatherings/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, searchOver } from '@/server/db/queries.js';
import { eventRequests, venueBookings, venues } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { notOwnRequest, requesterMatches, decisionNotice, transitionOnce } from '@/server/engines/decisions.js';
import { notify } from '@/server/modules/notifications/notify.js';
import { DECIDED_BY } from '@/domain/gatherings/deciders.js';
import { tellDeciders } from './waiting.js';
import { page } from '@/server/http/envelope.js';
import { badRequest, conflict, forbidden, notFound } from '@/server/http/errors.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { asks, bookingWhat } from './words.js';

/**
 * Venue bookings: filing, changing while pending, deciding, and the list (which the calendar
 * reads too). Events file and decide their booking through this file. Two approved bookings of
 * one venue never overlap: the approval locks the venue row and looks for a clash, so two
 * approvals of one venue take turns; the database trigger (migration 0011) refuses anything
 * that slips past.
 */

type Audit = (e: AuditEntry) => void;
type Booking = typeof venueBookings.$inferSelect;
export type BookingFields = Omit<z.output<typeof bookingSchema>, 'id'>;

const BOOKING_NOT_FOUND = 'Venue request not found!';
const b = venueBookings;

const bookingRow = {
  id: b.id,
  venueId: b.venueId,
  venueName: venues.name,
  bookingDate: b.bookingDate,
  startTime: b.startTime,
  endTime: b.endTime,
  purpose: b.purpose,
  expectedAttendance: b.expectedAttendance,
  eventId: b.eventId,
  eventType: eventRequests.eventType,
  status: b.status,
  userId: b.userId,
  requesterName: personName(b.userId),
  decidedBy: b.decidedBy,
  decidedByName: personName(b.decidedBy),
  decidedAt: b.decidedAt,
  decisionComment: b.decisionComment,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
};

const selectBookings = (db: Db | Tx) =>
  db.select(bookingRow).from(b).innerJoin(venues, eq(venues.id, b.venueId)).leftJoin(eventRequests, eq(eventRequests.id, b.eventId));
export type BookingView = Awaited<ReturnType<typeof selectBookings>>[number];

export async function bookingView(db: Db | Tx, id: string): Promise<BookingView> {
  const [row] = await selectBookings(db).where(eq(b.id, id));
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return row;
}

export type BookingListQuery = ListParams & Partial<z.output<z.ZodObject<typeof bookingFilters>>>;

const SORTS = { bookingDate: b.bookingDate, startTime: b.startTime, createdAt: b.createdAt, status: b.status, venueName: venues.name };

/** Bookings the caller sees: every one for those who see venues, else their own. */
export async function bookingPage(db: Db, caller: Caller, q: BookingListQuery, seesAll: boolean) {
  if (q.from && q.to && q.from > q.to) throw badRequest('From must not be after To', { from: ['From must not be after To'] });
  const where = and(
    seesAll && !q.mine ? undefined : eq(b.userId, caller.id),
    q.status ? eq(b.status, q.status) : undefined,
    q.venueId ? eq(b.venueId, q.venueId) : undefined,
    q.from ? gte(b.bookingDate, q.from) : undefined,
    q.to ? lte(b.bookingDate, q.to) : undefined,
    requesterMatches(b.userId, q.requester),
    searchOver(q.search, [venues.name, b.purpose, personName(b.userId)]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    selectBookings(db)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [desc(b.bookingDate), asc(b.startTime), asc(b.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(b).innerJoin(venues, eq(venues.id, b.venueId)).where(where),
  ]);
  return page(rows, n);
}

/** The venue, which must exist and take bookings; locked when asked (an approval). */
async function bookableVenue(tx: Tx, venueId: string, lock = false) {
  const query = tx.select().from(venues).where(eq(venues.id, venueId));
  const [venue] = lock ? await query.for('update') : await query;
  if (!venue) throw badRequest('No venue has this id', { venueId: ['No venue has this id'] });
  if (!venue.isActive) throw badRequest(`${venue.name} is not taking bookings`, { venueId: ['This venue is not active'] });
  return venue;
}

const hhmm = (t: string) => t.slice(0, 5);

/** An approved booking of the venue that overlaps this one, if any. Call with the venue locked. */
async function clashOf(tx: Tx, booking: Booking) {
  const [other] = await tx
    .select({ id: b.id, startTime: b.startTime, endTime: b.endTime, purpose: b.purpose })
    .from(b)
    .where(
      and(
        eq(b.venueId, booking.venueId),
        eq(b.status, 'approved'),
        ne(b.id, booking.id),
        eq(b.bookingDate, booking.bookingDate),
        lt(b.startTime, booking.endTime),
        gt(b.endTime, booking.startTime),
      ),
    )
    .limit(1);
  return other;
}

/** Refuses (409, naming it) an approved booking of the venue that overlaps this one. Call with the venue locked. */
async function mustNotClash(tx: Tx, booking: Booking, venueName: string) {
  const other = await clashOf(tx, booking);
  if (other)
    throw conflict(
      `${venueName} is already booked on ${booking.bookingDate} from ${hhmm(other.startTime)} to ${hhmm(other.endTime)} for "${other.purpose}" (booking ${other.id})`,
    );
}

/**
 * A booking of its own (not an event's) made or changed by someone who may approve bookings is
 * approved at once when it clashes with no approved one, recorded as their approval (decidedBy,
 * decidedAt, an 'approve' audit row): nobody else need decide it, and in a church with one such
 * person nobody else could (docs/decisions/0207-deciders-told.md). With a clash it waits.
 */
async function approvedAtOnce(tx: Tx, audit: Audit, caller: Caller, row: Booking): Promise<Booking | undefined> {
  if (row.eventId || !caller.permissions.has(DECIDED_BY.venueBooking)) return undefined;
  await bookableVenue(tx, row.venueId, true);
  if (await clashOf(tx, row)) return undefined;
  const [after] = await tx
    .update(b)
    .set({ status: 'approved', decidedBy: caller.id, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(b.id, row.id), eq(b.status, 'pending')))
    .returning();
  audit({ action: 'approve', entity: 'venueBooking', entityId: row.id, before: row, after });
  return after;
}

/**
 * A new booking by the caller, optionally for an event request (whose deciders are told of the
 * event). One of its own is approved at once for an approver without a clash; otherwise it waits
 * and those who may approve bookings are told.
 */
export async function fileBooking(tx: Tx, audit: Audit, caller: Caller, input: BookingFields, eventId: string | null = null) {
  await bookableVenue(tx, input.venueId);
  const [row] = await tx
    .insert(b)
    .values({ ...input, userId: caller.id, eventId })
    .returning();
  audit({ action: 'create', entity: 'venueBooking', entityId: row.id, after: row });
  if (eventId) return row;
  const approved = await approvedAtOnce(tx, audit, caller, row);
  if (approved) return approved;
  const view = await bookingView(tx, row.id);
  await tellDeciders(tx, audit, caller, {
    kind: 'venueBooking',
    body: asks(view.requesterName, bookingWhat(view), view.purpose),
    link: '/venue-management',
  });
  return row;
}

async function storedBooking(tx: Tx, id: string): Promise<Booking> {
  const [row] = await tx.select().from(b).where(eq(b.id, id)).for('update');
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return row;
}

/** The requester changes their own booking while it is pending. */
export async function changeBooking(tx: Tx, audit: Audit, caller: Caller, id: string, input: BookingFields) {
  const before = await storedBooking(tx, id);
  if (before.userId !== caller.id) throw forbidden('Only the member who asked for this booking may change it');
  if (before.status !== 'pending') throw badRequest(`This request has already been ${before.status}.`);
  await bookableVenue(tx, input.venueId);
  const [after] = await tx
    .update(b)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(b.id, id))
    .returning();
  audit({ action: 'update', entity: 'venueBooking', entityId: id, before, after });
  return (await approvedAtOnce(tx, audit, caller, after)) ?? after;
}

/**
 * Approves or rejects a pending booking once. An approval locks the venue and refuses a clash.
 * tell: false when the booking is decided with its event, whose decision tells the requester.
 */
export async function decideBooking(
  tx: Tx,
  audit: Audit,
  caller: Caller,
  id: string,
  d: { approve: boolean; comment?: string | null; tell: boolean },
): Promise<BookingView> {
  const before = await storedBooking(tx, id);
  notOwnRequest(caller, before.userId);
  const status: GatheringStatus = d.approve ? 'approved' : 'rejected';
  if (d.approve && before.status === 'pending') {
    const venue = await bookableVenue(tx, before.venueId, true);
    await mustNotClash(tx, before, venue.name);
  }
  const comment = d.comment ?? null;
  const after = await transitionOnce(
    () =>
      tx
        .update(b)
        .set({ status, decidedBy: caller.id, decidedAt: new Date(), decisionComment: comment, updatedAt: new Date() })
        .where(and(eq(b.id, id), eq(b.status, 'pending')))
        .returning(),
    async () => before.status,
  );
  audit({ action: status === 'approved' ? 'approve' : 'reject', entity: 'venueBooking', entityId: id, before, after });
  const view = await bookingView(tx, id);
  if (d.tell)
    await notify(
      tx,
      audit,
      decisionNotice(caller, {
        requesterId: before.userId,
        approved: d.approve,
        what: bookingWhat(view),
        comment,
        link: '/venue-management',
      }),
    );
  return view;
}

/** Decides a booking asked for on its own; one filed with an event request is decided with the event. */
export async function decideVenueRequest(tx: Tx, audit: Audit, caller: Caller, q: z.output<typeof idDecisionSchema>) {
  const [row] = await tx.select({ eventId: venueBookings.eventId }).from(venueBookings).where(eq(venueBookings.id, q.id));
  if (row?.eventId) throw badRequest('This booking belongs to an event request: decide the event with ApproveOrRejectEvent');
  return decideBooking(tx, audit, caller, q.id, { approve: q.approve, comment: q.comment, tell: true });
}

/** Whether a database error is the no-overlap trigger's refusal (a write that raced past the check). */
function isBookingClash(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23P01') return true;
  }
  return false;
}

/** For a decision's promise: the trigger's refusal becomes a 409 like the approval's own check. */
export function clashAsConflict(err: unknown): never {
  if (isBookingClash(err)) throw conflict('This venue is already booked at an overlapping time');
  throw err;
}

/** Deletes a booking (its requester while pending, or those who delete venues). */
export async function removeBooking(tx: Tx, audit: Audit, caller: Caller, id: string, mayDeleteAny: boolean) {
  const before = await storedBooking(tx, id);
  const own = before.userId === caller.id && before.status === 'pending';
  if (!own && !mayDeleteAny) throw forbidden('Only the requester may withdraw a pending booking');
  await tx.delete(b).where(eq(b.id, id));
  audit({ action: 'delete', entity: 'venueBooking', entityId: id, before });
}
