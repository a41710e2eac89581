import GroupsIcon from '@mui/icons-material/Groups';
import { P } from '@/domain/roles/permissions';
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
    getList: list('/Meeting/GetAll', MEETING_FILTERS),
    getOne: one('/Meeting/GetById'),
    custom: {
      createMeeting: post('/Meeting/Create'),
      updateMeeting: { method: 'PUT', path: '/Meeting/Update', body: (p: object) => p },
      markAttendance: { method: 'PUT', path: '/Meeting/MarkAttendance', body: (p: object) => p },
      removeInvitees: { method: 'PUT', path: '/Meeting/RemoveInvitees', body: (p: object) => p },
    },
  },
});

/** The people a meeting's caller may invite, searched by name or email (GetInviteeChoices). */
export const meetingInviteeChoices = descriptor({
  name: 'meetingInviteeChoices',
  endpoints: { getList: list('/Meeting/GetInviteeChoices') },
});
