import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import { crudRoutes } from '@/server/engines/crud.js';
import { ok } from '@/server/http/envelope.js';
import { cursorParam } from '@/server/engines/keyset.js';
import { listQuery } from '@/server/engines/list.js';
import { editAccess, existingUser, mustEdit, readAccess } from '@/server/engines/profileAccess.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { department } from './definition.js';
import { delist, delistedPage, delistedQuery, delistQuery, undoDelisting, undoQuery } from './delisting.js';
import { permissionOrHead } from './headship.js';
import { departmentMemberPage } from './memberPage.js';
import { departmentsOf, setPrimaryDepartment } from './membership.js';

const byId = z.object({ id: idField() });

export async function departmentsModule(app: FastifyInstance) {
  const tag = 'Departments';
  registerRoutes(app, [
    ...crudRoutes(department),
    route({
      method: 'GET',
      url: '/Department/GetDepartmentMembers',
      tag,
      summary: "A department's members as member summaries, with primary and head markers: search, sort and paging",
      access: permissionOrHead(P.viewDepartment),
      query: listQuery({ id: idField(), ...cursorParam }),
      handler: ({ query, caller, services }) => departmentMemberPage(services.database.db, caller, query),
    }),
    route({
      method: 'GET',
      url: '/Department/GetDepartmentByUserId',
      tag,
      summary: "A member's departments (departmentName, isPrimaryDepartment), the primary one first",
      access: readAccess('id'),
      query: byId,
      async handler({ query, services }) {
        await existingUser(services.database.db, query.id);
        return ok(await departmentsOf(services.database.db, query.id));
      },
    }),
    route({
      method: 'PUT',
      url: '/Department/SetPrimaryDepartment',
      tag,
      summary: "Make one of the member's departments their primary one",
      access: editAccess,
      query: z.object({
        userId: idField('User'),
        departmentName: z.string({ error: 'Department name is required' }).trim().min(1, 'Department name is required'),
      }),
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
      method: 'PUT',
      url: '/ChurchAffiliation/DelistMemberFromDepartment',
      tag,
      summary: 'Delist a member from a department, with the reason; their primary department passes to another they are in',
      access: permissionOrHead(P.updateDepartment),
      query: delistQuery,
      async handler({ query, caller, mutate }) {
        const row = await mutate((tx, audit) => delist(tx, audit, caller!, query));
        return ok(row, 'Member delisted from the department');
      },
    }),
    route({
      method: 'DELETE',
      url: '/ChurchAffiliation/DelistMemberFromDepartment',
      tag,
      summary: 'Undo the newest delisting of a member from a department: they are back in it',
      access: permissionOrHead(P.updateDepartment),
      query: undoQuery,
      async handler({ query, caller, mutate }) {
        const row = await mutate((tx, audit) => undoDelisting(tx, audit, caller!, query));
        return ok(row, 'Delisting undone: the member is back in the department');
      },
    }),
    route({
      method: 'GET',
      url: '/ChurchAffiliation/GetDelistedMembers',
      tag,
      summary: 'Members delisted from departments, with who delisted them and why: filters, search, sort and paging',
      access: permissionOrHead(P.viewDepartment),
      query: delistedQuery,
      handler: ({ query, caller, services }) => delistedPage(services.database.db, caller!, query),
    }),
  ]);
}
