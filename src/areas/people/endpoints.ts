import type { GetListParams } from 'react-admin';
import { peopleCalls as calls } from '@/domain/people/calls';
import { rolesCalls } from '@/domain/roles/calls';
import { byUser, create, list, listQuery, PEOPLE_FILTERS, post, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

type RoleGrant = { userId: string; roleId: string };
type MergePair = { keepId: string; mergeId: string };

/** The member list's filter on a field of the church (CustomFieldFilter): the field's id and its value or range. */
type CustomFieldFilterValue = { id?: string; value?: string; from?: string; to?: string };

/** The member list's filters under their query names. */
const MEMBER_FILTERS = {
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
  stage: 'Stage',
  tag: 'Tag',
  id: 'Id',
  // Saved lists' filters (docs/decisions/0214).
  notSeenWeeks: 'NotSeenWeeks',
  noDepartment: 'NoDepartment',
  birthdayThisMonth: 'BirthdayThisMonth',
  stageSince: 'StageSince',
};

/**
 * The member list's query of react-admin's list parameters: its filters (the custom field's in four
 * params), sort and page; the printed directory asks with the same filters (docs/decisions/0215).
 */
export function memberQuery(params: Partial<GetListParams>) {
  const { customField, ...filter } = (params.filter ?? {}) as { customField?: CustomFieldFilterValue };
  const custom = customField?.id ? customField : undefined;
  return {
    ...listQuery({ ...params, filter }, MEMBER_FILTERS),
    CustomField: custom?.id,
    CustomValue: custom?.value,
    CustomFrom: custom?.from,
    CustomTo: custom?.to,
  };
}

/** The user list's filters under their query names (id: a selection's rows, docs/decisions/0222). */
const USER_FILTERS = { ...PEOPLE_FILTERS, role: 'Role', status: 'Status', kind: 'Kind', id: 'Id' };

/** The first-timers' list is the user list's first-timers (Kind). */
const firstTimerQuery = (params: Partial<GetListParams>) => ({ ...listQuery(params, { ...PEOPLE_FILTERS, id: 'Id' }), Kind: 'firsttimer' });

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const peopleEndpoints = {
  members: {
    getList: {
      ...list(calls.getMemberQuery),
      // The export asks (meta) for the custom fields' values too (docs/decisions/0209).
      query: (params: GetListParams) => ({
        ...memberQuery(params),
        WithCustomFields: params.meta?.withCustomFields ? 'true' : undefined,
      }),
    },
    custom: {
      // 'Select all that match' (docs/decisions/0214): the ids of the filter's whole result.
      getMatchingMembers: { call: calls.getMatchingMembers, query: (p: { filter: object }) => memberQuery({ filter: p.filter }) },
    },
  },
  // Saved lists (docs/decisions/0214): filters of the member list kept by name.
  savedLists: {
    custom: {
      getSavedLists: { call: calls.getSavedLists },
      createSavedList: post(calls.createSavedList),
      renameSavedList: post(calls.renameSavedList),
      deleteSavedList: { call: calls.deleteSavedList, query: (p: { id: string }) => ({ Id: p.id }) },
    },
  },
  // Tags on people (docs/decisions/0212): the catalogue, and adding or removing one on a selection.
  tags: {
    custom: {
      getTags: { call: calls.getTags },
      createTag: post(calls.createTag),
      updateTag: post(calls.updateTag),
      deleteTag: { call: calls.deleteTag, query: (p: { id: string }) => ({ Id: p.id }) },
      applyTag: post(calls.applyTag),
    },
  },
  personTags: {
    custom: {
      getPersonTags: { call: calls.getPersonTags, query: (p: { userId: string }) => ({ UserId: p.userId }) },
    },
  },
  memberImports: {
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
      checkDuplicates: post(calls.checkDuplicates),
      quickAddMember: post(calls.quickAddMember),
    },
  },
  users: {
    // id: a selection's rows (docs/decisions/0222).
    getList: list(calls.getAllUsers, USER_FILTERS),
    create: create(calls.createAdmin),
    custom: {
      // 'Select all that match' (docs/decisions/0229): the ids of the filter's whole result.
      getMatchingUsers: { call: calls.getMatchingUsers, query: (p: { filter: object }) => listQuery({ filter: p.filter }, USER_FILTERS) },
      disableUser: byUser(calls.disableUser),
      enableUser: byUser(calls.enableUser),
      changeUserRole: { call: rolesCalls.changeUserRole, query: (p: RoleGrant) => ({ UserId: p.userId, RoleId: p.roleId }) },
    },
  },
  firstTimers: {
    getList: {
      ...list(calls.getAllUsers),
      query: (params: GetListParams) => firstTimerQuery(params),
    },
    custom: {
      getMatchingFirstTimers: { call: calls.getMatchingUsers, query: (p: { filter: object }) => firstTimerQuery({ filter: p.filter }) },
      convertFirstTimer: { call: calls.convertFirstTimersToMembers, query: (p: { id: string }) => ({ Id: p.id }) },
      bulkConvertFirstTimers: {
        call: calls.bulkConvertFirstTimersToMembers,
        body: (p: { ids: string[] }) => ({ ids: p.ids }),
      },
    },
  },
  firstTimerStats: {
    getOne: {
      call: calls.getFirstTimerStats,
      read: (envelope, params) => ({ data: { ...envelope.data, id: params.id } }),
    },
  },
  demise: {
    getList: list(calls.getAllDemise),
    custom: { archiveMember: byUser(calls.archiveMember), restoreMember: byUser(calls.restoreMember) },
  },
  duplicates: {
    getList: list(calls.getDuplicatePairs),
    custom: {
      dismissDuplicatePair: post(calls.dismissDuplicatePair),
      getMergePreview: { call: calls.getMergePreview, query: (p: MergePair) => ({ KeepId: p.keepId, MergeId: p.mergeId }) },
      mergePeople: post(calls.mergePeople),
    },
  },
} satisfies Record<string, ResourceEndpoints>;
