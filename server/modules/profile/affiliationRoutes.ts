import { profileCalls } from '@/domain/profile/calls.js';
import { P } from '@/domain/roles/permissions.js';
import type { Access } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { readAccess } from '@/server/engines/profileAccess.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { AFFILIATION_NOT_FOUND, affiliationView, saveAffiliation } from './affiliation.js';

/**
 * The profile's church affiliation. Other calls under /ChurchAffiliation/ live with what they
 * act on: the member query in people, requests in requests, delisting in departments.
 */

/** A member's affiliation fields need CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS; the handler lets one's own zone and center through. */
const affiliationAccess: Access = { permission: P.updateChurchAffiliation, orSelf: 'userId' };

const tag = 'Church affiliation';

export const affiliationRoutes: AnyRouteDef[] = [
  route({
    call: profileCalls.getChurchAffiliationByUserId,
    tag,
    summary: "A member's church affiliation by their user id, with zone and center names and the primary department",
    access: readAccess('id'),
    async handler({ query, services }) {
      const view = await affiliationView(services.database.db, query.id);
      if (!view) throw notFound(AFFILIATION_NOT_FOUND);
      return ok(view);
    },
  }),
  route({
    call: profileCalls.createChurchAffiliation,
    tag,
    summary: "Create a member's church affiliation (none may exist yet); on one's own, only zone and center without the permission",
    access: affiliationAccess,
    async handler({ body, caller, services, mutate }) {
      await mutate((tx, audit) => saveAffiliation(tx, audit, caller!, body, 'create'));
      return ok(await affiliationView(services.database.db, body.userId), 'Successfully Created');
    },
  }),
  route({
    call: profileCalls.updateChurchAffiliation,
    tag,
    summary: "Update a member's church affiliation; fields the caller may not change are kept, and refused if sent changed",
    access: affiliationAccess,
    async handler({ body, caller, services, mutate, request }) {
      await mutate((tx, audit) => saveAffiliation(tx, audit, caller!, body, 'update', (stored) => mustBeUnchanged(request, stored)));
      return ok(await affiliationView(services.database.db, body.userId), 'Details updated');
    },
  }),
];
