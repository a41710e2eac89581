import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { centers } from './cih.js';
import { users } from './people.js';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * One CIH meeting of a center on a date, with its attendance. The counts (present, members,
 * visitors, first-timers) are a pre-aggregate of its marks and visitors, rewritten in the same
 * transaction as every save, so the statistics read these rows and never the marks.
 */
export const cihMeetings = pgTable(
  'cih_meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    meetingDate: date('meeting_date').notNull(),
    takenBy: uuid('taken_by').references(() => users.id, { onDelete: 'set null' }),
    childrenCount: integer('children_count').notNull().default(0),
    offering: numeric('offering', { precision: 12, scale: 2 }),
    notes: text('notes'),
    presentCount: integer('present_count').notNull().default(0),
    membersCount: integer('members_count').notNull().default(0),
    visitorCount: integer('visitor_count').notNull().default(0),
    firstTimerCount: integer('first_timer_count').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('cih_meetings_center_date_key').on(t.centerId, t.meetingDate), index('cih_meetings_date_idx').on(t.meetingDate)],
);

/**
 * The statistics' pre-aggregate: one row per center and week (its Monday) that had a meeting, the
 * sums of its meetings' counts and of its visitors sent to the first-timer list (and of those since
 * converted). Kept by statement triggers on cih_meetings and cih_visitors and a row trigger on a
 * first-timer's conversion (migration cih_week_stats), each recomputing the weeks it touched;
 * the dashboards read these rows in one statement (docs/decisions/0225-audit-page-keys-and-cih-week-stats.md).
 */
export const cihWeekStats = pgTable(
  'cih_week_stats',
  {
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    meetings: integer('meetings').notNull(),
    present: integer('present').notNull(),
    members: integer('members').notNull(),
    visitors: integer('visitors').notNull(),
    firstTimers: integer('first_timers').notNull(),
    sentToFirstTimers: integer('sent_to_first_timers').notNull(),
    firstTimersConverted: integer('first_timers_converted').notNull(),
    lastMeeting: date('last_meeting').notNull(),
  },
  // The weeks in range read by week: the index carries the sums too (INCLUDE, added in migration
  // 0055_cih_stats_scale's SQL, which Drizzle does not write), so a church's 26 weeks are an
  // index-only scan, not the table (docs/decisions/0251). The rows are deleted and inserted, never
  // updated, so carrying the sums costs no HOT update.
  (t) => [primaryKey({ columns: [t.centerId, t.week] }), index('cih_week_stats_week_idx').on(t.week, t.centerId)],
);

/** A member's mark at a meeting: present or absent, always explicit (an unmarked member has no row). */
export const cihAttendanceMarks = pgTable(
  'cih_attendance_marks',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => cihMeetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    present: boolean('present').notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('cih_attendance_marks_user_idx').on(t.userId)],
);

/**
 * Someone at a meeting who is not a member of the center; firstTimer: their first visit to the
 * church. firstTimerId: the first-timer account made from this visitor (once), whose conversion
 * to member the statistics follow.
 */
export const cihVisitors = pgTable(
  'cih_visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => cihMeetings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    firstTimer: boolean('first_timer').notNull().default(false),
    firstTimerId: uuid('first_timer_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('cih_visitors_meeting_idx').on(t.meetingId),
    index('cih_visitors_first_timer_idx')
      .on(t.firstTimerId)
      .where(sql`${t.firstTimerId} is not null`),
  ],
);

export const cihActivityReports = pgTable(
  'cih_activity_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    reportDate: date('report_date').notNull(),
    topic: text('topic').notNull(),
    testimonies: text('testimonies'),
    prayerRequests: text('prayer_requests'),
    challenges: text('challenges'),
    soulsWon: integer('souls_won').notNull().default(0),
    status: text('status').notNull().default('draft'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    index('cih_activity_reports_center_date_idx').on(t.centerId, t.reportDate),
    check('cih_activity_reports_status_check', sql`${t.status} in ('draft', 'submitted')`),
  ],
);

export const cihInspectionReports = pgTable(
  'cih_inspection_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    visitDate: date('visit_date').notNull(),
    inspectorId: uuid('inspector_id').references(() => users.id, { onDelete: 'set null' }),
    punctuality: smallint('punctuality').notNull(),
    venueCondition: smallint('venue_condition').notNull(),
    leadership: smallint('leadership').notNull(),
    materials: smallint('materials').notNull(),
    remarks: text('remarks'),
    recommendations: text('recommendations'),
    ...stamps,
  },
  (t) => [
    index('cih_inspection_reports_center_date_idx').on(t.centerId, t.visitDate),
    check(
      'cih_inspection_reports_scores_check',
      sql`${t.punctuality} between 1 and 5 and ${t.venueCondition} between 1 and 5 and ${t.leadership} between 1 and 5 and ${t.materials} between 1 and 5`,
    ),
  ],
);

/** A follow-up of a first-timer or an absentee (personId) by someone (authorId) of the center. */
export const cihFollowUps = pgTable(
  'cih_follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    centerId: uuid('center_id')
      .notNull()
      .references(() => centers.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    followUpDate: date('follow_up_date').notNull(),
    channel: text('channel').notNull(),
    outcome: text('outcome'),
    nextStep: text('next_step'),
    status: text('status').notNull().default('open'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    index('cih_follow_ups_center_date_idx').on(t.centerId, t.followUpDate),
    index('cih_follow_ups_person_idx').on(t.personId),
    check('cih_follow_ups_channel_check', sql`${t.channel} in ('visit', 'call', 'message')`),
    check('cih_follow_ups_reason_check', sql`${t.reason} in ('firstTimer', 'absentee')`),
    check('cih_follow_ups_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * The first answer to a save sent with an idempotency key (docs/decisions/0205): a phone that
 * retries a save it queued offline, not knowing whether the first try arrived, gets this answer
 * back and nothing is written again. Keys are the caller's own: (user, key) is the key.
 */
export const cihIdempotentSaves = pgTable(
  'cih_idempotent_saves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The answer's JSON text, written in the save's own transaction. */
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('cih_idempotent_saves_created_idx').on(t.createdAt)],
);
