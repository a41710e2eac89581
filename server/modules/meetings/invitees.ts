import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Localized } from '@/domain/common/languages.js';
import { sayMoment } from '@/domain/common/localeFormat.js';
import { CIH_ROLES } from '@/domain/roles/roles.js';
import type { Tx } from '@/server/db/client.js';
import { churchAffiliations, meetingInvitees, roles, userDepartments, userRoles, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest } from '@/server/http/errors.js';
import { notify } from '@/server/modules/notifications/notify.js';

type Invite = { inviteeIds: string[]; inviteDepartmentId?: string; inviteRole?: string };
type Meeting = { id: string; title: string; startsAt: Date; venue: string | null };

const isCihRole = (role: string): boolean => (CIH_ROLES as readonly string[]).includes(role.toLowerCase());

/**
 * The people an invitation names: the ids given, a department's members, a role's holders;
 * active accounts only. A CIH role (cihpastor, cihcoordinator) is held through a church
 * affiliation, not a platform role, so its holders are read from both.
 */
async function resolve(tx: Tx, invite: Invite): Promise<string[]> {
  const ids = new Set(invite.inviteeIds);
  if (invite.inviteDepartmentId) {
    const rows = await tx
      .select({ id: userDepartments.userId })
      .from(userDepartments)
      .where(eq(userDepartments.departmentId, invite.inviteDepartmentId));
    rows.forEach((r) => ids.add(r.id));
  }
  if (invite.inviteRole) {
    const rows = await tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.name, invite.inviteRole));
    rows.forEach((r) => ids.add(r.id));
    if (isCihRole(invite.inviteRole)) {
      const held = await tx
        .select({ id: churchAffiliations.userId })
        .from(churchAffiliations)
        .where(sql`lower(${churchAffiliations.cihRole}) = ${invite.inviteRole.toLowerCase()}`);
      held.forEach((r) => ids.add(r.id));
    }
  }
  if (ids.size === 0) return [];
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.disabled, false)));
  return active.map((u) => u.id);
}

/** Tells each person (but the caller) of the change in their inbox. */
async function tellInvitees(
  tx: Tx,
  audit: (e: AuditEntry) => void,
  caller: Caller,
  meeting: Meeting,
  people: Array<{ userId: string }>,
  body: Localized,
  link?: string,
) {
  for (const { userId } of people) {
    if (userId === caller.id) continue;
    await notify(tx, audit, {
      recipientId: userId,
      senderId: caller.id,
      kind: 'message',
      title: { en: `Meeting: ${meeting.title}`, fr: `Réunion : ${meeting.title}` },
      body,
      link,
    });
  }
}

/**
 * Takes people off the invitation and tells each of them, in the change's transaction. The one
 * who called the meeting stays on it. Answers who was removed.
 */
export async function uninvite(
  tx: Tx,
  audit: (e: AuditEntry) => void,
  caller: Caller,
  meeting: Meeting & { createdBy: string | null },
  userIds: string[],
) {
  if (meeting.createdBy && userIds.includes(meeting.createdBy)) throw badRequest('The one who called the meeting stays invited');
  const removed = await tx
    .delete(meetingInvitees)
    .where(and(eq(meetingInvitees.meetingId, meeting.id), inArray(meetingInvitees.userId, userIds)))
    .returning({ userId: meetingInvitees.userId });
  await tellInvitees(tx, audit, caller, meeting, removed, {
    en: `You are no longer invited to ${meeting.title} on ${sayMoment(meeting.startsAt, 'en')}.`,
    fr: `Vous n’êtes plus invité à ${meeting.title} le ${sayMoment(meeting.startsAt, 'fr')}.`,
  });
  if (removed.length)
    audit({ action: 'uninvite', entity: 'meeting', entityId: meeting.id, before: { invited: removed.map((r) => r.userId) } });
  return removed.map((r) => r.userId);
}

/** Adds the people not yet invited and tells each of them, in the change's transaction. */
export async function invite(tx: Tx, audit: (e: AuditEntry) => void, caller: Caller, meeting: Meeting, names: Invite) {
  const people = await resolve(tx, names);
  if (people.length === 0) return [];
  const added = await tx
    .insert(meetingInvitees)
    .values(people.map((userId) => ({ meetingId: meeting.id, userId })))
    .onConflictDoNothing()
    .returning({ userId: meetingInvitees.userId });
  const where = (at: string) => (meeting.venue ? ` ${at} ${meeting.venue}` : '');
  const words = {
    en: `You are invited to ${meeting.title} on ${sayMoment(meeting.startsAt, 'en')}${where('at')}.`,
    fr: `Vous êtes invité à ${meeting.title} le ${sayMoment(meeting.startsAt, 'fr')}${where('à')}.`,
  };
  await tellInvitees(tx, audit, caller, meeting, added, words, '/meetings');
  if (added.length) audit({ action: 'invite', entity: 'meeting', entityId: meeting.id, after: { invited: added.map((a) => a.userId) } });
  return added.map((a) => a.userId);
}
