import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { attendanceSchema, InviteOutcome, meetingSchema, meetingUpdateSchema } from '@/domain/meetings/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { qualified } from '@/server/db/queries.js';
import {
  churchAffiliations,
  departments,
  meetingInvitees,
  meetings,
  memberDirectory as md,
  userDepartments,
} from '@/server/db/schema/index.js';
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
 * The people a caller may invite one by one (docs/decisions/0236), as a condition on
 * member_directory: whoever their lists show (the listing rule, 0199), and everyone of the rosters
 * they serve, listed or not, as those rosters show them: the departments they head and the CIH
 * center where they hold a role. The composer's reach is the same (a head writes to their
 * department, a pastor to their center), and so is /privacy's promise.
 */
function invitableBy(caller: Caller): SQL | undefined {
  const listed = listedFor(caller, md.userId);
  if (!listed) return undefined;
  const headed = sql`${md.userId} in (select ${qualified(userDepartments.userId)} from ${userDepartments}
    inner join ${departments} on ${qualified(departments.id)} = ${qualified(userDepartments.departmentId)}
    where ${qualified(departments.hodId)} = ${caller.id})`;
  const led = sql`${md.centerId} in (select ${qualified(churchAffiliations.centerId)} from ${churchAffiliations}
    where ${qualified(churchAffiliations.userId)} = ${caller.id} and coalesce(${qualified(churchAffiliations.cihRole)}, '') <> '')`;
  return or(listed, headed, led);
}

/**
 * Adds people chosen elsewhere (a list's selection, docs/decisions/0214, 0229) to a meeting the
 * caller may change, each told, and says who was left out and why (docs/decisions/0236): those
 * whose account is disabled or who are archived, and those the caller may not invite (someone
 * who said no to listing outside the caller's own department or center). Nobody invitable is a
 * refusal. Those already invited are not told again.
 */
export async function inviteChosen(tx: Tx, audit: Audit, caller: Caller, meetingId: string, userIds: string[]): Promise<InviteOutcome> {
  const meeting = await ownMeeting(tx, caller, meetingId);
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const reached = await tx
    .select({ id: md.userId, active: sql<boolean>`not ${md.disabled} and not ${md.archived}` })
    .from(md)
    .where(and(inArray(md.userId, ids), invitableBy(caller)));
  const invitable = reached.filter((r) => r.active).map((r) => r.id);
  const leftOut = { inactive: reached.length - invitable.length, outOfReach: ids.length - reached.length };
  if (invitable.length === 0 && leftOut.outOfReach > 0) {
    throw forbidden('None of the people chosen is someone you may invite; nobody was invited');
  }
  if (invitable.length === 0) throw badRequest('The people chosen have disabled or archived accounts; nobody was invited');
  const added = await invite(tx, audit, caller, meeting, { inviteeIds: invitable });
  return { added: added.length, alreadyInvited: invitable.length - added.length, leftOut };
}

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/** The invitation's answer in words: who was invited, and who was left out and why. */
export function inviteMessage({ added, alreadyInvited, leftOut }: InviteOutcome): string {
  const parts = [`${people(added)} invited`];
  if (alreadyInvited) parts.push(`${alreadyInvited} already invited`);
  if (leftOut.inactive) parts.push(`${people(leftOut.inactive)} left out: disabled or archived`);
  if (leftOut.outOfReach) parts.push(`${people(leftOut.outOfReach)} left out: not someone you may invite`);
  return parts.join('; ');
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
