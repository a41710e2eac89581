import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { P } from '@/domain/permissions.js';
import { churchAffiliationSchema, churchAffiliationUpdateSchema } from '@/domain/schemas/profile.js';
import { idField } from '@/domain/schemas/structure.js';
import type { Access } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { editAccess, existingUser, mustEdit, readAccess } from '@/server/http/profileAccess.js';
import { AFFILIATION_NOT_FOUND, affiliationView, saveAffiliation } from './affiliation.js';
import { departmentsOf, setPrimaryDepartment } from './memberDepartments.js';
import { requestRoutes } from './requests.js';

/**
 * The profile's church affiliation, the member's departments and their requests. The member
 * query and delisting of the same /ChurchAffiliation/ group live in the affiliation and
 * departments modules.
 */

const byId = z.object({ id: idField() });

/** A member's affiliation fields need CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS; the handler lets one's own zone and center through. */
const affiliationAccess: Access = { permission: P.updateChurchAffiliation, orSelf: 'userId' };

export async function churchAffiliationModule(app: FastifyInstance) {
  const tag = 'Church affiliation';
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/ChurchAffiliation/GetChurchAffiliationByUserId',
      tag,
      summary: "A member's church affiliation by their user id, with zone and center names and the primary department",
      access: readAccess('id'),
      query: byId,
      async handler({ query, services }) {
        const view = await affiliationView(services.database.db, query.id);
        if (!view) throw notFound(AFFILIATION_NOT_FOUND);
        return ok(view);
      },
    }),
    route({
      method: 'POST',
      url: '/ChurchAffiliation/CreateChurchAffiliation',
      tag,
      summary: "Create a member's church affiliation (none may exist yet); on one's own, only zone and center without the permission",
      access: affiliationAccess,
      body: churchAffiliationSchema,
      async handler({ body, caller, services, mutate }) {
        await mutate((tx, audit) => saveAffiliation(tx, audit, caller!, body, 'create'));
        return ok(await affiliationView(services.database.db, body.userId), 'Successfully Created');
      },
    }),
    route({
      method: 'PUT',
      url: '/ChurchAffiliation/UpdateChurchAffiliation',
      tag,
      summary: "Update a member's church affiliation; fields the caller may not change are kept, and refused if sent changed",
      access: affiliationAccess,
      body: churchAffiliationUpdateSchema,
      async handler({ body, caller, services, mutate }) {
        await mutate((tx, audit) => saveAffiliation(tx, audit, caller!, body, 'update'));
        return ok(await affiliationView(services.database.db, body.userId), 'Details updated');
      },
    }),
    route({
      method: 'GET',
      url: '/Department/GetDepartmentByUserId',
      tag: 'Departments',
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
      tag: 'Departments',
      summary: "Make one of the member's departments their primary one",
      access: editAccess,
      query: z.object({ userId: idField('User'), departmentName: z.string({ error: 'Department name is required' }).trim().min(1, 'Department name is required') }),
      async handler({ query, caller, services, mutate }) {
        await mutate(async (tx, audit) => {
          mustEdit(caller, query.userId);
          await existingUser(tx, query.userId);
          await setPrimaryDepartment(tx, audit, query.userId, query.departmentName);
        });
        return ok(await departmentsOf(services.database.db, query.userId), 'Successfully set default department');
      },
    }),
    ...requestRoutes,
  ]);
}
