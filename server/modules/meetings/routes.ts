import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { meetingFilters } from '@/domain/meetings/schemas.js';
import { P } from '@/domain/roles/permissions.js';
import { meetingsCalls } from '@/domain/meetings/calls.js';
import { ok } from '@/server/http/envelope.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { scopedReads } from '@/server/engines/scopedReads.js';
import {
  createMeeting,
  deleteMeeting,
  inviteChosen,
  inviteMessage,
  markAttendance,
  MEETING_NOT_FOUND,
  removeInvitees,
  updateMeeting,
} from './changes.js';
import { inviteeChoices, meetingDetail, meetingPage, type MeetingListQuery } from './view.js';

/**
 * Meetings under /Meeting/: called by those who may create them, seen by the people
 * invited (told through an inbox notification), with minutes, action items and attendance kept
 * by whoever called the meeting or the church office.
 */

const tag = 'Meetings';

export async function meetingsModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...scopedReads({
      calls: { list: meetingsCalls.getAll, one: meetingsCalls.getById },
      tag,
      access: { permission: P.viewMeetings },
      summaries: {
        list: 'Meetings the caller called or is invited to (all, for CAN_DELETE_MEETINGS): filters Kind, Upcoming, From, To; Search over title and venue; sorts startsAt, title, kind, createdAt',
        one: 'One meeting with its agenda, minutes, action items and invitees with their attendance',
      },
      query: listQuery(meetingFilters, PAGE_SIZE_CAP) as z.ZodType<MeetingListQuery>,
      page: meetingPage,
      one: meetingDetail,
      notFound: MEETING_NOT_FOUND,
    }),
    route({
      call: meetingsCalls.create,
      tag,
      summary:
        'Call a meeting and invite people (InviteeIds), a department (InviteDepartmentId) and a role (InviteRole); each invitee is notified',
      access: { permission: P.createMeetings },
      async handler({ body, caller, mutate }) {
        const created = await mutate((tx, audit) => createMeeting(tx, audit, caller!, body));
        return ok(created, 'Meeting saved');
      },
    }),
    route({
      call: meetingsCalls.update,
      tag,
      summary: 'Change the details, minutes and action items; new invitees are added and notified (the one who called it or the office)',
      access: { permission: P.updateMeetings },
      async handler({ body, caller, mutate }) {
        const updated = await mutate((tx, audit) => updateMeeting(tx, audit, caller!, body));
        return ok(updated, 'Meeting saved');
      },
    }),
    route({
      call: meetingsCalls.markAttendance,
      tag,
      summary: '(added) Mark who of the invitees attended (the one who called the meeting or the office)',
      access: { permission: P.updateMeetings },
      async handler({ body, caller, mutate }) {
        await mutate((tx, audit) => markAttendance(tx, audit, caller!, body));
        return ok(null, 'Attendance saved');
      },
    }),
    route({
      call: meetingsCalls.removeInvitees,
      tag,
      summary:
        '(added) Take people off the invitation (not the one who called it), each told in their inbox (the one who called the meeting or the office)',
      access: { permission: P.updateMeetings },
      async handler({ body, caller, mutate }) {
        const removed = await mutate((tx, audit) => removeInvitees(tx, audit, caller!, body.meetingId, body.userIds));
        return ok({ removed }, removed.length === 1 ? 'Invitee removed' : `${removed.length} invitees removed`);
      },
    }),
    route({
      call: meetingsCalls.invite,
      tag,
      summary:
        "(added) Invite people chosen elsewhere (a list's selection, up to 1,000), each told, on a meeting the caller called (or the office); those the caller may not invite (said no to listing, outside the departments they head and the center they lead) and the disabled or archived are left out and counted, and nobody invitable is a refusal",
      access: { permission: P.updateMeetings },
      async handler({ body, caller, mutate }) {
        const outcome = await mutate((tx, audit) => inviteChosen(tx, audit, caller!, body.meetingId, body.userIds));
        return ok(outcome, inviteMessage(outcome));
      },
    }),
    route({
      call: meetingsCalls.getInviteeChoices,
      tag,
      summary: '(added) People to invite by name or email (Search), names only: for whoever calls or changes meetings',
      access: { permission: [P.createMeetings, P.updateMeetings] },
      query: listQuery({}, 50),
      handler: async ({ query, caller, services }) => inviteeChoices(services.database.db, caller!, query),
    }),
    route({
      call: meetingsCalls.delete,
      tag,
      summary: 'Remove a meeting (the one who called it, or the office)',
      access: { permission: [P.createMeetings, P.deleteMeetings] },
      async handler({ query, caller, mutate }) {
        await mutate((tx, audit) => deleteMeeting(tx, audit, caller!, query.id));
        return ok(null, 'Meeting deleted');
      },
    }),
  ]);
}
