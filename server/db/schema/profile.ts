import { sql } from 'drizzle-orm';
import { customType, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FILE_TYPES, MEMBER_REQUEST_KINDS, MEMBER_REQUEST_STATUSES } from '@/domain/common/enums.js';
import { affinityGroups, centers, departments, zones } from './church.js';
import { users } from './users.js';

/** The profile's details beside the biodata, and the member's requests. */

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const qualifications = pgTable(
  'qualifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    highestQualification: text('highest_qualification').notNull(),
    professionalQualification: text('professional_qualification'),
    ...stamps,
  },
  (t) => [index('qualifications_user_idx').on(t.userId)],
);

/** One employer per member. */
export const employers = pgTable(
  'employers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    employerName: text('employer_name'),
    employerAddress: text('employer_address'),
    positionHeld: text('position_held'),
    sector: text('sector'),
    subSector: text('sub_sector'),
    country: text('country'),
    state: text('state'),
    lga: text('lga'),
    ...stamps,
  },
  (t) => [uniqueIndex('employers_user_key').on(t.userId)],
);

/** The person fields a spouse and a child share. */
const person = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: owner(),
  title: text('title'),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  surName: text('sur_name').notNull(),
  mobile2: text('mobile2'),
  gender: text('gender'),
  dateOfBirth: date('date_of_birth'),
  ...stamps,
});

/** One spouse per member; email and mobile 1 are required of a spouse. */
export const spouses = pgTable(
  'spouses',
  {
    ...person(),
    mobile1: text('mobile1').notNull(),
    email: text('email').notNull(),
    weddingAnniversary: date('wedding_anniversary'),
  },
  (t) => [uniqueIndex('spouses_user_key').on(t.userId)],
);

export const children = pgTable(
  'children',
  {
    ...person(),
    email: text('email'),
    mobile1: text('mobile1'),
    position: integer('position'),
  },
  (t) => [index('children_user_idx').on(t.userId)],
);

/** PostgreSQL bytea as a Node Buffer (drizzle has no built-in column for it). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Files kept in the database (bytea) with the type sniffed from their bytes. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    fileType: text('file_type', { enum: FILE_TYPES }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    ...stamps,
  },
  // A member has one avatar: a new upload replaces it.
  (t) => [
    uniqueIndex('files_avatar_key')
      .on(t.userId)
      .where(sql`${t.fileType} = 'avatar'`),
  ],
);

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
