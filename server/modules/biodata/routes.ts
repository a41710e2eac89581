import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { biodataSchema, biodataUpdateSchema } from '@/domain/profile/schemas.js';
import { idField } from '@/domain/common/fields.js';
import { biodata } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { conflict } from '@/server/http/errors.js';
import { listQuery } from '@/server/engines/list.js';
import { cursorParam } from '@/server/engines/keyset.js';
import { isArchived, memberPage } from '@/server/engines/memberList.js';
import { editAccess, existingUser, mustEdit, readAccess, userIdQuery } from '@/server/engines/profileAccess.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { biodataListQuery, biodataNotFound, biodataOf, biodataPage, biodataValues, syncAccount } from './biodata.js';
import { setDemise } from './demise.js';
import { firstTimerStats } from './firstTimerStats.js';

const byId = z.object({ id: idField() });

export async function biodataModule(app: FastifyInstance) {
  const tag = 'Biodata';
  registerRoutes(app, [
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
    route({
      method: 'GET',
      url: '/Biodata/GetFirstTimerStats',
      tag: 'First-timers',
      summary:
        'First-timer numbers: total, converted and not; by gender; arrivals (and how many of them converted) by week (last 12, weeks from Monday, UTC) and by month (last 12)',
      access: { permission: P.viewFirstTimers },
      async handler({ services }) {
        return ok(await firstTimerStats(services.database.db));
      },
    }),
    route({
      method: 'GET',
      url: '/Biodata/GetAllDemise',
      tag: 'Archived members',
      summary: 'Archived members (demise) as member summaries: search, the member sorts and paging',
      access: { permission: P.updateDemise },
      query: listQuery(cursorParam),
      handler({ query, services }) {
        return memberPage(services.database.db, query, { scope: 'archived', where: () => [isArchived] });
      },
    }),
    route({
      method: 'PUT',
      url: '/Biodata/ArchiveMember',
      tag: 'Archived members',
      summary: '(added) Archive a member (demise on): they leave the member lists and counts, and are never deleted',
      access: { permission: P.updateDemise },
      query: userIdQuery,
      async handler({ query, mutate }) {
        return ok(await mutate((tx, audit) => setDemise(tx, audit, query.userId, true)), 'Member archived');
      },
    }),
    route({
      method: 'PUT',
      url: '/Biodata/RestoreMember',
      tag: 'Archived members',
      summary: '(added) Restore an archived member (demise off): they are back in the member lists and counts',
      access: { permission: P.updateDemise },
      query: userIdQuery,
      async handler({ query, mutate }) {
        return ok(await mutate((tx, audit) => setDemise(tx, audit, query.userId, false)), 'Member restored');
      },
    }),
  ]);
}
