import type { SQL } from 'drizzle-orm';
import { savedListFilterParams } from '@/domain/people/savedLists.js';
import { selectionField, tagFilterField } from '@/domain/people/tags.js';
import type { Db } from '@/server/db/client.js';
import { customFieldCondition, customFilterParams } from '@/server/engines/customFieldFilter.js';
import { isChurchMember, memberFilters, memberQuerySchema, visibleTo } from '@/server/engines/memberList.js';
import type { Caller } from '@/server/http/access.js';
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
