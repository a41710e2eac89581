import type { FastifyInstance } from 'fastify';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import { MAX_MATCHING } from '@/domain/people/savedLists.js';
import { selectionField } from '@/domain/people/tags.js';
import { departmentsCalls } from '@/domain/departments/calls.js';
import { crudRoutes } from '@/server/engines/crud.js';
import { ok } from '@/server/http/envelope.js';
import { cursorParam } from '@/server/engines/keyset.js';
import { listQuery } from '@/server/engines/list.js';
import { editAccess, existingUser, mustEdit, readAccess } from '@/server/engines/profileAccess.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { department } from './definition.js';
import { delist, delistedPage, delistedQuery, undoDelisting } from './delisting.js';
import { permissionOrHead } from './headship.js';
import { departmentMemberPage, matchingDepartmentMembers } from './memberPage.js';
import { departmentsOf, setPrimaryDepartment } from './membership.js';

export async function departmentsModule(app: FastifyInstance) {
  const tag = 'Departments';
  registerRoutes(app, [
    ...crudRoutes(department),
    route({
      call: departmentsCalls.getDepartmentMembers,
      tag,
      summary:
        "A department's members (not archived) as member summaries, with primary and head markers: search, sort and paging; UserId (one or more) keeps only those people (a selection's rows)",
      access: permissionOrHead(P.viewDepartment),
      query: listQuery({ id: idField(), userId: selectionField, ...cursorParam }),
      handler: ({ query, caller, services }) => departmentMemberPage(services.database.db, caller, query),
    }),
    route({
      call: departmentsCalls.getMatchingDepartmentMembers,
      tag,
      summary: `(added) The ids of every member of the department (Id) its search keeps, not archived, for an action on 'all that match': for its head and CAN_VIEW_DEPARTMENT, at most ${MAX_MATCHING}, a 400 naming the count beyond`,
      access: permissionOrHead(P.viewDepartment),
      query: listQuery({ id: idField() }),
      handler: async ({ query, caller, services }) => ok(await matchingDepartmentMembers(services.database.db, caller, query)),
    }),
    route({
      call: departmentsCalls.getDepartmentByUserId,
      tag,
      summary: "A member's departments (departmentName, isPrimaryDepartment), the primary one first",
      access: readAccess('id'),
      async handler({ query, services }) {
        await existingUser(services.database.db, query.id);
        return ok(await departmentsOf(services.database.db, query.id));
      },
    }),
    route({
      call: departmentsCalls.setPrimaryDepartment,
      tag,
      summary: "Make one of the member's departments their primary one",
      access: editAccess,
      async handler({ query, caller, services, mutate }) {
        await mutate(async (tx, audit) => {
          mustEdit(caller, query.userId);
          await existingUser(tx, query.userId);
          await setPrimaryDepartment(tx, audit, query.userId, query.departmentName);
        });
        return ok(await departmentsOf(services.database.db, query.userId), 'Successfully set default department');
      },
    }),
    // The delisting calls sit under /ChurchAffiliation/ by their paths but change department membership.
    route({
      call: departmentsCalls.delistMemberFromDepartment,
      tag,
      summary: 'Delist a member from a department, with the reason; their primary department passes to another they are in',
      access: permissionOrHead(P.updateDepartment),
      async handler({ query, caller, mutate }) {
        const row = await mutate((tx, audit) => delist(tx, audit, caller!, query));
        return ok(row, 'Member delisted from the department');
      },
    }),
    route({
      call: departmentsCalls.undoDelistMemberFromDepartment,
      tag,
      summary: 'Undo the newest delisting of a member from a department: they are back in it',
      access: permissionOrHead(P.updateDepartment),
      async handler({ query, caller, mutate }) {
        const row = await mutate((tx, audit) => undoDelisting(tx, audit, caller!, query));
        return ok(row, 'Delisting undone: the member is back in the department');
      },
    }),
    route({
      call: departmentsCalls.getDelistedMembers,
      tag,
      summary: 'Members delisted from departments, with who delisted them and why: filters, search, sort and paging',
      access: permissionOrHead(P.viewDepartment),
      query: delistedQuery,
      handler: ({ query, caller, services }) => delistedPage(services.database.db, caller!, query),
    }),
  ]);
}
