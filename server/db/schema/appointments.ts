import { date, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_REASONS, APPOINTMENT_STATUSES } from '@/domain/appointments/slots.js';
import { users } from './people.js';

/**
 * A host's weekly availability: on weekday (0 Sunday .. 6 Saturday) from startMinute to endMinute
 * (minutes after midnight, the server's local time, which is the church's), cut into slots of
 * slotMinutes.
 */
export const appointmentWindows = pgTable(
  'appointment_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    slotMinutes: integer('slot_minutes').notNull().default(30),
  },
  (t) => [index('appointment_windows_host_idx').on(t.hostId)],
);

/** A day a host is away: no slot is offered on it, whatever the weekly windows say. */
export const appointmentExceptions = pgTable(
  'appointment_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    note: text('note'),
  },
  (t) => [index('appointment_exceptions_host_idx').on(t.hostId, t.day)],
);

/**
 * A booking of a host by a member. The reason and its note are private to the two of them and
 * to administrators. Requested and confirmed bookings hold their time: no two of one host overlap
 * (server/modules/appointments/booking.ts checks under a lock on the host's user row).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason', { enum: APPOINTMENT_REASONS }).notNull(),
    note: text('note'),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('requested'),
    hostComment: text('host_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointments_host_idx').on(t.hostId, t.startsAt), index('appointments_member_idx').on(t.memberId, t.startsAt)],
);
