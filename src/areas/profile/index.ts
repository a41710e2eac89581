import PersonIcon from '@mui/icons-material/Person';
import type { AnyCall } from '@/domain/common/calls';
import { departmentsCalls } from '@/domain/departments/calls';
import { filesCalls } from '@/domain/files/calls';
import { peopleCalls } from '@/domain/people/calls';
import { profileCalls as calls } from '@/domain/profile/calls';
import { requestsCalls } from '@/domain/requests/calls';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { create, memberDetail, ofMember, one, update, type Endpoint } from '@/src/dataProvider/endpoints';
import type { Query } from '@/src/dataProvider/http';

type MemberRequest = { userId: string; reason?: string };
/** A member's request: PUT with userId, the target and the Reason in the query. */
const memberRequest = <T extends object>(call: AnyCall, target: (p: T) => Query): Endpoint<MemberRequest & T> => ({
  call,
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
  endpoints: { getOne: one(peopleCalls.getUserbyId, 'UserId') },
});

/** The records the profile's tabs read and save. */
export const biodata = descriptor({
  name: 'biodata',
  endpoints: {
    getOne: one(calls.getBiodataByUserId),
    create: create(calls.createBiodata),
    update: update(calls.updateBiodata),
  },
});
export const qualifications = descriptor({
  name: 'qualifications',
  endpoints: memberDetail({
    getByUserId: calls.qualificationGetByUserId,
    create: calls.qualificationCreate,
    update: calls.qualificationUpdate,
    delete: calls.qualificationDelete,
  }),
});
export const children = descriptor({
  name: 'children',
  endpoints: memberDetail({
    getByUserId: calls.childrenGetByUserId,
    create: calls.childrenCreate,
    update: calls.childrenUpdate,
    delete: calls.childrenDelete,
  }),
});
export const spouses = descriptor({
  name: 'spouses',
  endpoints: memberDetail({ getByUserId: calls.spouseGetByUserId, create: calls.spouseCreate, update: calls.spouseUpdate }),
});
export const employers = descriptor({
  name: 'employers',
  endpoints: memberDetail({ getByUserId: calls.employerGetByUserId, create: calls.employerCreate, update: calls.employerUpdate }),
});
export const churchAffiliations = descriptor({
  name: 'churchAffiliations',
  endpoints: {
    getOne: one(calls.getChurchAffiliationByUserId),
    create: create(calls.createChurchAffiliation),
    update: update(calls.updateChurchAffiliation),
    custom: {
      requestToJoinDepartment: memberRequest(requestsCalls.requestByMemberToJoinDepartment, (p: { department: string }) => ({
        department: p.department,
      })),
      requestToJoinAffinityGroup: memberRequest(requestsCalls.requestByMemberToJoinAffinityGroup, (p: { affinityGroup?: string }) => ({
        affinityGroup: p.affinityGroup,
      })),
      requestChangeOfAffinityGroup: memberRequest(requestsCalls.requestChangeOfAffinityGroup, (p: { newAffinityGroup?: string }) => ({
        newAffinityGroup: p.newAffinityGroup,
      })),
      requestChangeOfZone: memberRequest(requestsCalls.requestChangeOfCIHZone, (p: { newCihZone: string; newCenter?: string }) => ({
        newCihZone: p.newCihZone,
        newCenter: p.newCenter,
      })),
    },
  },
});
export const memberDepartments = descriptor({
  name: 'memberDepartments',
  endpoints: {
    getList: ofMember(departmentsCalls.getDepartmentByUserId, 'departmentId'),
    custom: {
      setPrimaryDepartment: {
        call: departmentsCalls.setPrimaryDepartment,
        query: (p: { userId: string; departmentName: string }) => ({ UserId: p.userId, DepartmentName: p.departmentName }),
      },
    },
  },
});
export const avatars = descriptor({
  name: 'avatars',
  endpoints: {
    custom: {
      getUserAvatar: { call: filesCalls.getUserAvatar, query: (p: { userId: string }) => ({ UserId: p.userId }) },
      uploadAvatar: {
        call: filesCalls.uploadFile,
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
      getErasureScope: { call: calls.getErasureScope, query: (p: { userId: string }) => ({ UserId: p.userId }) },
      erasePerson: { call: calls.erasePerson, body: (p: { userId: string }) => ({ userId: p.userId }) },
    },
  },
});

/** One's own consents (contact by email and SMS, appearing in lists): the choices in force and their history. */
export const consents = descriptor({
  name: 'consents',
  endpoints: {
    custom: {
      getMyConsents: { call: calls.getMyConsents },
      updateMyConsents: { call: calls.updateMyConsents, body: (p: Record<string, boolean>) => p },
    },
  },
});
