import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EVENT_TYPES, GATHERING_STATUSES, OUTREACH_STATUSES, type Convert } from '@/domain/gatherings/statuses.js';
import { users } from './people.js';

/**
 * Venues and their bookings, event requests (christenings, dedications, burials ...) and
 * outreaches with their reports. Every request here follows the member requests' state machine
 * (pending -> approved | rejected | cancelled, decided once, by a conditional update).
 */

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const requester = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

const decision = {
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionComment: text('decision_comment'),
};

export const venues = pgTable(
  'venues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address'),
    capacity: integer('capacity'),
    facilities: text('facilities').array().notNull().default([]),
    /** Names from the accessory list kept at the venue. */
    accessories: text('accessories').array().notNull().default([]),
    availabilityNotes: text('availability_notes'),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('venues_name_key').on(sql`lower(${t.name})`)],
);

export const eventRequests = pgTable(
  'event_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requester(),
    eventType: text('event_type', { enum: EVENT_TYPES }).notNull(),
    status: text('status', { enum: GATHERING_STATUSES }).notNull().default('pending'),
    eventDate: date('event_date').notNull(),
    /** Who the event is for: the child and parents, the deceased, the household. */
    peopleConcerned: text('people_concerned').notNull(),
    notes: text('notes'),
    ...decision,
    ...stamps,
  },
  (t) => [index('event_requests_user_idx').on(t.userId, t.createdAt), index('event_requests_status_idx').on(t.status, t.eventDate)],
);

/**
 * A booking of a venue for one day, from a start to an end time. Two approved bookings of one
 * venue never overlap: the approval checks under a lock on the venue row, and the trigger of
 * migration 0011 refuses any write that would break it anyway.
 */
export const venueBookings = pgTable(
  'venue_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    userId: requester(),
    bookingDate: date('booking_date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    purpose: text('purpose').notNull(),
    expectedAttendance: integer('expected_attendance'),
    /** The event request this booking was filed with; decided together with it. */
    eventId: uuid('event_id').references(() => eventRequests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GATHERING_STATUSES }).notNull().default('pending'),
    ...decision,
    ...stamps,
  },
  (t) => [
    index('venue_bookings_venue_day_idx').on(t.venueId, t.bookingDate),
    index('venue_bookings_status_idx').on(t.status, t.bookingDate),
    uniqueIndex('venue_bookings_event_key').on(t.eventId),
  ],
);

export const outreachRequests = pgTable(
  'outreach_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requester(),
    title: text('title').notNull(),
    purpose: text('purpose').notNull(),
    state: text('state'),
    lga: text('lga'),
    address: text('address').notNull(),
    outreachDate: date('outreach_date').notNull(),
    startTime: time('start_time'),
    /** Members going on the outreach. */
    teamIds: uuid('team_ids').array().notNull().default([]),
    materials: text('materials'),
    accessories: text('accessories').array().notNull().default([]),
    budget: numeric('budget', { precision: 14, scale: 2 }),
    status: text('status', { enum: OUTREACH_STATUSES }).notNull().default('pending'),
    ...decision,
    ...stamps,
  },
  (t) => [index('outreach_requests_status_idx').on(t.status, t.outreachDate), index('outreach_requests_user_idx').on(t.userId)],
);

/** One report per outreach, filed once it is approved; its converts are a list kept with it. */
export const outreachReports = pgTable(
  'outreach_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outreachRequestId: uuid('outreach_request_id')
      .notNull()
      .references(() => outreachRequests.id, { onDelete: 'cascade' }),
    dateHeld: date('date_held').notNull(),
    attendance: integer('attendance').notNull().default(0),
    soulsReached: integer('souls_reached').notNull().default(0),
    detailOfConverts: jsonb('detail_of_converts').$type<Convert[]>().notNull().default([]),
    testimonies: text('testimonies'),
    challenges: text('challenges'),
    filedBy: uuid('filed_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [uniqueIndex('outreach_reports_request_key').on(t.outreachRequestId)],
);
