import type { FastifyInstance } from 'fastify';
import { householdsCalls } from '@/domain/households/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { listQuery } from '@/server/engines/list.js';
import { existingUser } from '@/server/engines/profileAccess.js';
import { ok, page } from '@/server/http/envelope.js';
import { forbidden } from '@/server/http/errors.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { addHouseholdMember, changeMemberRole, createHousehold, deleteHousehold, removeMember, updateHousehold } from './changes.js';
import { householdById, householdOfPerson, householdPage, isMemberOf } from './read.js';

/**
 * Households (docs/decisions/0213-households.md). The office (CAN_UPDATE_HOUSEHOLDS) adds and
 * keeps families; whoever reads profiles and the member list reads them; a member reads their own.
 */
const office = { permission: P.manageHouseholds };
const READERS = [P.viewMembers, P.updateOtherMembers, P.manageHouseholds];
const readers = { permission: READERS };
const tag = 'Households';

export async function householdsModule(app: FastifyInstance) {
  const db = app.services.database.db;
  registerRoutes(app, [
    route({
      call: householdsCalls.getAll,
      tag,
      summary:
        "(added) Households by name: search over the family's name, address and members' names, paging; a family whose every member said no to listing is left out for those who do not see them",
      access: readers,
      query: listQuery({}, 1000),
      async handler({ query, caller }) {
        const { rows, total } = await householdPage(db, caller!, query);
        return page(rows, total);
      },
    }),
    route({
      call: householdsCalls.getById,
      tag,
      summary:
        '(added) A family page: name, shared address, members with roles; members hidden from the caller are counted, not named. Readers of profiles, or a member of the family',
      access: { signedIn: true },
      async handler({ query, caller }) {
        // An unknown family is a 404 for anyone signed in; a known one is for its readers and members.
        const household = await householdById(db, caller!, query.id);
        const mayRead = READERS.some((p) => caller!.permissions.has(p)) || (await isMemberOf(db, caller!, query.id));
        if (!mayRead) throw forbidden();
        return ok(household);
      },
    }),
    route({
      call: householdsCalls.getByPerson,
      tag,
      summary: '(added) The household a person belongs to (null when none), for their profile: readers of profiles, or the person',
      access: { ...readers, orSelf: 'userId' },
      async handler({ query, caller }) {
        await existingUser(db, query.userId);
        return ok(await householdOfPerson(db, caller!, query.userId));
      },
    }),
    route({
      call: householdsCalls.create,
      tag,
      summary:
        "(added) Add a family in one call: its name, address and people (people of the caller's member list, or new people by name, created here), all or none; a person already in a household is a 409",
      access: office,
      async handler({ body, caller, mutate }) {
        const id = await mutate((tx, audit) => createHousehold(tx, audit, caller!, body));
        return ok(await householdById(db, caller!, id), 'Family added');
      },
    }),
    route({
      call: householdsCalls.update,
      tag,
      summary: '(added) Rename a family or change its shared address',
      access: office,
      async handler({ body, caller, mutate }) {
        await mutate((tx, audit) => updateHousehold(tx, audit, body));
        return ok(await householdById(db, caller!, body.id), 'Family saved');
      },
    }),
    route({
      call: householdsCalls.delete,
      tag,
      summary: '(added) Delete a family: its memberships go, its people and profile records stay',
      access: office,
      async handler({ query, mutate }) {
        await mutate((tx, audit) => deleteHousehold(tx, audit, query.id));
        return ok(null, 'Family deleted');
      },
    }),
    route({
      call: householdsCalls.addMember,
      tag,
      summary: "(added) Add a person to a family: one of the caller's member list, or a new person created here",
      access: office,
      async handler({ body, caller, mutate }) {
        await mutate((tx, audit) => addHouseholdMember(tx, audit, caller!, body));
        return ok(await householdById(db, caller!, body.householdId), 'Added to the family');
      },
    }),
    route({
      call: householdsCalls.changeRole,
      tag,
      summary: "(added) Change a member's role in their family: head, spouse, child or other",
      access: office,
      async handler({ body, caller, mutate }) {
        const id = await mutate((tx, audit) => changeMemberRole(tx, audit, body));
        return ok(await householdById(db, caller!, id), 'Role saved');
      },
    }),
    route({
      call: householdsCalls.removeMember,
      tag,
      summary: '(added) Take a member out of their family (the person stays)',
      access: office,
      async handler({ query, caller, mutate }) {
        const id = await mutate((tx, audit) => removeMember(tx, audit, query.id));
        return ok(await householdById(db, caller!, id), 'Removed from the family');
      },
    }),
  ]);
}
