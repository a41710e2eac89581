import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ActionItem } from '@/domain/meetings/schemas.js';
import { MEETING_KINDS } from '@/domain/meetings/schemas.js';
import { users } from './people.js';

/** A meeting with its agenda, minutes and action items; the venue is free text. */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    kind: text('kind', { enum: MEETING_KINDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    venue: text('venue'),
    agenda: jsonb('agenda').$type<string[]>().notNull().default([]),
    minutes: text('minutes'),
    actionItems: jsonb('action_items').$type<ActionItem[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meetings_starts_at_idx').on(t.startsAt)],
);

/** The people invited, resolved when invited (a department's or a role's holders of that day); attended once marked. */
export const meetingInvitees = pgTable(
  'meeting_invitees',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attended: boolean('attended'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meeting_invitees_user_idx').on(t.userId)],
);
