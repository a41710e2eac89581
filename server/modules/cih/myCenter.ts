import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { churchAffiliations, memberDirectory } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { notFound } from '@/server/http/errors.js';
import { findOne } from '@/server/engines/crud.js';
import { allMembers, isListed } from '@/server/engines/memberList.js';
import { center } from './definitions.js';

/** The caller's own CIH center from their church affiliation: its zone, members (not archived) and leaders. */
export async function myCenter(db: Db, caller: Caller) {
  const [mine] = await db
    .select({ centerId: churchAffiliations.centerId })
    .from(churchAffiliations)
    .where(eq(churchAffiliations.userId, caller.id));
  const found = mine?.centerId && (await findOne(db, center, mine.centerId));
  if (!found) throw notFound('You are not in a CIH center');
  // Everyone of the center, listed or not (docs/decisions/0199), but not the archived, who leave every list.
  const members = await allMembers(db, and(eq(memberDirectory.centerId, found.id), isListed)!);
  return { center: found, members, leaders: members.filter((m) => m.cihRole) };
}
