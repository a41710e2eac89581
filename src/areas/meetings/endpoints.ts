import { meetingsCalls } from '@/domain/meetings/calls';
import { list, one, post, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The list's filters: react-admin name -> query name. */
const MEETING_FILTERS = { kind: 'Kind', upcoming: 'Upcoming', from: 'From', to: 'To' };

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const meetingsEndpoints = {
  meetings: {
    getList: list(meetingsCalls.getAll, MEETING_FILTERS),
    getOne: one(meetingsCalls.getById),
    custom: {
      createMeeting: post(meetingsCalls.create),
      updateMeeting: { call: meetingsCalls.update, body: (p: object) => p },
      markAttendance: { call: meetingsCalls.markAttendance, body: (p: object) => p },
      removeInvitees: { call: meetingsCalls.removeInvitees, body: (p: object) => p },
      // The member list's selection invited (docs/decisions/0214).
      inviteToMeeting: post(meetingsCalls.invite),
    },
  },
  meetingInviteeChoices: { getList: list(meetingsCalls.getInviteeChoices) },
} satisfies Record<string, ResourceEndpoints>;
