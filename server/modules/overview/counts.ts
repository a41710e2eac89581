import { and, count, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { biodata, departments, users, zones } from '@/server/db/schema/index.js';

/** The overview's counts: members, first-timers, departments and zones. Archived (demise) and disabled people drop out. */
export async function overviewCounts(db: Db) {
  const people = (firstTimer: boolean) =>
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(biodata, eq(biodata.userId, users.id))
      .where(and(eq(users.isFirstTimer, firstTimer), eq(users.disabled, false), eq(biodata.demise, false)));
  const [[members], [firstTimers], [depts], [zoneCount]] = await Promise.all([
    people(false),
    people(true),
    db.select({ n: count() }).from(departments),
    db.select({ n: count() }).from(zones),
  ]);
  return { members: members.n, firstTimers: firstTimers.n, departments: depts.n, zones: zoneCount.n };
}
