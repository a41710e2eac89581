import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { existingUser } from '@/server/engines/profileAccess.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { allTags, applyTag, createTag, deleteTag, tagsOf, updateTag } from './tags.js';

/** Tags on people (docs/decisions/0212-tags-and-bulk-actions.md): the office keeps them; member list readers see them. */

const office = { permission: P.manageTags };
/** Who sees tags: the office, and whoever reads the member list (its tag column and filter). */
const readers = { permission: [P.manageTags, P.viewMembers, P.viewCihManagement, P.viewAttendance] };
const tag = 'Tags';

export const tagRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getTags,
    tag,
    summary: '(added) Every tag by name, with its colour and how many people hold it',
    access: readers,
    async handler({ services }) {
      return ok(await allTags(services.database.db));
    },
  }),
  route({
    call: peopleCalls.createTag,
    tag,
    summary: '(added) Define a tag: a name unique without case, an optional colour of the palette',
    access: office,
    async handler({ body, mutate }) {
      return ok(await mutate((tx, audit) => createTag(tx, audit, body)), 'Tag added');
    },
  }),
  route({
    call: peopleCalls.updateTag,
    tag,
    summary: '(added) Rename a tag or change its colour',
    access: office,
    async handler({ body, mutate }) {
      return ok(await mutate((tx, audit) => updateTag(tx, audit, body)), 'Tag saved');
    },
  }),
  route({
    call: peopleCalls.deleteTag,
    tag,
    summary: '(added) Delete a tag: it comes off everyone who held it',
    access: office,
    async handler({ query, mutate }) {
      await mutate((tx, audit) => deleteTag(tx, audit, query.id));
      return ok(null, 'Tag deleted');
    },
  }),
  route({
    call: peopleCalls.applyTag,
    tag,
    summary:
      "(added) Add or remove one tag on up to 1,000 people of the caller's lists (church members; first-timers too for whoever reads the first-timers' or the users' list), all or none: anyone not in them, or hidden from the caller, refuses the whole call (403); audited once with the count",
    access: office,
    async handler({ body, caller, mutate }) {
      const result = await mutate((tx, audit) => applyTag(tx, audit, caller!, body));
      return ok(result, body.action === 'add' ? 'Tag added to the people chosen' : 'Tag removed from the people chosen');
    },
  }),
  route({
    call: peopleCalls.getPersonTags,
    tag,
    summary: "(added) A person's tags, for the office and whoever reads the member list and profiles",
    access: { permission: [P.manageTags, P.viewMembers] },
    async handler({ query, services }) {
      const db = services.database.db;
      await existingUser(db, query.userId);
      return ok(await tagsOf(db, query.userId));
    },
  }),
];
