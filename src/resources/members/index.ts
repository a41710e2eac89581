import PeopleIcon from '@mui/icons-material/People';
import { P } from '@/domain/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { list } from '@/src/dataProvider/endpoints';

/** /members-management and /attendance: one screen (SPEC.md section 2). */
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

/** SPEC.md section 2: the same screen as members management, under its own permission. */
export const attendance = descriptor({ name: 'attendance', path: '/attendance', screen: MemberList, access: { view: [P.viewAttendance] } });
