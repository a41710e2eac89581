import { asc, sql } from 'drizzle-orm';
import {
  childSchema,
  childUpdateSchema,
  employerSchema,
  employerUpdateSchema,
  qualificationSchema,
  qualificationUpdateSchema,
  spouseSchema,
  spouseUpdateSchema,
} from '@/domain/profile/schemas.js';
import { children, employers, qualifications, spouses } from '@/server/db/schema/index.js';
import type { DetailDefinition } from './detail.js';

/** The profile's details, one definition each: spouse, employer, children and qualifications. */

export const spouse: DetailDefinition = {
  controller: 'Spouse',
  tag: 'Spouse',
  entity: 'spouse',
  table: spouses,
  body: { create: spouseSchema, update: spouseUpdateSchema },
  notFound: 'Spouse Detail not found!',
  single: true,
  deletable: false,
};

export const employer: DetailDefinition = {
  controller: 'Employer',
  tag: 'Employer',
  entity: 'employer',
  table: employers,
  body: { create: employerSchema, update: employerUpdateSchema },
  notFound: 'Employer not found!',
  single: true,
  deletable: false,
};

export const child: DetailDefinition = {
  controller: 'Children',
  tag: 'Children',
  entity: 'child',
  table: children,
  body: { create: childSchema, update: childUpdateSchema },
  notFound: 'Child not found!',
  single: false,
  deletable: true,
  // The tab lists children by date of birth, oldest first.
  order: [sql`${children.dateOfBirth} asc nulls last`, asc(children.position), asc(children.createdAt), asc(children.id)],
};

export const qualification: DetailDefinition = {
  controller: 'Qualification',
  tag: 'Qualification',
  entity: 'qualification',
  table: qualifications,
  body: { create: qualificationSchema, update: qualificationUpdateSchema },
  notFound: 'Qualification not found!',
  single: false,
  deletable: true,
  order: [asc(qualifications.createdAt), asc(qualifications.id)],
};
