import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { centers, zones } from './cih.js';
import { owner, stamps } from './common.js';
import { users } from './people.js';
import { CONSENT_CATEGORIES } from '@/domain/profile/consent.js';

/** A member's profile: biodata, church affiliation, the details beside them, and consents. */

/** Biodata of a member or first-timer. */
export const biodata = pgTable(
  'biodata',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    surName: text('sur_name').notNull(),
    email: text('email').notNull(),
    mobile1: text('mobile1').notNull(),
    mobile2: text('mobile2'),
    address: text('address'),
    nearestBusStop: text('nearest_bus_stop'),
    lga: text('lga'),
    state: text('state'),
    country: text('country'),
    gender: text('gender'),
    employmentStatus: text('employment_status'),
    dateOfBirth: date('date_of_birth'),
    placeOfBirth: text('place_of_birth'),
    nationality: text('nationality'),
    stateOfOrigin: text('state_of_origin'),
    maritalStatus: text('marital_status'),
    maidenName: text('maiden_name'),
    demise: boolean('demise').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('biodata_user_key').on(t.userId)],
);

export const churchAffiliations = pgTable(
  'church_affiliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    levelOfATS: text('level_of_ats'),
    charteredMember: boolean('chartered_member').notNull().default(false),
    charteredMemberNumber: text('chartered_member_number'),
    cihRole: text('cih_role'),
    mountainOfInfluence: text('mountain_of_influence'),
    affinityGroup: text('affinity_group').array().notNull().default([]),
    cihAddress: text('cih_address'),
    /** Ministry and unit names, kept with the church affiliation. */
    ministry: text('ministry'),
    unit: text('unit'),
    zoneId: uuid('zone_id').references(() => zones.id),
    centerId: uuid('center_id').references(() => centers.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('church_affiliations_user_key').on(t.userId),
    // Zone and center member counts, and the refusal to delete a zone or center with members.
    index('church_affiliations_zone_idx').on(t.zoneId),
    index('church_affiliations_center_idx').on(t.centerId),
  ],
);

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

/**
 * Consents a person gave or withdrew, one row per change, never updated: the newest row of a
 * category is the answer in force, the rest its history. wording names the text the person saw
 * (domain/profile/consent.ts), so a later rewording does not change what was agreed to.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: CONSENT_CATEGORIES }).notNull(),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.category, t.createdAt)],
);

/**
 * The church's own fields on people (docs/decisions/0209): a definition per field, in the order
 * the office gives them. A retired field keeps its values but is no longer shown or asked for.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: ['text', 'number', 'date', 'choice', 'yesno'] }).notNull(),
    choices: text('choices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    visibility: text('visibility', { enum: ['everyone', 'leaders', 'office'] }).notNull(),
    position: integer('position').notNull().default(0),
    retired: boolean('retired').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('custom_fields_name_key').on(sql`lower(${t.name})`)],
);

/**
 * A person's value of a custom field, in the column of the field's type (choices in text_value).
 * One btree per type, keyed (field, value, person), serves the member list's filter and sort on a
 * field: an equality or a range of one field's values is one index range (docs/decisions/0209).
 */
export const customFieldValues = pgTable(
  'custom_field_values',
  {
    fieldId: uuid('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'restrict' }),
    userId: owner(),
    textValue: text('text_value'),
    numberValue: doublePrecision('number_value'),
    dateValue: date('date_value'),
    boolValue: boolean('bool_value'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'custom_field_values_pkey', columns: [t.fieldId, t.userId] }),
    index('custom_field_values_user_idx').on(t.userId),
    index('custom_field_values_text_idx')
      .on(t.fieldId, t.textValue, t.userId)
      .where(sql`${t.textValue} is not null`),
    index('custom_field_values_number_idx')
      .on(t.fieldId, t.numberValue, t.userId)
      .where(sql`${t.numberValue} is not null`),
    index('custom_field_values_date_idx')
      .on(t.fieldId, t.dateValue, t.userId)
      .where(sql`${t.dateValue} is not null`),
    index('custom_field_values_bool_idx')
      .on(t.fieldId, t.boolValue, t.userId)
      .where(sql`${t.boolValue} is not null`),
  ],
);

/**
 * Pastoral care notes about a person (docs/decisions 0210): read and written only with
 * CAN_UPDATE_PASTORAL_CARE, each read audited; never changed once written (a correction is a new
 * note). Left out of exports and of the person's own data unless the church's care setting says.
 */
export const careNotes = pgTable(
  'care_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('care_notes_user_idx').on(t.userId, t.createdAt)],
);
