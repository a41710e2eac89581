import { ok } from '@/server/http/envelope.js';
import { editAccess, readAccess, recordEditAccess } from '@/server/engines/profileAccess.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { createDetail, deleteDetail, detailsOf, updateDetail, type DetailDefinition } from './detail.js';
import { child, employer, qualification, spouse } from './detailKinds.js';

const MESSAGES = { created: 'Successfully Created', updated: 'Details updated', deleted: 'Successfully Deleted' };

/** Create, Update and GetByUserId of a detail, and Delete when it has one. */
function detailRoutes(def: DetailDefinition): AnyRouteDef[] {
  const { calls, tag, entity } = def;
  const routes: AnyRouteDef[] = [
    route({
      call: calls.create,
      tag,
      summary: def.single ? `Create a member's ${entity} details (none may exist yet)` : `Add a ${entity} to a member's profile`,
      access: editAccess,
      async handler({ body, caller, mutate }) {
        const input = body as Record<string, unknown> & { userId: string };
        const row = await mutate((tx, audit) => createDetail(tx, audit, caller!, def, input));
        return ok(row, MESSAGES.created);
      },
    }),
    route({
      call: calls.update,
      tag,
      summary: `Update a member's ${entity}: every field of the form`,
      access: editAccess,
      async handler({ body, caller, mutate, request }) {
        const input = body as Record<string, unknown> & { id?: string; userId: string };
        const row = await mutate((tx, audit) => updateDetail(tx, audit, caller!, def, input, (stored) => mustBeUnchanged(request, stored)));
        return ok(row, MESSAGES.updated);
      },
    }),
    route({
      call: calls.getByUserId,
      tag,
      summary: def.single ? `A member's ${entity} details by their user id` : `A member's ${entity} records by their user id`,
      access: readAccess('id'),
      handler: async ({ query, services }) => ok(await detailsOf(services.database.db, def, query.id)),
    }),
  ];
  if (calls.delete) {
    routes.push(
      route({
        call: calls.delete,
        tag,
        summary: `Delete one of a member's ${entity} records by its id`,
        access: recordEditAccess,
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
