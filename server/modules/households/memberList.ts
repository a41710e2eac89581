import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { householdMembers, households, memberDirectory as md } from '@/server/db/schema/index.js';
import { memberSearch, searchPattern } from '@/server/engines/memberList.js';

/** The household in the member list: its search and its export column (docs/decisions/0213-households.md). */

/**
 * The member list's extra field household: each row's family name, through household_members' unique
 * index on person. The kept lines hold the same (migration 0054_member_summaries, member_summaries_of): change both.
 */
export const householdExtra = {
  household: sql<string | null>`(select h.name from ${householdMembers} hm join ${households} h on h.id = hm.household_id
    where hm.user_id = ${md.userId})`,
};

/**
 * Search that also finds the members of a family whose name holds the term; undefined when no
 * family's name does (the list's own search, and its kept totals, then stand as they are).
 * Households are few beside people, so their names are read without an index.
 */
export async function familySearch(db: Db, term: string | undefined): Promise<SQL | undefined> {
  if (!term) return undefined;
  const named = sql`flock_fold(${households.name}) like ${searchPattern(term)}`;
  const [hit] = await db.select({ id: households.id }).from(households).where(named).limit(1);
  if (!hit) return undefined;
  return sql`(${memberSearch(term)} or ${md.userId} in (select hm.user_id from ${householdMembers} hm
    join ${households} on ${households.id} = hm.household_id where ${named}))`;
}
