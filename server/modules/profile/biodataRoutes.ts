import { profileCalls } from '@/domain/profile/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { ok } from '@/server/http/envelope.js';
import { editAccess, readAccess } from '@/server/engines/profileAccess.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { biodataListQuery, biodataNotFound, biodataOf, biodataPage } from './biodata.js';
import { createBiodata, deleteBiodata, updateBiodata } from './biodataChanges.js';

const tag = 'Biodata';

export const biodataRoutes: AnyRouteDef[] = [
  route({
    call: profileCalls.createBiodata,
    tag,
    summary: "Create a member's biodata (none may exist yet); the status needs CAN_UPDATE_DEMISE_MEMBERS",
    access: editAccess,
    async handler({ body, caller, mutate }) {
      const row = await mutate((tx, audit) => createBiodata(tx, audit, caller!, body));
      return ok(row, 'Successfully created profile');
    },
  }),
  route({
    call: profileCalls.updateBiodata,
    tag,
    summary: "Update a member's biodata: every field of the form; email and mobile 1 are locked once set",
    access: editAccess,
    async handler({ body, caller, mutate, request }) {
      const row = await mutate((tx, audit) => updateBiodata(tx, audit, caller!, body, (stored) => mustBeUnchanged(request, stored)));
      return ok(row, 'Successful');
    },
  }),
  route({
    call: profileCalls.getAllBiodata,
    tag,
    summary: 'Every biodata: search, filters (gender, marital status, employment, state, demise), sort and paging',
    access: { permission: [P.viewMembers, P.updateOtherMembers] },
    query: biodataListQuery,
    handler: ({ query, caller, services }) => biodataPage(services.database.db, caller!, query),
  }),
  route({
    call: profileCalls.getBiodataByUserId,
    tag,
    summary: "A member's biodata by their user id",
    access: readAccess('id'),
    async handler({ query, services }) {
      const row = await biodataOf(services.database.db, query.id);
      if (!row) throw biodataNotFound();
      return ok(row);
    },
  }),
  route({
    call: profileCalls.deleteBiodata,
    tag,
    summary: 'Delete a biodata by its own id (the account stays)',
    access: { permission: P.deleteMembers },
    async handler({ query, mutate }) {
      await mutate((tx, audit) => deleteBiodata(tx, audit, query.id));
      return ok(null, 'Successfully Deleted');
    },
  }),
];
