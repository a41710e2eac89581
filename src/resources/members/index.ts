import PeopleIcon from '@mui/icons-material/People';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { list, post } from '@/src/dataProvider/endpoints';

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
    getList: list('/ChurchAffiliation/GetMemberQuery', {
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
        method: 'POST',
        path: '/MemberImport/Upload',
        body: (p: { file: File }) => {
          const form = new FormData();
          form.append('file', p.file);
          return form;
        },
      },
      previewMemberImport: post('/MemberImport/Preview'),
      commitMemberImport: post('/MemberImport/Commit'),
    },
  },
});
