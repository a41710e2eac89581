import { profileCalls } from '@/domain/profile/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { ok } from '@/server/http/envelope.js';
import { editAccess, readAccess } from '@/server/engines/profileAccess.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import {
  createDefinition,
  definitionsFor,
  deleteDefinition,
  reorderDefinitions,
  saveValues,
  updateDefinition,
  valuesOf,
} from './customFields.js';

/*
 * The church's own fields on people (docs/decisions/0209): the office defines them; a profile
 * shows and keeps the ones its reader may see, checked by type and by who sees them.
 */

const office = { permission: P.manageCustomFields };
const tag = 'Custom fields';

export const customFieldRoutes: AnyRouteDef[] = [
  route({
    call: profileCalls.customFieldsGetAll,
    tag,
    summary:
      'The custom fields the caller sees, in order (everyone: fields for everyone; leaders: and leader fields; the office: all, retired ones with IncludeRetired=true)',
    access: { signedIn: true },
    async handler({ query, caller, services }) {
      return ok(await definitionsFor(services.database.db, caller!, query.includeRetired));
    },
  }),
  route({
    call: profileCalls.customFieldsCreate,
    tag,
    summary: 'Add a custom field on people: name, type (text, number, date, choice with its choices, yesno), required, visibility',
    access: office,
    async handler({ body, mutate }) {
      return ok(await mutate((tx, audit) => createDefinition(tx, audit, body)), 'Field added');
    },
  }),
  route({
    call: profileCalls.customFieldsUpdate,
    tag,
    summary:
      'Change a custom field, or retire it (Retired: true keeps its values and hides it); its type changes only while no one holds a value',
    access: office,
    async handler({ body, mutate, request }) {
      const field = await mutate((tx, audit) => updateDefinition(tx, audit, body, (stored) => mustBeUnchanged(request, stored)));
      return ok(field, 'Field saved');
    },
  }),
  route({
    call: profileCalls.customFieldsReorder,
    tag,
    summary: 'Order the custom fields: the ids given first, in that order, the others after them',
    access: office,
    async handler({ body, mutate }) {
      return ok(await mutate((tx, audit) => reorderDefinitions(tx, audit, body.ids)), 'Order saved');
    },
  }),
  route({
    call: profileCalls.customFieldsDelete,
    tag,
    summary: 'Delete a custom field nobody holds a value of; one with values is refused (409): retire it instead',
    access: office,
    async handler({ query, mutate }) {
      await mutate((tx, audit) => deleteDefinition(tx, audit, query.id));
      return ok(null, 'Field deleted');
    },
  }),
  route({
    call: profileCalls.customFieldsGetValues,
    tag,
    summary: "A person's custom fields the caller sees, with their values and whether the caller may change each",
    access: readAccess('userId'),
    async handler({ query, caller, services }) {
      return ok(await valuesOf(services.database.db, caller!, query.userId));
    },
  }),
  route({
    call: profileCalls.customFieldsSaveValues,
    tag,
    summary:
      "Save a person's custom field values (Values: field id to value, null clears), each checked by its type; a member keeps the fields for everyone on their own profile, the office every field",
    access: editAccess,
    async handler({ body, caller, mutate }) {
      return ok(await mutate((tx, audit) => saveValues(tx, audit, caller!, body.userId, body.values)), 'Fields saved');
    },
  }),
];
