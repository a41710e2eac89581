import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { biodataSchema, biodataUpdateSchema } from '@/domain/profile/schemas.js';
import { idField } from '@/domain/common/fields.js';
import { biodata } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { conflict } from '@/server/http/errors.js';
import { editAccess, existingUser, mustEdit, readAccess } from '@/server/engines/profileAccess.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { biodataListQuery, biodataNotFound, biodataOf, biodataPage, biodataValues, syncAccount } from './biodata.js';

const byId = z.object({ id: idField() });

const tag = 'Biodata';

export const biodataRoutes: AnyRouteDef[] = [
  route({
    method: 'POST',
    url: '/Biodata/CreateBiodata',
    tag,
    summary: "Create a member's biodata (none may exist yet); the status needs CAN_UPDATE_DEMISE_MEMBERS",
    access: editAccess,
    body: biodataSchema,
    async handler({ body, caller, mutate }) {
      const row = await mutate(async (tx, audit) => {
        mustEdit(caller, body.userId);
        await existingUser(tx, body.userId);
        if (await biodataOf(tx, body.userId)) throw conflict('This member already has biodata: update it instead');
        const [created] = await tx
          .insert(biodata)
          .values({ userId: body.userId, ...biodataValues(caller!, body, null) })
          .returning();
        await syncAccount(tx, created);
        audit({ action: 'create', entity: 'biodata', entityId: created.id, after: created });
        return created;
      });
      return ok(row, 'Successfully created profile');
    },
  }),
  route({
    method: 'PUT',
    url: '/Biodata/UpdateBiodata',
    tag,
    summary: "Update a member's biodata: every field of the form; email and mobile 1 are locked once set",
    access: editAccess,
    body: biodataUpdateSchema,
    async handler({ body, caller, mutate, request }) {
      const row = await mutate(async (tx, audit) => {
        mustEdit(caller, body.userId);
        // Locked: two saves from one loaded version must not both pass the version check.
        const [before] = await tx.select().from(biodata).where(eq(biodata.userId, body.userId)).for('update');
        if (!before || (body.id && body.id !== before.id)) throw biodataNotFound();
        mustBeUnchanged(request, before.updatedAt);
        const [after] = await tx
          .update(biodata)
          .set({ ...biodataValues(caller!, body, before), updatedAt: new Date() })
          .where(eq(biodata.id, before.id))
          .returning();
        await syncAccount(tx, after);
        audit({ action: 'update', entity: 'biodata', entityId: after.id, before, after });
        return after;
      });
      return ok(row, 'Successful');
    },
  }),
  route({
    method: 'GET',
    url: '/Biodata/GetAllBiodata',
    tag,
    summary: 'Every biodata: search, filters (gender, marital status, employment, state, demise), sort and paging',
    access: { permission: [P.viewMembers, P.updateOtherMembers] },
    query: biodataListQuery,
    handler: ({ query, services }) => biodataPage(services.database.db, query),
  }),
  route({
    method: 'GET',
    url: '/Biodata/GetBiodataByUserId',
    tag,
    summary: "A member's biodata by their user id",
    access: readAccess('id'),
    query: byId,
    async handler({ query, services }) {
      const row = await biodataOf(services.database.db, query.id);
      if (!row) throw biodataNotFound();
      return ok(row);
    },
  }),
  route({
    method: 'DELETE',
    url: '/Biodata/DeleteBiodata',
    tag,
    summary: 'Delete a biodata by its own id (the account stays)',
    access: { permission: P.deleteMembers },
    query: byId,
    async handler({ query, mutate }) {
      await mutate(async (tx, audit) => {
        const [before] = await tx.delete(biodata).where(eq(biodata.id, query.id)).returning();
        if (!before) throw biodataNotFound();
        audit({ action: 'delete', entity: 'biodata', entityId: before.id, before });
      });
      return ok(null, 'Successfully Deleted');
    },
  }),
];
