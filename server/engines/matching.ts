import { and, count, type SQL } from 'drizzle-orm';
import { MAX_MATCHING, type MatchingPeople } from '@/domain/people/savedLists.js';
import type { Db } from '@/server/db/client.js';
import { memberDirectory as md } from '@/server/db/schema/index.js';
import { badRequest } from '@/server/http/errors.js';
import { memberSearch } from './memberList.js';

/**
 * 'Select all that match' of a list of people (docs/decisions/0214, 0229): every person the
 * list's own conditions and search keep, by id, so the actor sees whom an action takes and each
 * action checks them again. At most MAX_MATCHING, so an action on them stays one bounded
 * transaction; beyond, a 400 naming how many match (nothing is cut silently).
 */
export async function matchingPeople(db: Db, where: () => Array<SQL | undefined>, search?: string): Promise<MatchingPeople> {
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
