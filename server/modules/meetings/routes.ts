import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { attendanceSchema, meetingFilters, meetingSchema, meetingUpdateSchema, removeInviteesSchema } from '@/domain/meetings/schemas.js';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import type { Tx } from '@/server/db/client.js';
import { meetingInvitees, meetings } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { scopedReads } from '@/server/engines/scopedReads.js';
import { invite, uninvite } from './invitees.js';
import { inviteeChoices, meetingDetail, meetingPage, seesAllMeetings, type MeetingListQuery } from './view.js';

/**
 * Meetings under /Meeting/ (API.md): called by those who may create them, seen by the people
 * invited (told through an inbox notification), with minutes, action items and attendance kept
 * by whoever called the meeting or the church office.
 */

const tag = 'Meetings';
const MEETING_NOT_FOUND = 'Meeting not found';
const idQuery = z.object({ id: idField() });

/** The meeting, for a change by the one who called it or the office. */
async function ownMeeting(tx: Tx, caller: Caller, id: string) {
  const [row] = await tx.select().from(meetings).where(eq(meetings.id, id));
  if (!row) throw notFound(MEETING_NOT_FOUND);
  if (row.createdBy !== caller.id && !seesAllMeetings(caller))
    throw forbidden('Only the one who called this meeting or the church office changes it');
  return row;
}

export async function meetingsModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...scopedReads({
      base: '/Meeting',
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
      method: 'POST',
      url: '/Meeting/Create',
      tag,
      summary:
        'Call a meeting and invite people (InviteeIds), a department (InviteDepartmentId) and a role (InviteRole); each invitee is notified',
      access: { permission: P.createMeetings },
      body: meetingSchema,
      async handler({ body, caller, mutate }) {
        const created = await mutate(async (tx, audit) => {
          const { inviteeIds, inviteDepartmentId, inviteRole, ...fields } = body;
          const [row] = await tx
            .insert(meetings)
            .values({ ...fields, venue: fields.venue ?? null, createdBy: caller!.id })
            .returning();
          audit({ action: 'create', entity: 'meeting', entityId: row.id, after: row });
          await tx.insert(meetingInvitees).values({ meetingId: row.id, userId: caller!.id }).onConflictDoNothing();
          await invite(tx, audit, caller!, row, { inviteeIds, inviteDepartmentId, inviteRole });
          return row;
        });
        return ok(created, 'Meeting saved');
      },
    }),
    route({
      method: 'PUT',
      url: '/Meeting/Update',
      tag,
      summary: 'Change the details, minutes and action items; new invitees are added and notified (the one who called it or the office)',
      access: { permission: P.updateMeetings },
      body: meetingUpdateSchema,
      async handler({ body, caller, mutate }) {
        const updated = await mutate(async (tx, audit) => {
          const before = await ownMeeting(tx, caller!, body.id);
          const { id, inviteeIds, inviteDepartmentId, inviteRole, ...fields } = body;
          const [row] = await tx
            .update(meetings)
            .set({ ...fields, venue: fields.venue ?? null, minutes: fields.minutes ?? null, updatedAt: new Date() })
            .where(eq(meetings.id, id))
            .returning();
          audit({ action: 'update', entity: 'meeting', entityId: id, before, after: row });
          await invite(tx, audit, caller!, row, { inviteeIds, inviteDepartmentId, inviteRole });
          return row;
        });
        return ok(updated, 'Meeting saved');
      },
    }),
    route({
      method: 'PUT',
      url: '/Meeting/MarkAttendance',
      tag,
      summary: '(added) Mark who of the invitees attended (the one who called the meeting or the office)',
      access: { permission: P.updateMeetings },
      body: attendanceSchema,
      async handler({ body, caller, mutate }) {
        await mutate(async (tx, audit) => {
          await ownMeeting(tx, caller!, body.meetingId);
          const ids = body.attendance.map((a) => a.userId);
          if (ids.length === 0) return;
          const invited = await tx
            .select({ userId: meetingInvitees.userId })
            .from(meetingInvitees)
            .where(and(eq(meetingInvitees.meetingId, body.meetingId), inArray(meetingInvitees.userId, ids)));
          if (invited.length !== new Set(ids).size) throw badRequest('Attendance is marked for invitees only');
          for (const attended of [true, false]) {
            const these = body.attendance.filter((a) => a.attended === attended).map((a) => a.userId);
            if (these.length)
              await tx
                .update(meetingInvitees)
                .set({ attended })
                .where(and(eq(meetingInvitees.meetingId, body.meetingId), inArray(meetingInvitees.userId, these)));
          }
          audit({ action: 'attendance', entity: 'meeting', entityId: body.meetingId, after: body.attendance });
        });
        return ok(null, 'Attendance saved');
      },
    }),
    route({
      method: 'PUT',
      url: '/Meeting/RemoveInvitees',
      tag,
      summary:
        '(added) Take people off the invitation (not the one who called it), each told in their inbox (the one who called the meeting or the office)',
      access: { permission: P.updateMeetings },
      body: removeInviteesSchema,
      async handler({ body, caller, mutate }) {
        const removed = await mutate(async (tx, audit) => {
          const meeting = await ownMeeting(tx, caller!, body.meetingId);
          return uninvite(tx, audit, caller!, meeting, body.userIds);
        });
        return ok({ removed }, removed.length === 1 ? 'Invitee removed' : `${removed.length} invitees removed`);
      },
    }),
    route({
      method: 'GET',
      url: '/Meeting/GetInviteeChoices',
      tag,
      summary: '(added) People to invite by name or email (Search), names only: for whoever calls or changes meetings',
      access: { permission: [P.createMeetings, P.updateMeetings] },
      query: listQuery({}, 50),
      handler: async ({ query, services }) => inviteeChoices(services.database.db, query),
    }),
    route({
      method: 'DELETE',
      url: '/Meeting/Delete',
      tag,
      summary: 'Remove a meeting (the one who called it, or the office)',
      access: { permission: [P.createMeetings, P.deleteMeetings] },
      query: idQuery,
      async handler({ query, caller, mutate }) {
        await mutate(async (tx, audit) => {
          const before = await ownMeeting(tx, caller!, query.id);
          await tx.delete(meetings).where(eq(meetings.id, query.id));
          audit({ action: 'delete', entity: 'meeting', entityId: before.id, before });
        });
        return ok(null, 'Meeting deleted');
      },
    }),
  ]);
}
