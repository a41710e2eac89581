import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneName: text('zone_name').notNull(),
    description: text('description'),
    ...stamps,
  },
  // Names are unique without regard to case, in the database itself: two racing creates of
  // 'Choir' and 'choir' cannot both pass the handler's check.
  (t) => [uniqueIndex('zones_name_key').on(sql`lower(${t.zoneName})`)],
);

export const centers = pgTable(
  'centers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    centerName: text('center_name').notNull(),
    address: text('address'),
    ...stamps,
  },
  (t) => [uniqueIndex('centers_zone_name_key').on(t.zoneId, sql`lower(${t.centerName})`)],
);

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    departmentName: text('department_name').notNull(),
    description: text('description'),
    hodId: uuid('hod_id').references(() => users.id),
    ...stamps,
  },
  (t) => [uniqueIndex('departments_name_key').on(sql`lower(${t.departmentName})`)],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    isPrimaryDepartment: boolean('is_primary_department').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Member counts and member lists go by department.
  (t) => [primaryKey({ columns: [t.userId, t.departmentId] }), index('user_departments_department_idx').on(t.departmentId)],
);

export const affinityGroups = pgTable(
  'affinity_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affinityGroupName: text('affinity_group_name').notNull(),
    affinityGroupCode: text('affinity_group_code').notNull(),
    description: text('description'),
    startAge: integer('start_age'),
    endAge: integer('end_age'),
    maritalStatus: text('marital_status'),
    /** Male or Female for a men's or women's fellowship; null: either. */
    gender: text('gender'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('affinity_groups_name_key').on(sql`lower(${t.affinityGroupName})`),
    uniqueIndex('affinity_groups_code_key').on(sql`lower(${t.affinityGroupCode})`),
  ],
);

/** Biodata of a member or first-timer: the profile's personal information. */
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
    /** Ministry and unit names, part of the church affiliation. */
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
