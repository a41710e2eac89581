import { asc, sql } from 'drizzle-orm';
import { profileCalls as calls } from '@/domain/profile/calls.js';
import { children, employers, qualifications, spouses } from '@/server/db/schema/index.js';
import type { DetailDefinition } from './detail.js';

/** The profile's details, one definition each: spouse, employer, children and qualifications. */

export const spouse: DetailDefinition = {
  calls: { create: calls.spouseCreate, update: calls.spouseUpdate, getByUserId: calls.spouseGetByUserId },
  tag: 'Spouse',
  entity: 'spouse',
  table: spouses,
  notFound: 'Spouse Detail not found!',
  single: true,
};

export const employer: DetailDefinition = {
  calls: { create: calls.employerCreate, update: calls.employerUpdate, getByUserId: calls.employerGetByUserId },
  tag: 'Employer',
  entity: 'employer',
  table: employers,
  notFound: 'Employer not found!',
  single: true,
};

export const child: DetailDefinition = {
  calls: {
    create: calls.childrenCreate,
    update: calls.childrenUpdate,
    getByUserId: calls.childrenGetByUserId,
    delete: calls.childrenDelete,
  },
  tag: 'Children',
  entity: 'child',
  table: children,
  notFound: 'Child not found!',
  single: false,
  // The tab lists children by date of birth, oldest first.
  order: [sql`${children.dateOfBirth} asc nulls last`, asc(children.position), asc(children.createdAt), asc(children.id)],
};

export const qualification: DetailDefinition = {
  calls: {
    create: calls.qualificationCreate,
    update: calls.qualificationUpdate,
    getByUserId: calls.qualificationGetByUserId,
    delete: calls.qualificationDelete,
  },
  tag: 'Qualification',
  entity: 'qualification',
  table: qualifications,
  notFound: 'Qualification not found!',
  single: false,
  order: [asc(qualifications.createdAt), asc(qualifications.id)],
};
