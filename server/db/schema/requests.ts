import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_REQUEST_KINDS, MEMBER_REQUEST_STATUSES } from '@/domain/common/enums.js';
import { centers, zones } from './cih.js';
import { owner, stamps } from './common.js';
import { departments } from './departments.js';
import { affinityGroups } from './lookups.js';
import { users } from './people.js';

/** The requests a member files, and their history. */

const ref = (name: string, table: typeof departments | typeof affinityGroups | typeof zones | typeof centers) =>
  uuid(name).references(() => table.id, { onDelete: 'set null' });

/**
 * The five requests a member files (join or change department, join or change affinity group,
 * change CIH zone), with the target and what it replaces; decidedBy, decidedAt and
 * decisionComment record the decision.
 */
export const memberRequests = pgTable(
  'member_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    kind: text('kind', { enum: MEMBER_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: MEMBER_REQUEST_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    targetDepartmentId: ref('target_department_id', departments),
    previousDepartmentId: ref('previous_department_id', departments),
    targetAffinityGroupId: ref('target_affinity_group_id', affinityGroups),
    previousAffinityGroupId: ref('previous_affinity_group_id', affinityGroups),
    targetZoneId: ref('target_zone_id', zones),
    targetCenterId: ref('target_center_id', centers),
    previousZoneId: ref('previous_zone_id', zones),
    previousCenterId: ref('previous_center_id', centers),
    /** Who filed it: the member, or someone allowed to update other members. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    ...stamps,
  },
  (t) => [
    // One pending request of a kind per member, held by the database too (two racing requests).
    uniqueIndex('member_requests_pending_key')
      .on(t.userId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('member_requests_status_idx').on(t.status, t.kind, t.createdAt),
    index('member_requests_department_idx').on(t.targetDepartmentId),
    // A person's requests, for their timeline (docs/decisions 0210).
    index('member_requests_user_idx').on(t.userId),
  ],
);

/** A request's history: filed, approved, rejected, cancelled; by whom, when, with what comment. */
export const requestEvents = pgTable(
  'request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => memberRequests.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['created', 'approved', 'rejected', 'cancelled'] }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.at)],
);
