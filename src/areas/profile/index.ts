import PersonIcon from '@mui/icons-material/Person';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { create, memberDetail, ofMember, one, update, type Endpoint } from '@/src/dataProvider/endpoints';
import type { Query } from '@/src/dataProvider/http';

type MemberRequest = { userId: string; reason?: string };
/** A member's request: PUT with userId, the target and the Reason in the query. */
const memberRequest = <T extends object>(call: string, target: (p: T) => Query): Endpoint<MemberRequest & T> => ({
  method: 'PUT',
  path: `/ChurchAffiliation/${call}`,
  query: (p) => ({ userId: p.userId, ...target(p), Reason: p.reason }),
});

type AvatarUpload = { userId: string; file: File };
/** The profile screen's upload payload: UserId, FileType 'avatar' and the file. */
function avatarForm({ userId, file }: AvatarUpload): FormData {
  const form = new FormData();
  form.append('UserId', userId);
  form.append('FileType', 'avatar');
  form.append('file', file);
  return form;
}

/** A member's profile: the account, read by id (the menu links to one's own). */
export const profiles = descriptor({
  name: 'profiles',
  path: '/profile/:userId',
  title: 'profile',
  screen: lazyScreen(() => import('./ProfilePage'), 'ProfilePage'),
  access: { view: SIGNED_IN },
  icon: PersonIcon,
  endpoints: { getOne: one('/UserManagement/GetUserbyId', 'UserId') },
});

/** The records the profile's tabs read and save. */
export const biodata = descriptor({
  name: 'biodata',
  endpoints: {
    getOne: one('/Biodata/GetBiodataByUserId'),
    create: create('/Biodata/CreateBiodata'),
    update: update('/Biodata/UpdateBiodata'),
  },
});
export const qualifications = descriptor({ name: 'qualifications', endpoints: memberDetail('Qualification', 'many') });
export const children = descriptor({ name: 'children', endpoints: memberDetail('Children', 'many') });
export const spouses = descriptor({ name: 'spouses', endpoints: memberDetail('Spouse', 'one') });
export const employers = descriptor({ name: 'employers', endpoints: memberDetail('Employer', 'one') });
export const churchAffiliations = descriptor({
  name: 'churchAffiliations',
  endpoints: {
    getOne: one('/ChurchAffiliation/GetChurchAffiliationByUserId'),
    create: create('/ChurchAffiliation/CreateChurchAffiliation'),
    update: update('/ChurchAffiliation/UpdateChurchAffiliation'),
    custom: {
      requestToJoinDepartment: memberRequest('RequestByMemberToJoinDepartment', (p: { department: string }) => ({
        department: p.department,
      })),
      requestToJoinAffinityGroup: memberRequest('RequestByMemberToJoinAffinityGroup', (p: { affinityGroup?: string }) => ({
        affinityGroup: p.affinityGroup,
      })),
      requestChangeOfAffinityGroup: memberRequest('RequestChangeOfAffinityGroup', (p: { newAffinityGroup?: string }) => ({
        newAffinityGroup: p.newAffinityGroup,
      })),
      requestChangeOfZone: memberRequest('RequestChangeOfCIHZone', (p: { newCihZone: string; newCenter?: string }) => ({
        newCihZone: p.newCihZone,
        newCenter: p.newCenter,
      })),
    },
  },
});
export const memberDepartments = descriptor({
  name: 'memberDepartments',
  endpoints: {
    getList: ofMember('/Department/GetDepartmentByUserId', 'departmentId'),
    custom: {
      setPrimaryDepartment: {
        method: 'PUT',
        path: '/Department/SetPrimaryDepartment',
        query: (p: { userId: string; departmentName: string }) => ({ UserId: p.userId, DepartmentName: p.departmentName }),
      },
    },
  },
});
export const avatars = descriptor({
  name: 'avatars',
  endpoints: {
    custom: {
      getUserAvatar: { method: 'GET', path: '/UserManagement/GetUserAvatar', query: (p: { userId: string }) => ({ UserId: p.userId }) },
      uploadAvatar: {
        method: 'POST',
        path: '/Files/uploadfile',
        query: (p: AvatarUpload) => ({ UserId: p.userId, FileType: 'avatar' }),
        body: avatarForm,
      },
    },
  },
});

/** Erasure of a person on their request (CAN_DELETE_MEMBERS): what it removes, then the erasure. */
export const erasures = descriptor({
  name: 'erasures',
  endpoints: {
    custom: {
      getErasureScope: { method: 'GET', path: '/Stewardship/GetErasureScope', query: (p: { userId: string }) => ({ UserId: p.userId }) },
      erasePerson: { method: 'POST', path: '/Stewardship/ErasePerson', body: (p: { userId: string }) => ({ userId: p.userId }) },
    },
  },
});

/** One's own consents (contact by email and SMS, appearing in lists): the choices in force and their history. */
export const consents = descriptor({
  name: 'consents',
  endpoints: {
    custom: {
      getMyConsents: { method: 'GET', path: '/Stewardship/GetMyConsents' },
      updateMyConsents: { method: 'PUT', path: '/Stewardship/UpdateMyConsents', body: (p: Record<string, boolean>) => p },
    },
  },
});
