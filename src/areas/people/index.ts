import ArchiveIcon from '@mui/icons-material/Archive';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { GetListParams } from 'react-admin';
import { P } from '@/domain/roles/permissions';
import { peopleCalls as calls } from '@/domain/people/calls';
import { rolesCalls } from '@/domain/roles/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { byUser, create, list, listQuery, PEOPLE_FILTERS, post } from '@/src/dataProvider/endpoints';

/** /members-management and /attendance: one screen. */
const MemberList = lazyScreen(() => import('./MemberList'), 'MemberList');

export const members = descriptor({
  name: 'members',
  path: '/members-management',
  screen: MemberList,
  // GetMemberQuery also serves CIH managers (a zone's or center's members).
  access: { view: [P.viewMembers], list: [P.viewMembers, P.viewCihManagement] },
  icon: PeopleIcon,
  endpoints: {
    getList: list(calls.getMemberQuery, {
      zoneId: 'ZoneId',
      centerId: 'CenterId',
      departmentId: 'DepartmentId',
      departmentName: 'DepartmentName',
      affinityGroup: 'AffinityGroup',
      gender: 'Gender',
      maritalStatus: 'MaritalStatus',
      employmentStatus: 'EmploymentStatus',
      state: 'State',
      role: 'Role',
      status: 'Status',
    }),
  },
});

/** The same screen as members management, under its own permission. */
export const attendance = descriptor({ name: 'attendance', path: '/attendance', screen: MemberList, access: { view: [P.viewAttendance] } });

/** The spreadsheet import of members and first-timers, from the members screen (an account-creating right). */
export const memberImports = descriptor({
  name: 'memberImports',
  access: { view: [P.createUserManagement] },
  endpoints: {
    custom: {
      uploadMemberImport: {
        call: calls.memberImportUpload,
        body: (p: { file: File }) => {
          const form = new FormData();
          form.append('file', p.file);
          return form;
        },
      },
      previewMemberImport: post(calls.memberImportPreview),
      commitMemberImport: post(calls.memberImportCommit),
    },
  },
});

type RoleGrant = { userId: string; roleId: string };

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
  endpoints: {
    getList: list(calls.getAllUsers, { ...PEOPLE_FILTERS, role: 'Role', status: 'Status', kind: 'Kind' }),
    create: create(calls.createAdmin),
    custom: {
      disableUser: byUser(calls.disableUser),
      enableUser: byUser(calls.enableUser),
      changeUserRole: { call: rolesCalls.changeUserRole, query: (p: RoleGrant) => ({ UserId: p.userId, RoleId: p.roleId }) },
    },
  },
});

/** The first-timers: GetAllUsers narrowed to Kind=firsttimer, which CAN_VIEW_FIRSTTIMERS may read. */
export const firstTimers = descriptor({
  name: 'firstTimers',
  path: '/first-timers',
  screen: lazyScreen(() => import('./FirstTimerList'), 'FirstTimerList'),
  access: { view: [P.viewFirstTimers], convert: [P.approveFirstTimers] },
  icon: PersonAddIcon,
  endpoints: {
    getList: {
      ...list(calls.getAllUsers),
      query: (params: GetListParams) => ({ ...listQuery(params, PEOPLE_FILTERS), Kind: 'firsttimer' }),
    },
    custom: {
      convertFirstTimer: { call: calls.convertFirstTimersToMembers, query: (p: { id: string }) => ({ Id: p.id }) },
      bulkConvertFirstTimers: {
        call: calls.bulkConvertFirstTimersToMembers,
        body: (p: { ids: string[] }) => ({ ids: p.ids }),
      },
    },
  },
});

export const firstTimerStats = descriptor({
  name: 'firstTimerStats',
  endpoints: {
    getOne: {
      call: calls.getFirstTimerStats,
      read: (envelope, params) => ({ data: { ...envelope.data, id: params.id } }),
    },
  },
});

/** Archived members. */
export const demise = descriptor({
  name: 'demise',
  path: '/demise',
  screen: lazyScreen(() => import('./DemiseList'), 'DemiseList'),
  asResource: true,
  access: { view: [P.updateDemise] },
  icon: ArchiveIcon,
  endpoints: {
    getList: list(calls.getAllDemise),
    custom: { archiveMember: byUser(calls.archiveMember), restoreMember: byUser(calls.restoreMember) },
  },
});
