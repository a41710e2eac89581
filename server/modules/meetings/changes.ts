import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { attendanceSchema, meetingSchema, meetingUpdateSchema } from '@/domain/meetings/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { meetingInvitees, meetings, users } from '@/server/db/schema/index.js';
import { listedFor } from '@/server/engines/listing.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { invite, uninvite } from './invitees.js';
import { seesAllMeetings } from './view.js';

/** Calling, changing and removing meetings: each change by the one who called the meeting or the office. */

type Audit = (e: AuditEntry) => void;
export const MEETING_NOT_FOUND = 'Meeting not found';

/** The meeting, for a change by the one who called it or the office. */
async function ownMeeting(tx: Tx, caller: Caller, id: string) {
  const [row] = await tx.select().from(meetings).where(eq(meetings.id, id));
  if (!row) throw notFound(MEETING_NOT_FOUND);
  if (row.createdBy !== caller.id && !seesAllMeetings(caller))
    throw forbidden('Only the one who called this meeting or the church office changes it');
  return row;
}

/** Calls a meeting: the caller is its first invitee, then the people, department and role named. */
export async function createMeeting(tx: Tx, audit: Audit, caller: Caller, body: z.output<typeof meetingSchema>) {
  const { inviteeIds, inviteDepartmentId, inviteRole, ...fields } = body;
  const [row] = await tx
    .insert(meetings)
    .values({ ...fields, venue: fields.venue ?? null, createdBy: caller.id })
    .returning();
  audit({ action: 'create', entity: 'meeting', entityId: row.id, after: row });
  await tx.insert(meetingInvitees).values({ meetingId: row.id, userId: caller.id }).onConflictDoNothing();
  await invite(tx, audit, caller, row, { inviteeIds, inviteDepartmentId, inviteRole });
  return row;
}

/** Changes the details, minutes and action items; new invitees are added. */
export async function updateMeeting(tx: Tx, audit: Audit, caller: Caller, body: z.output<typeof meetingUpdateSchema>) {
  const before = await ownMeeting(tx, caller, body.id);
  const { id, inviteeIds, inviteDepartmentId, inviteRole, ...fields } = body;
  const [row] = await tx
    .update(meetings)
    .set({ ...fields, venue: fields.venue ?? null, minutes: fields.minutes ?? null, updatedAt: new Date() })
    .where(eq(meetings.id, id))
    .returning();
  audit({ action: 'update', entity: 'meeting', entityId: id, before, after: row });
  await invite(tx, audit, caller, row, { inviteeIds, inviteDepartmentId, inviteRole });
  return row;
}

/** Marks who of the invitees attended; anyone not invited is a 400. */
export async function markAttendance(tx: Tx, audit: Audit, caller: Caller, body: z.output<typeof attendanceSchema>) {
  await ownMeeting(tx, caller, body.meetingId);
  const ids = body.attendance.map((a) => a.userId);
  if (ids.length === 0) return;
  const ofMeeting = (userIds: string[]) => and(eq(meetingInvitees.meetingId, body.meetingId), inArray(meetingInvitees.userId, userIds));
  const invited = await tx.select({ userId: meetingInvitees.userId }).from(meetingInvitees).where(ofMeeting(ids));
  if (invited.length !== new Set(ids).size) throw badRequest('Attendance is marked for invitees only');
  for (const attended of [true, false]) {
    const these = body.attendance.filter((a) => a.attended === attended).map((a) => a.userId);
    if (these.length) await tx.update(meetingInvitees).set({ attended }).where(ofMeeting(these));
  }
  audit({ action: 'attendance', entity: 'meeting', entityId: body.meetingId, after: body.attendance });
}

/**
 * Adds people chosen elsewhere (the member list's selection, docs/decisions/0214) to a meeting the
 * caller may change, each told. All or none: anyone disabled, or hidden from the caller by the
 * listing rule, refuses the whole call. Answers who was added (those already invited are not).
 */
export async function inviteChosen(tx: Tx, audit: Audit, caller: Caller, meetingId: string, userIds: string[]) {
  const meeting = await ownMeeting(tx, caller, meetingId);
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.disabled, false), listedFor(caller, users.id)));
  const missing = ids.length - n;
  if (missing > 0) {
    const whom = missing === 1 ? '1 of the people chosen is' : `${missing} of the people chosen are`;
    throw forbidden(`${whom} not someone you may invite; nobody was invited`);
  }
  return invite(tx, audit, caller, meeting, { inviteeIds: ids });
}

/** Takes people off the invitation; answers who was removed. */
export async function removeInvitees(tx: Tx, audit: Audit, caller: Caller, meetingId: string, userIds: string[]) {
  const meeting = await ownMeeting(tx, caller, meetingId);
  return uninvite(tx, audit, caller, meeting, userIds);
}

export async function deleteMeeting(tx: Tx, audit: Audit, caller: Caller, id: string) {
  const before = await ownMeeting(tx, caller, id);
  await tx.delete(meetings).where(eq(meetings.id, id));
  audit({ action: 'delete', entity: 'meeting', entityId: before.id, before });
}
