import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { cursorParam } from '@/server/engines/keyset.js';
import { listQuery } from '@/server/engines/list.js';
import { isArchived, memberPage } from '@/server/engines/memberList.js';
import { seesUnlisted } from '@/server/engines/listing.js';
import { customFieldValuesExtra } from '@/server/engines/customFieldFilter.js';
import { asksCustomSort, customSortedPage, customSortField } from '@/server/engines/customFieldSort.js';
import { matchingPeople } from '@/server/engines/matching.js';

import type { Db } from '@/server/db/client.js';
import type { Caller } from '@/server/http/access.js';
import { ok, type JsonEnvelope } from '@/server/http/envelope.js';
import { keptAnswer, permissionScope, type VersionSlot } from '@/server/engines/listAnswers.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { setDemise } from './demise.js';
import { tagsExtra } from './tags.js';
import { MAX_MATCHING } from '@/domain/people/savedLists.js';
import { familySearch, householdExtra } from '@/server/modules/households/memberList.js';
import { listScope } from './listFilters.js';
import { memberListConditions, memberListQuery } from './memberConditions.js';
import { avatarExtra } from './directory.js';

/**
 * The member list's conditions for its pages and for 'all that match'. A family's name finds its
 * members (docs/decisions/0213): that condition then stands for the search, taken out of the query.
 */
async function listConditions(db: Db, caller: Caller, query: typeof memberListQuery._output) {
  const family = await familySearch(db, query.search);
  const q = family ? { ...query, search: undefined } : query;
  const conditions = await memberListConditions(db, caller, q);
  return { q, family, where: () => [...conditions(), family] };
}

/**
 * Whether a page of the member list reads the database before its page statement: a search looks
 * for a family (familySearch), a custom field filter or sort reads the field's definition, a tag
 * filter checks the tags. Then that statement is not the answer's first, and the version it would
 * read is no answer's (server/engines/listAnswers.ts).
 */
const readsBeforePage = (query: typeof memberListQuery._output) =>
  Boolean(query.search || query.customField || query.tag?.length || asksCustomSort(query.sortBy));

/**
 * One page of the member list for a caller, serialised (memberRoutes' GetMemberQuery); slot, given
 * when the page statement is the answer's first (readsBeforePage), receives the version it read.
 */
async function memberQueryPage(db: Db, caller: Caller, query: typeof memberListQuery._output, slot?: VersionSlot): Promise<JsonEnvelope> {
  const { q, where, family } = await listConditions(db, caller, query);
  // The export's custom columns: the values of the fields the caller sees (docs/decisions/0209).
  const values = query.withCustomFields === 'true' ? customFieldValuesExtra(caller) : undefined;
  // SortBy 'custom:<field id>': a field the caller sees, read at each call (docs/decisions/0209).
  const sortField = await customSortField(db, caller, q.sortBy);
  if (sortField) {
    const extra = { ...tagsExtra, ...householdExtra, ...avatarExtra, ...values?.extra };
    return customSortedPage(db, q, sortField, { where: where(), extra });
  }
  return memberPage(
    db,
    q,
    {
      // The family's search is in the conditions, not the query: its term names the plan.
      scope: `members ${seesUnlisted(caller)} ${values?.tier ?? ''} ${listScope(query)} ${family ? `family ${query.search}` : ''}`,
      where,
      // Each row's tags, household and photo are in its kept line (docs/decisions/0250).
      extra: () => ({ ...values?.extra }),
      stored: true,
    },
    slot,
  );
}

/**
 * The member list of the members screen (church members only, with the member query's filters:
 * server/engines/memberList.ts) and the archive of members who passed on (demise).
 */
export const memberRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getMemberQuery,
    tag: 'Church affiliation',
    summary:
      'Church members (not first-timers, not archived) as member summaries: search, filters (a custom field the caller sees too: CustomField with CustomValue, one or more, or CustomFrom and CustomTo), sort (SortBy custom:<field id> sorts by a custom field the caller sees, those without a value last) and paging; WithCustomFields=true adds to each row the values of the custom fields the caller sees (customFields, by field id); every row has its tags (id, name, colour) and the name of its household (household); search finds the members of a family by its name too; avatar is the version of the person’s photo for GetAvatarThumbnail, null without one; the answer has an ETag (it changes when anything the list shows does, or the caller’s rights), and If-None-Match with it answers 304 without a body',
    access: { permission: [P.viewMembers, P.viewCihManagement, P.viewAttendance] },
    query: memberListQuery,
    handler: ({ query, caller, services, request, reply }) => {
      const db = services.database.db;
      const answer = (slot?: VersionSlot) => memberQueryPage(db, caller!, query, slot);
      // Kept per version of what it shows (docs/decisions/0241), but for the filters that read the date.
      if (query.notSeenWeeks || query.birthdayThisMonth === 'true') return answer();
      const key = `GetMemberQuery\u0000${permissionScope(caller!)}\u0000${JSON.stringify(query)}`;
      return keptAnswer(db, key, { request, reply }, answer, !readsBeforePage(query));
    },
  }),
  route({
    call: peopleCalls.getMatchingMembers,
    tag: 'Church affiliation',
    summary: `(added) The ids of every member the member list's filters keep (its query, without paging), for an action on 'all that match': at most ${MAX_MATCHING}, a 400 naming the count beyond`,
    access: { permission: [P.viewMembers, P.viewCihManagement, P.viewAttendance] },
    query: memberListQuery,
    handler: async ({ query, caller, services }) => {
      const db = services.database.db;
      const { q, where } = await listConditions(db, caller!, query);
      return ok(await matchingPeople(db, where, q.search));
    },
  }),
  route({
    call: peopleCalls.getAllDemise,
    tag: 'Archived members',
    summary: 'Archived members (demise) as member summaries: search, the member sorts and paging',
    access: { permission: P.updateDemise },
    query: listQuery(cursorParam),
    handler({ query, services }) {
      return memberPage(services.database.db, query, { scope: 'archived', where: () => [isArchived] });
    },
  }),
  route({
    call: peopleCalls.archiveMember,
    tag: 'Archived members',
    summary: '(added) Archive a member (demise on): they leave the member lists and counts, and are never deleted',
    access: { permission: P.updateDemise },
    async handler({ query, mutate }) {
      return ok(await mutate((tx, audit) => setDemise(tx, audit, query.userId, true)), 'Member archived');
    },
  }),
  route({
    call: peopleCalls.restoreMember,
    tag: 'Archived members',
    summary: '(added) Restore an archived member (demise off): they are back in the member lists and counts',
    access: { permission: P.updateDemise },
    async handler({ query, mutate }) {
      return ok(await mutate((tx, audit) => setDemise(tx, audit, query.userId, false)), 'Member restored');
    },
  }),
];
