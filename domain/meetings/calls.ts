import {
  attendanceSchema,
  inviteSchema,
  type InviteOutcome,
  meetingSchema,
  meetingUpdateSchema,
  removeInviteesSchema,
} from '@/domain/meetings/schemas.js';
import { idQuery } from '@/domain/common/fields.js';
import { defineCall, responseType } from '@/domain/common/calls.js';

/** Meetings, their invitees and attendance. */
export const meetingsCalls = {
  getAll: defineCall({ method: 'GET', path: '/Meeting/GetAll' }),
  getById: defineCall({ method: 'GET', path: '/Meeting/GetById', query: idQuery }),
  create: defineCall({ method: 'POST', path: '/Meeting/Create', body: meetingSchema }),
  update: defineCall({ method: 'PUT', path: '/Meeting/Update', body: meetingUpdateSchema }),
  markAttendance: defineCall({ method: 'PUT', path: '/Meeting/MarkAttendance', body: attendanceSchema }),
  removeInvitees: defineCall({ method: 'PUT', path: '/Meeting/RemoveInvitees', body: removeInviteesSchema }),
  invite: defineCall({ method: 'POST', path: '/Meeting/Invite', body: inviteSchema, response: responseType<InviteOutcome>() }),
  getInviteeChoices: defineCall({ method: 'GET', path: '/Meeting/GetInviteeChoices' }),
  delete: defineCall({ method: 'DELETE', path: '/Meeting/Delete', query: idQuery }),
};
