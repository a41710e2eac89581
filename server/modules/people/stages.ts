import { asc, desc, eq, sql } from 'drizzle-orm';
import { latestToday } from '@/domain/common/dates.js';
import { stageFits, type Stage, type StagePeriod } from '@/domain/people/stages.js';
import type { Db, Tx } from '@/server/db/client.js';
import { memberStages } from '@/server/db/schema/index.js';
import { lockedUser } from '@/server/engines/profileAccess.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest } from '@/server/http/errors.js';

/*
 * A person's stage and its history (docs/decisions 0210): each change adds a period; nothing is
 * rewritten. The member directory's stage follows through its trigger on member_stages.
 */

/** The periods of a person, newest first, each ending where the next began. */
export async function stagePeriods(db: Db | Tx, userId: string): Promise<StagePeriod[]> {
  const rows = await db
    .select()
    .from(memberStages)
    .where(eq(memberStages.userId, userId))
    .orderBy(asc(memberStages.startedOn), asc(memberStages.createdAt));
  return rows
    .map((r, i) => ({
      id: r.id,
      stage: r.stage,
      startedOn: r.startedOn,
      endedOn: rows[i + 1]?.startedOn ?? null,
      setBy: r.setBy,
      createdAt: r.createdAt.toISOString(),
    }))
    .reverse();
}

async function currentPeriod(tx: Tx, userId: string) {
  const [row] = await tx
    .select()
    .from(memberStages)
    .where(eq(memberStages.userId, userId))
    .orderBy(desc(memberStages.startedOn), desc(memberStages.createdAt))
    .limit(1);
  return row;
}

type Change = { userId: string; stage: Stage; startedOn?: string };

/**
 * The office's change of a person's stage: from startedOn (today, UTC+14 as every "not in the
 * future" date, when left out), never before the current period began, and only a stage the
 * account fits (member and beyond come through the conversion of a first-timer).
 */
export async function changeStage(tx: Tx, audit: (entry: AuditEntry) => void, change: Change, actorId: string) {
  const user = await lockedUser(tx, change.userId);
  if (!stageFits(change.stage, user.isFirstTimer)) {
    throw badRequest(
      user.isFirstTimer
        ? 'A first-timer becomes a member by conversion: convert them first'
        : `A converted member cannot be put back to ${change.stage}`,
      { stage: ['Not a stage this person can be in'] },
    );
  }
  const startedOn = change.startedOn ?? latestToday();
  const current = await currentPeriod(tx, user.id);
  if (current && startedOn < current.startedOn) {
    throw badRequest(`Start date cannot be before ${current.startedOn}, when the current stage began`, {
      startedOn: ['Before the current stage began'],
    });
  }
  if (current?.stage === change.stage) throw badRequest(`${user.email} is already a ${change.stage}`, { stage: ['Already this stage'] });
  const [period] = await tx.insert(memberStages).values({ userId: user.id, stage: change.stage, startedOn, setBy: actorId }).returning();
  audit({
    action: 'changeStage',
    entity: 'memberStage',
    entityId: period.id,
    subjectId: user.id,
    before: current ? { stage: current.stage, startedOn: current.startedOn } : null,
    after: { userId: user.id, stage: period.stage, startedOn: period.startedOn },
  });
  return period;
}

/** The member stage of people just converted, from today: one statement however many (conversion's transaction). */
export async function recordMemberStage(tx: Tx, ids: string[], actorId: string | null) {
  await tx.execute(sql`insert into ${memberStages} (user_id, stage, started_on, set_by)
    select u, 'member', ${latestToday()}::date, ${actorId}::uuid from unnest(${sql.param(ids)}::uuid[]) as u`);
}
