import { z } from 'zod';
import { calendarDate, dateTime } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';

/** Meetings: who is invited, what is on the agenda, what was decided and who does what by when. */

export const MEETING_KINDS = ['department', 'zone', 'leadership', 'other'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

export const actionItemSchema = z.object({
  text: z.string().trim().min(1, 'An action item says what is to be done').max(500),
  ownerId: idField('Owner').optional(),
  dueDate: calendarDate('Due date').optional(),
  done: z.boolean().default(false),
});
export type ActionItem = z.output<typeof actionItemSchema>;

/** Who is invited: people by id, every member of a department, every holder of a platform role. */
const inviteesShape = {
  inviteeIds: z.array(idField('Invitee')).max(2000).default([]),
  inviteDepartmentId: idField('InviteDepartmentId').optional(),
  inviteRole: z.string().trim().max(60).optional(),
};

const meetingShape = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  kind: z.enum(MEETING_KINDS, { error: `Kind must be one of: ${MEETING_KINDS.join(', ')}` }),
  startsAt: dateTime('StartsAt', 'StartsAt must be a time'),
  durationMinutes: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  venue: z.string().trim().max(300).optional(),
  agenda: z.array(z.string().trim().min(1).max(500)).max(100).default([]),
};

export const meetingSchema = z.object({ ...meetingShape, ...inviteesShape });

/** PUT /Meeting/Update: the details, the minutes and the action items; new invitees are added and told. */
export const meetingUpdateSchema = z.object({
  id: idField(),
  ...meetingShape,
  ...inviteesShape,
  minutes: z.string().max(50_000).optional(),
  actionItems: z.array(actionItemSchema).max(200).default([]),
});

export const attendanceSchema = z.object({
  meetingId: idField('MeetingId'),
  attendance: z.array(z.object({ userId: idField('UserId'), attended: z.boolean() })).max(2000),
});

/** POST /Meeting/Invite: people chosen elsewhere (a list's selection) added to a meeting; who may not be invited is left out and counted. */
export const inviteSchema = z.object({
  meetingId: idField('MeetingId'),
  userIds: z.array(idField('UserIds')).min(1, 'Select at least one person').max(1000, 'At most 1000 people at once'),
});

/**
 * What POST /Meeting/Invite did (docs/decisions/0236): how many it added, how many of those it
 * could invite already were, and how many it left out: their account disabled or archived, or not
 * someone the caller may invite (said no to listing, outside the caller's own department or center).
 */
export type InviteOutcome = { added: number; alreadyInvited: number; leftOut: { inactive: number; outOfReach: number } };

export const removeInviteesSchema = z.object({
  meetingId: idField('MeetingId'),
  userIds: z.array(idField('UserIds')).min(1, 'Name at least one invitee to remove').max(500),
});

export const meetingFilters = {
  kind: z.enum(MEETING_KINDS, { error: `Kind must be one of: ${MEETING_KINDS.join(', ')}` }).optional(),
  upcoming: z.stringbool({ error: 'Upcoming must be true or false' }).optional(),
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
};
