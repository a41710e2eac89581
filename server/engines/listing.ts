import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { memberDirectory as md } from '@/server/db/schema/index.js';
import type { Db } from '@/server/db/client.js';
import type { Caller } from '@/server/http/access.js';

/**
 * The one listing rule (docs/decisions/0199-one-listing-rule.md): a person whose newest
 * 'listing' consent is a no (member_directory.hidden_from_leaders, kept by a trigger on
 * consents) is in no list, picker, search or export of a caller without
 * CAN_UPDATE_OTHER_MEMBERS. Those who keep other people's records (administrators) see everyone;
 * a department's and a center's own rosters show all their people (their leaders serve them
 * there). Every answer that lists people takes its condition from here.
 */

/** Whether a caller's lists hold those who said no to listing. */
export const seesUnlisted = (caller: Caller) => caller.permissions.has(P.updateOtherMembers);

/**
 * "The person whose users id is `userId` did not say no to listing": an anti-join through the
 * directory's partial index of the few who did, so the lists' scans stay index-only.
 */
export const notUnlisted = (userId: SQLWrapper): SQL =>
  sql`not exists (select from ${md} hidden where hidden.user_id = ${userId} and hidden.hidden_from_leaders)`;

/** The rule as a list's condition on the column holding each row's person: none for those who see everyone. */
export const listedFor = (caller: Caller, userId: SQLWrapper): SQL | undefined => (seesUnlisted(caller) ? undefined : notUnlisted(userId));

/** Whether this one person said no to listing (for a call about one person that a list names). */
export async function isUnlisted(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: md.userId })
    .from(md)
    .where(and(eq(md.userId, userId), eq(md.hiddenFromLeaders, true)));
  return rows.length > 0;
}
