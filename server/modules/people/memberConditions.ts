import { and, count } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { MAX_MATCHING, savedListFilterParams, type MatchingPeople } from '@/domain/people/savedLists.js';
import { selectionField, tagFilterField } from '@/domain/people/tags.js';
import type { Db } from '@/server/db/client.js';
import { memberDirectory } from '@/server/db/schema/index.js';
import { customFieldCondition, customFilterParams } from '@/server/engines/customFieldFilter.js';
import { isChurchMember, memberFilters, memberQuerySchema, memberSearch, visibleTo } from '@/server/engines/memberList.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest } from '@/server/http/errors.js';
import { listFilters } from './listFilters.js';
import { selectedPeople, tagCondition } from './tags.js';

/**
 * The member list's query and conditions, one for its pages and for 'all that match' (docs/decisions
 * 0212, 0214): church members the caller may see, with every filter the list allows.
 */

export const memberListQuery = memberQuerySchema.extend({
  ...customFilterParams,
  tag: tagFilterField,
  id: selectionField,
  ...savedListFilterParams,
});
type MemberListQuery = typeof memberListQuery._output;

/**
 * The list's conditions for a caller (the search apart: the page and the count add it), built when
 * called: a page whose plan is kept does not build them (server/engines/memberList.ts).
 */
export async function memberListConditions(db: Db, caller: Caller, query: MemberListQuery): Promise<() => Array<SQL | undefined>> {
  // Read at each call: the allowlist of fields follows the definitions and the caller's rights.
  const custom = await customFieldCondition(db, caller, query);
  // Tags: the people holding every tag named (docs/decisions/0212).
  const tagged = await tagCondition(db, query.tag);
  return () => [
    isChurchMember,
    ...memberFilters(db, query),
    ...listFilters(query),
    visibleTo(caller),
    custom,
    tagged,
    selectedPeople(query.id),
  ];
}

const md = memberDirectory;

/**
 * Every member the conditions keep, by id: at most MAX_MATCHING, so an action on them stays one
 * bounded transaction; beyond, a 400 naming how many match (nothing is cut silently).
 */
export async function matchingMembers(db: Db, where: () => Array<SQL | undefined>, search?: string): Promise<MatchingPeople> {
  const condition = and(memberSearch(search), ...where());
  const rows = await db
    .select({ id: md.userId })
    .from(md)
    .where(condition)
    .limit(MAX_MATCHING + 1);
  if (rows.length > MAX_MATCHING) {
    const [{ n }] = await db.select({ n: count() }).from(md).where(condition);
    throw badRequest(
      `The filter matches ${n.toLocaleString('en-GB')} people; an action takes at most ${MAX_MATCHING.toLocaleString('en-GB')} at once: narrow the filter`,
      {
        filter: ['Too many people'],
      },
    );
  }
  return { ids: rows.map((r) => r.id), total: rows.length };
}
