import { and, eq, lt, sql } from 'drizzle-orm';
import type { AttendanceValues } from '@/domain/cihReports/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { cihIdempotentSaves, cihMeetings } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { conflict } from '@/server/http/errors.js';
import { lockedMeeting, saveAttendance } from './attendance.js';
import { assertWrites, centerOf, scopeOf } from './scope.js';

/** Taking, changing and deleting a center's attendance, for the center's own leaders (or administrators). */

type Audit = (e: AuditEntry) => void;

/** A meeting's audit row keeps its figures; the marks themselves stay in their table. */
const summary = (m: {
  id: string;
  centerId: string;
  meetingDate: string;
  presentCount: number;
  membersCount: number;
  visitorCount: number;
  firstTimerCount: number;
}) => ({
  centerId: m.centerId,
  meetingDate: m.meetingDate,
  presentCount: m.presentCount,
  membersCount: m.membersCount,
  visitorCount: m.visitorCount,
  firstTimerCount: m.firstTimerCount,
});

/** The 409 of a queued save whose date's meeting was saved since the save was made (docs/decisions/0206). */
const NEWER_MEETING = 'A newer save of this meeting is on the server';

/**
 * Takes the attendance; a second one on the same date updates that meeting. Answers its id and
 * whether it updated. basedOn (a save queued offline): the updatedAt of the date's meeting the
 * save was made from, 'none' when none was known; a meeting saved since is refused with 409.
 */
export async function takeAttendance(tx: Tx, audit: Audit, caller: Caller, body: AttendanceValues, basedOn?: string) {
  const scope = await scopeOf(tx, caller);
  await centerOf(tx, body.centerId);
  assertWrites(scope, body.centerId);
  if (basedOn !== undefined) {
    const [current] = await tx
      .select({ updatedAt: cihMeetings.updatedAt })
      .from(cihMeetings)
      .where(and(eq(cihMeetings.centerId, body.centerId), eq(cihMeetings.meetingDate, body.meetingDate)))
      .for('update');
    if (current && (basedOn === 'none' || new Date(basedOn).getTime() !== current.updatedAt.getTime())) throw conflict(NEWER_MEETING);
  }
  const { before, after } = await saveAttendance(tx, body, scope, null);
  audit({
    action: before ? 'update' : 'create',
    entity: 'cihAttendance',
    entityId: after.id,
    before: before && summary(before),
    after: summary(after),
  });
  return { id: after.id, updated: Boolean(before) };
}

/** Changes a meeting's attendance; unchanged checks the stored updatedAt against the form's. */
export async function updateAttendance(
  tx: Tx,
  audit: Audit,
  caller: Caller,
  id: string,
  input: AttendanceValues,
  unchanged: (stored: Date) => void,
) {
  const scope = await scopeOf(tx, caller);
  const stored = await lockedMeeting(tx, id);
  assertWrites(scope, stored.centerId);
  unchanged(stored.updatedAt);
  const { after } = await saveAttendance(tx, input, scope, id);
  audit({ action: 'update', entity: 'cihAttendance', entityId: id, before: summary(stored), after: summary(after) });
}

/** Deletes a meeting's attendance with its marks and visitors. */
export async function deleteAttendance(tx: Tx, audit: Audit, caller: Caller, id: string) {
  const scope = await scopeOf(tx, caller);
  const before = await lockedMeeting(tx, id);
  assertWrites(scope, before.centerId);
  await tx.delete(cihMeetings).where(eq(cihMeetings.id, id));
  audit({ action: 'delete', entity: 'cihAttendance', entityId: id, before: summary(before) });
}

/**
 * Claims an idempotency key for the caller inside the save's transaction (docs/decisions/0205).
 * Answers the first answer's JSON text when the key was used before; undefined when this call is
 * the first (the row is then held until the transaction ends, so a concurrent retry waits for it
 * and, if this save fails and rolls back, claims the key itself).
 */
export async function claimKey(tx: Tx, userId: string, key: string): Promise<string | undefined> {
  const claimed = await tx
    .insert(cihIdempotentSaves)
    .values({ userId, key })
    .onConflictDoNothing()
    .returning({ key: cihIdempotentSaves.key });
  if (claimed.length) {
    // A phone retries within days; a month-old key is let go (the caller's own, by the primary key's prefix).
    await tx
      .delete(cihIdempotentSaves)
      .where(and(eq(cihIdempotentSaves.userId, userId), lt(cihIdempotentSaves.createdAt, sql`now() - interval '30 days'`)));
    return undefined;
  }
  const [first] = await tx
    .select({ answer: cihIdempotentSaves.answer })
    .from(cihIdempotentSaves)
    .where(and(eq(cihIdempotentSaves.userId, userId), eq(cihIdempotentSaves.key, key)));
  return first?.answer ?? undefined;
}

/** Keeps a claimed key's answer, in the transaction that claimed it. */
export async function keepAnswer(tx: Tx, userId: string, key: string, answer: string) {
  await tx
    .update(cihIdempotentSaves)
    .set({ answer })
    .where(and(eq(cihIdempotentSaves.userId, userId), eq(cihIdempotentSaves.key, key)));
}
