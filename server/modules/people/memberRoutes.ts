import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { cursorParam } from '@/server/engines/keyset.js';
import { listQuery } from '@/server/engines/list.js';
import { isArchived, isChurchMember, memberFilters, memberPage, memberQuerySchema, visibleTo } from '@/server/engines/memberList.js';
import { seesUnlisted } from '@/server/engines/listing.js';
import { customFieldCondition, customFieldValuesExtra, customFilterParams } from '@/server/engines/customFieldFilter.js';
import { customSortedPage, customSortField } from '@/server/engines/customFieldSort.js';

import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { setDemise } from './demise.js';
import { selectedPeople, tagCondition, tagsExtra } from './tags.js';
import { selectionField, tagFilterField } from '@/domain/people/tags.js';
import type { Db } from '@/server/db/client.js';
import type { Caller } from '@/server/http/access.js';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { avatarExtra } from './directory.js';

/** The member list's query: its filters, the custom-field filter, tags and the selection (Id). */
export const memberListQuery = memberQuerySchema.extend({ ...customFilterParams, tag: tagFilterField, id: selectionField });

/**
 * The member list's conditions but the listing rule, which each caller of this applies as its
 * own answer needs (the list: the caller's rule; the printed directory: for everyone).
 */
export async function memberListConditions(db: Db, caller: Caller, query: z.infer<typeof memberListQuery>) {
  // Read at each call: the allowlist of fields follows the definitions and the caller's rights.
  const custom = await customFieldCondition(db, caller, query);
  // Tags: the people holding every tag named (docs/decisions/0212).
  const tagged = await tagCondition(db, query.tag);
  return (): Array<SQL | undefined> => [isChurchMember, ...memberFilters(db, query), custom, tagged, selectedPeople(query.id)];
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
      'Church members (not first-timers, not archived) as member summaries: search, filters (a custom field the caller sees too: CustomField with CustomValue, one or more, or CustomFrom and CustomTo), sort (SortBy custom:<field id> sorts by a custom field the caller sees, those without a value last) and paging; WithCustomFields=true adds to each row the values of the custom fields the caller sees (customFields, by field id); every row has its tags (id, name, colour) and avatar (the version of their photo for GetAvatarThumbnail, null without one)',
    access: { permission: [P.viewMembers, P.viewCihManagement, P.viewAttendance] },
    query: memberListQuery,
    handler: async ({ query, caller, services }) => {
      const db = services.database.db;
      const conditions = await memberListConditions(db, caller!, query);
      // The export's custom columns: the values of the fields the caller sees (docs/decisions/0209).
      const values = query.withCustomFields === 'true' ? customFieldValuesExtra(caller!) : undefined;
      const where = () => [...conditions(), visibleTo(caller!)];
      // Each row's tags, and its avatar's version for the photo column (docs/decisions/0215).
      const extra = () => ({ ...tagsExtra, ...avatarExtra, ...values?.extra });
      // SortBy 'custom:<field id>': a field the caller sees, read at each call (docs/decisions/0209).
      const sortField = await customSortField(db, caller!, query.sortBy);
      if (sortField) return customSortedPage(db, query, sortField, { where: where(), extra: extra() });
      return memberPage(db, query, { scope: `members ${seesUnlisted(caller!)} ${values?.tier ?? ''}`, where, extra });
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
