import GroupsIcon from '@mui/icons-material/Groups';
import { P } from '@/domain/roles/permissions';
import { meetingsCalls } from '@/domain/meetings/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { list, one, post } from '@/src/dataProvider/endpoints';

/** The list's filters: react-admin name -> query name. */
const MEETING_FILTERS = { kind: 'Kind', upcoming: 'Upcoming', from: 'From', to: 'To' };

/** /meetings: the meetings one called or is invited to; calling one; its minutes, action items, attendance and print view. */
export const meetings = descriptor({
  name: 'meetings',
  path: '/meetings',
  screen: lazyScreen(() => import('./MeetingsPage'), 'MeetingsPage'),
  access: { view: [P.viewMeetings], create: [P.createMeetings], edit: [P.updateMeetings] },
  icon: GroupsIcon,
  endpoints: {
    getList: list(meetingsCalls.getAll, MEETING_FILTERS),
    getOne: one(meetingsCalls.getById),
    custom: {
      createMeeting: post(meetingsCalls.create),
      updateMeeting: { call: meetingsCalls.update, body: (p: object) => p },
      markAttendance: { call: meetingsCalls.markAttendance, body: (p: object) => p },
      removeInvitees: { call: meetingsCalls.removeInvitees, body: (p: object) => p },
    },
  },
});

/** The people a meeting's caller may invite, searched by name or email (GetInviteeChoices). */
export const meetingInviteeChoices = descriptor({
  name: 'meetingInviteeChoices',
  endpoints: { getList: list(meetingsCalls.getInviteeChoices) },
});
