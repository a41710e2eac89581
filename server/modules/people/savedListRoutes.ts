import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { createSavedList, deleteSavedList, renameSavedList, savedListsOf } from './savedLists.js';

/** Saved lists (docs/decisions/0214-saved-lists.md): for whoever reads the member list; shared ones are the office's. */

const readers = { permission: [P.viewMembers, P.viewCihManagement, P.viewAttendance] };
const tag = 'Saved lists';

export const savedListRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getSavedLists,
    tag,
    summary: "(added) The caller's saved lists and, for the office (CAN_VIEW_MEMBERS), the shared ones, by name",
    access: readers,
    async handler({ caller, services }) {
      return ok(await savedListsOf(services.database.db, caller!));
    },
  }),
  route({
    call: peopleCalls.createSavedList,
    tag,
    summary: "(added) Save a filter of the member list by name (its allowlisted filters only); Shared for the office's own lists; audited",
    access: readers,
    async handler({ body, caller, mutate }) {
      return ok(await mutate((tx, audit) => createSavedList(tx, audit, caller!, body)), 'List saved');
    },
  }),
  route({
    call: peopleCalls.renameSavedList,
    tag,
    summary: '(added) Rename a saved list (its owner; a shared one, the office too)',
    access: readers,
    async handler({ body, caller, mutate }) {
      return ok(await mutate((tx, audit) => renameSavedList(tx, audit, caller!, body)), 'List renamed');
    },
  }),
  route({
    call: peopleCalls.deleteSavedList,
    tag,
    summary: '(added) Delete a saved list (its owner; a shared one, the office too); audited',
    access: readers,
    async handler({ query, caller, mutate }) {
      await mutate((tx, audit) => deleteSavedList(tx, audit, caller!, query.id));
      return ok(null, 'List deleted');
    },
  }),
];
