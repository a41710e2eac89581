import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
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
import { idField } from '@/domain/common/fields.js';
import { ok } from '@/server/http/envelope.js';
import { editAccess, readAccess, recordEditAccess } from '@/server/engines/profileAccess.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { createDetail, deleteDetail, detailsOf, updateDetail, type DetailDefinition } from './detail.js';

const spouse: DetailDefinition = {
  controller: 'Spouse',
  tag: 'Spouse',
  entity: 'spouse',
  table: spouses,
  body: { create: spouseSchema, update: spouseUpdateSchema },
  notFound: 'Spouse Detail not found!',
  single: true,
  deletable: false,
};

const employer: DetailDefinition = {
  controller: 'Employer',
  tag: 'Employer',
  entity: 'employer',
  table: employers,
  body: { create: employerSchema, update: employerUpdateSchema },
  notFound: 'Employer not found!',
  single: true,
  deletable: false,
};

const child: DetailDefinition = {
  controller: 'Children',
  tag: 'Children',
  entity: 'child',
  table: children,
  body: { create: childSchema, update: childUpdateSchema },
  notFound: 'Child not found!',
  single: false,
  deletable: true,
  // The tab lists children by date of birth, oldest first (SPEC.md section 4).
  order: [sql`${children.dateOfBirth} asc nulls last`, asc(children.position), asc(children.createdAt), asc(children.id)],
};

const qualification: DetailDefinition = {
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

const MESSAGES = { created: 'Successfully Created', updated: 'Details updated', deleted: 'Successfully Deleted' };
const byId = z.object({ id: idField() });

/** Create, Update and GetByUserId of a detail, and Delete when it has one. */
function detailRoutes(def: DetailDefinition): AnyRouteDef[] {
  const { controller, tag, entity } = def;
  const routes: AnyRouteDef[] = [
    route({
      method: 'POST',
      url: `/${controller}/Create`,
      tag,
      summary: def.single ? `Create a member's ${entity} details (none may exist yet)` : `Add a ${entity} to a member's profile`,
      access: editAccess,
      body: def.body.create,
      async handler({ body, caller, mutate }) {
        const input = body as Record<string, unknown> & { userId: string };
        const row = await mutate((tx, audit) => createDetail(tx, audit, caller!, def, input));
        return ok(row, MESSAGES.created);
      },
    }),
    route({
      method: 'PUT',
      url: `/${controller}/Update`,
      tag,
      summary: `Update a member's ${entity}: every field of the form`,
      access: editAccess,
      body: def.body.update,
      async handler({ body, caller, mutate, request }) {
        const input = body as Record<string, unknown> & { id?: string; userId: string };
        const row = await mutate((tx, audit) => updateDetail(tx, audit, caller!, def, input, (stored) => mustBeUnchanged(request, stored)));
        return ok(row, MESSAGES.updated);
      },
    }),
    route({
      method: 'GET',
      url: `/${controller}/GetByUserId`,
      tag,
      summary: def.single ? `A member's ${entity} details by their user id` : `A member's ${entity} records by their user id`,
      access: readAccess('id'),
      query: byId,
      handler: async ({ query, services }) => ok(await detailsOf(services.database.db, def, query.id)),
    }),
  ];
  if (def.deletable) {
    routes.push(
      route({
        method: 'DELETE',
        url: `/${controller}/Delete`,
        tag,
        summary: `Delete one of a member's ${entity} records by its id`,
        access: recordEditAccess,
        query: byId,
        async handler({ query, caller, mutate }) {
          await mutate((tx, audit) => deleteDetail(tx, audit, caller!, def, query.id));
          return ok(null, MESSAGES.deleted);
        },
      }),
    );
  }
  return routes;
}

/** The profile's details: spouse, employer, children and qualifications. */
export const detailsRoutes: AnyRouteDef[] = [spouse, employer, child, qualification].flatMap(detailRoutes);
