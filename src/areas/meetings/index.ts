import GroupsIcon from '@mui/icons-material/Groups';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /meetings: the meetings one called or is invited to; calling one; its minutes, action items, attendance and print view. */
export const meetings = descriptor({
  name: 'meetings',
  path: '/meetings',
  screen: lazyScreen(() => import('./MeetingsPage'), 'MeetingsPage'),
  access: { view: [P.viewMeetings], create: [P.createMeetings], edit: [P.updateMeetings] },
  icon: GroupsIcon,
});

/** The people a meeting's caller may invite, searched by name or email (GetInviteeChoices). */
export const meetingInviteeChoices = descriptor({
  name: 'meetingInviteeChoices',
});
