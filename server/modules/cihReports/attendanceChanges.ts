import { eq } from 'drizzle-orm';
import type { AttendanceValues } from '@/domain/cihReports/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { cihMeetings } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
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

/** Takes the attendance; a second one on the same date updates that meeting. Answers its id and whether it updated. */
export async function takeAttendance(tx: Tx, audit: Audit, caller: Caller, body: AttendanceValues) {
  const scope = await scopeOf(tx, caller);
  await centerOf(tx, body.centerId);
  assertWrites(scope, body.centerId);
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
