import ArchiveIcon from '@mui/icons-material/Archive';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SellIcon from '@mui/icons-material/Sell';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /members-management and /attendance: one screen. */
const MemberList = lazyScreen(() => import('./MemberList'), 'MemberList');

export const members = descriptor({
  name: 'members',
  path: '/members-management',
  screen: MemberList,
  // GetMemberQuery also serves CIH managers (a zone's or center's members).
  access: { view: [P.viewMembers], list: [P.viewMembers, P.viewCihManagement] },
  icon: PeopleIcon,
});

/** The same screen as members management, under its own permission. */
export const attendance = descriptor({ name: 'attendance', path: '/attendance', screen: MemberList, access: { view: [P.viewAttendance] } });

/** The spreadsheet import of members and first-timers, from the members screen (an account-creating right). */
export const memberImports = descriptor({
  name: 'memberImports',
  access: { view: [P.createUserManagement] },
});

/** Users management; 'cihRole' is AssignCIHRole's right. */
export const users = descriptor({
  name: 'users',
  path: '/users-management',
  screen: lazyScreen(() => import('./UserList'), 'UserList'),
  access: {
    view: [P.viewUserManagement],
    create: [P.createUserManagement],
    edit: [P.updateUserManagement],
    cihRole: [P.updateChurchAffiliation],
  },
  icon: ManageAccountsIcon,
});

/** The first-timers: GetAllUsers narrowed to Kind=firsttimer, which CAN_VIEW_FIRSTTIMERS may read. */
export const firstTimers = descriptor({
  name: 'firstTimers',
  path: '/first-timers',
  screen: lazyScreen(() => import('./FirstTimerList'), 'FirstTimerList'),
  access: { view: [P.viewFirstTimers], convert: [P.approveFirstTimers] },
  icon: PersonAddIcon,
});

export const firstTimerStats = descriptor({
  name: 'firstTimerStats',
});

/** Archived members. */
export const demise = descriptor({
  name: 'demise',
  path: '/demise',
  screen: lazyScreen(() => import('./DemiseList'), 'DemiseList'),
  asResource: true,
  access: { view: [P.updateDemise] },
  icon: ArchiveIcon,
});

/**
 * Likely duplicate people, dismissing a pair and merging two records: administrators only
 * (CAN_DELETE_MEMBERS, as the server checks; docs/decisions/0211-duplicates-and-merge.md).
 */
export const duplicates = descriptor({
  name: 'duplicates',
  path: '/duplicates',
  screen: lazyScreen(() => import('./DuplicateList'), 'DuplicateList'),
  access: { view: [P.deleteMembers] },
  icon: CallMergeIcon,
});

/**
 * Tags on people (docs/decisions/0212-tags-and-bulk-actions.md): the office (CAN_UPDATE_TAGS) keeps
 * them here and on the member list's selection; member list readers see them and filter by them.
 */
export const tags = descriptor({
  name: 'tags',
  path: '/tags',
  screen: lazyScreen(() => import('./TagsPage'), 'TagsPage'),
  access: { view: [P.manageTags], read: [P.manageTags, P.viewMembers, P.viewCihManagement, P.viewAttendance] },
  icon: SellIcon,
});

/** A person's tags on their profile: the office and whoever reads profiles and the member list. */
export const personTags = descriptor({
  name: 'personTags',
  access: { view: [P.manageTags, P.viewMembers] },
});

/**
 * Saved lists (docs/decisions/0214-saved-lists.md): filters of the member list kept by name, for
 * whoever reads it; sharing one with the office is for the office (CAN_VIEW_MEMBERS).
 */
export const savedLists = descriptor({
  name: 'savedLists',
  path: '/saved-lists',
  screen: lazyScreen(() => import('./SavedListsPage'), 'SavedListsPage'),
  access: { view: [P.viewMembers, P.viewCihManagement, P.viewAttendance], share: [P.viewMembers] },
  icon: BookmarksIcon,
});
