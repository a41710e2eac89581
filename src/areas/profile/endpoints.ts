import type { AnyCall } from '@/domain/common/calls';
import { departmentsCalls } from '@/domain/departments/calls';
import { filesCalls } from '@/domain/files/calls';
import { peopleCalls } from '@/domain/people/calls';
import { profileCalls as calls } from '@/domain/profile/calls';
import { requestsCalls } from '@/domain/requests/calls';
import type { ChangeStageInput } from '@/domain/people/stages';
import type { CareNoteInput, CareSettings } from '@/domain/profile/careNotes';
import type { Query } from '@/src/dataProvider/http';
import { create, memberDetail, ofMember, one, post, update, type Endpoint, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

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

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const profileEndpoints = {
  profiles: { getOne: one(peopleCalls.getUserbyId, 'UserId') },
  biodata: {
    getOne: one(calls.getBiodataByUserId),
    create: create(calls.createBiodata),
    update: update(calls.updateBiodata),
  },
  qualifications: memberDetail({
    getByUserId: calls.qualificationGetByUserId,
    create: calls.qualificationCreate,
    update: calls.qualificationUpdate,
    delete: calls.qualificationDelete,
  }),
  children: memberDetail({
    getByUserId: calls.childrenGetByUserId,
    create: calls.childrenCreate,
    update: calls.childrenUpdate,
    delete: calls.childrenDelete,
  }),
  spouses: memberDetail({ getByUserId: calls.spouseGetByUserId, create: calls.spouseCreate, update: calls.spouseUpdate }),
  employers: memberDetail({ getByUserId: calls.employerGetByUserId, create: calls.employerCreate, update: calls.employerUpdate }),
  churchAffiliations: {
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
  memberDepartments: {
    getList: ofMember(departmentsCalls.getDepartmentByUserId, 'departmentId'),
    custom: {
      setPrimaryDepartment: {
        call: departmentsCalls.setPrimaryDepartment,
        query: (p: { userId: string; departmentName: string }) => ({ UserId: p.userId, DepartmentName: p.departmentName }),
      },
    },
  },
  avatars: {
    custom: {
      getUserAvatar: { call: filesCalls.getUserAvatar, query: (p: { userId: string }) => ({ UserId: p.userId }) },
      uploadAvatar: {
        call: filesCalls.uploadFile,
        query: (p: AvatarUpload) => ({ UserId: p.userId, FileType: 'avatar' }),
        body: avatarForm,
      },
    },
  },
  erasures: {
    custom: {
      getErasureScope: { call: calls.getErasureScope, query: (p: { userId: string }) => ({ UserId: p.userId }) },
      erasePerson: { call: calls.erasePerson, body: (p: { userId: string }) => ({ userId: p.userId }) },
    },
  },
  consents: {
    custom: {
      getMyConsents: { call: calls.getMyConsents },
      updateMyConsents: { call: calls.updateMyConsents, body: (p: Record<string, boolean>) => p },
    },
  },
  // The church's own fields on people (docs/decisions/0209): their definitions, and a person's values.
  customFields: {
    custom: {
      getCustomFields: {
        call: calls.customFieldsGetAll,
        query: (p?: { includeRetired?: boolean }) => ({ IncludeRetired: p?.includeRetired ? 'true' : undefined }),
      },
      createCustomField: post(calls.customFieldsCreate),
      updateCustomField: post(calls.customFieldsUpdate),
      reorderCustomFields: post(calls.customFieldsReorder),
      deleteCustomField: { call: calls.customFieldsDelete, query: (p: { id: string }) => ({ Id: p.id }) },
    },
  },
  customFieldValues: {
    custom: {
      getCustomFieldValues: { call: calls.customFieldsGetValues, query: (p: { userId: string }) => ({ UserId: p.userId }) },
      saveCustomFieldValues: post(calls.customFieldsSaveValues),
    },
  },
  stages: {
    custom: {
      getStages: { call: peopleCalls.getStages, query: (p: { userId: string }) => ({ UserId: p.userId }) },
      changeStage: { call: peopleCalls.changeStage, body: (p: ChangeStageInput) => p },
    },
  },
  timelines: {
    custom: {
      getTimeline: {
        call: calls.getTimeline,
        query: (p: { userId: string; cursor?: string }) => ({ UserId: p.userId, Cursor: p.cursor }),
      },
    },
  },
  careNotes: {
    custom: {
      getCareNotes: { call: calls.getCareNotes, query: (p: { userId: string }) => ({ UserId: p.userId }) },
      createCareNote: { call: calls.createCareNote, body: (p: CareNoteInput) => p },
      getCareSettings: { call: calls.getCareSettings },
      getPublicCareSettings: { call: calls.getPublicCareSettings },
      updateCareSettings: { call: calls.updateCareSettings, body: (p: CareSettings) => p },
    },
  },
} satisfies Record<string, ResourceEndpoints>;
