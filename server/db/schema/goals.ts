import { date, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GOAL_METRICS, GOAL_SCOPES } from '@/domain/goals/metrics.js';
import { centers, zones } from './cih.js';
import { departments } from './departments.js';
import { users } from './people.js';

/** A goal: a target on a metric over a period, for the church, a zone, a center or a department. */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    scope: text('scope', { enum: GOAL_SCOPES }).notNull(),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'cascade' }),
    centerId: uuid('center_id').references(() => centers.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'cascade' }),
    metric: text('metric', { enum: GOAL_METRICS }).notNull(),
    target: doublePrecision('target').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('goals_department_idx').on(t.departmentId), index('goals_center_idx').on(t.centerId)],
);

/** The dated values of a manual goal, each with its note. */
export const goalProgress = pgTable(
  'goal_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    value: doublePrecision('value').notNull(),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('goal_progress_goal_idx').on(t.goalId, t.day)],
);
