import type { FirstTimerStats, UserRecord } from '@/domain/common/records.js';
import { bulkConvertSchema, createAdminSchema, userEmailQuery, usernameQuery } from '@/domain/people/schemas.js';
import { importCommitSchema, importPreviewSchema } from '@/domain/people/memberImport.js';
import {
  duplicatePairSchema,
  duplicatePairsQuery,
  mergePreviewQuery,
  mergeSchema,
  quickAddSchema,
  quickPersonSchema,
  type DuplicateMatch,
  type MergePreview,
} from '@/domain/people/duplicates.js';
import { idQuery, userIdQuery } from '@/domain/common/fields.js';
import { defineCall, responseType } from '@/domain/common/calls.js';
import { changeStageSchema, type StagePeriod } from '@/domain/people/stages.js';
import { savedListCreateSchema, savedListRenameSchema, type MatchingPeople, type SavedList } from '@/domain/people/savedLists.js';
import { tagApplySchema, tagCreateSchema, tagUpdateSchema, type PersonTag, type Tag } from '@/domain/people/tags.js';

/** Users, the member list and query, administrators, first-timers and their conversion, stages, the archive (demise), and member import. */
export const peopleCalls = {
  getUserbyId: defineCall({ method: 'GET', path: '/UserManagement/GetUserbyId', query: userIdQuery, response: responseType<UserRecord>() }),
  getUserbyEmail: defineCall({
    method: 'GET',
    path: '/UserManagement/GetUserbyEmail',
    query: userEmailQuery,
    response: responseType<UserRecord>(),
  }),
  getUserbyName: defineCall({
    method: 'GET',
    path: '/UserManagement/GetUserbyName',
    query: usernameQuery,
    response: responseType<UserRecord>(),
  }),
  getAllUsers: defineCall({ method: 'GET', path: '/Admin/GetAllUsers' }),
  disableUser: defineCall({ method: 'DELETE', path: '/Admin/DisableUser', query: userIdQuery }),
  enableUser: defineCall({ method: 'DELETE', path: '/Admin/EnableUser', query: userIdQuery }),
  createAdmin: defineCall({ method: 'POST', path: '/Admin/CreateAdmin', body: createAdminSchema }),
  convertFirstTimersToMembers: defineCall({ method: 'PUT', path: '/Admin/ConvertFirstTimersToMembers', query: idQuery }),
  bulkConvertFirstTimersToMembers: defineCall({ method: 'PUT', path: '/Admin/BulkConvertFirstTimersToMembers', body: bulkConvertSchema }),
  getMemberQuery: defineCall({ method: 'GET', path: '/ChurchAffiliation/GetMemberQuery' }),
  getDirectory: defineCall({ method: 'GET', path: '/People/GetDirectory' }),
  getFirstTimerStats: defineCall({ method: 'GET', path: '/Biodata/GetFirstTimerStats', response: responseType<FirstTimerStats>() }),
  getAllDemise: defineCall({ method: 'GET', path: '/Biodata/GetAllDemise' }),
  archiveMember: defineCall({ method: 'PUT', path: '/Biodata/ArchiveMember', query: userIdQuery }),
  restoreMember: defineCall({ method: 'PUT', path: '/Biodata/RestoreMember', query: userIdQuery }),
  getTags: defineCall({ method: 'GET', path: '/Tags/GetAll', response: responseType<Tag[]>() }),
  createTag: defineCall({ method: 'POST', path: '/Tags/Create', body: tagCreateSchema, response: responseType<Tag>() }),
  updateTag: defineCall({ method: 'PUT', path: '/Tags/Update', body: tagUpdateSchema, response: responseType<Tag>() }),
  deleteTag: defineCall({ method: 'DELETE', path: '/Tags/Delete', query: idQuery }),
  applyTag: defineCall({ method: 'POST', path: '/Tags/Apply', body: tagApplySchema, response: responseType<{ changed: number }>() }),
  getMatchingMembers: defineCall({
    method: 'GET',
    path: '/ChurchAffiliation/GetMatchingMembers',
    response: responseType<MatchingPeople>(),
  }),
  getMatchingUsers: defineCall({ method: 'GET', path: '/Admin/GetMatchingUsers', response: responseType<MatchingPeople>() }),
  getSavedLists: defineCall({ method: 'GET', path: '/SavedLists/GetAll', response: responseType<SavedList[]>() }),
  createSavedList: defineCall({
    method: 'POST',
    path: '/SavedLists/Create',
    body: savedListCreateSchema,
    response: responseType<SavedList>(),
  }),
  renameSavedList: defineCall({
    method: 'PUT',
    path: '/SavedLists/Rename',
    body: savedListRenameSchema,
    response: responseType<SavedList>(),
  }),
  deleteSavedList: defineCall({ method: 'DELETE', path: '/SavedLists/Delete', query: idQuery }),
  getPersonTags: defineCall({ method: 'GET', path: '/Tags/OfPerson', query: userIdQuery, response: responseType<PersonTag[]>() }),
  getStages: defineCall({ method: 'GET', path: '/People/GetStages', query: userIdQuery, response: responseType<StagePeriod[]>() }),
  changeStage: defineCall({ method: 'PUT', path: '/People/ChangeStage', body: changeStageSchema, response: responseType<StagePeriod>() }),
  memberImportUpload: defineCall({ method: 'POST', path: '/MemberImport/Upload', multipart: true }),
  memberImportPreview: defineCall({ method: 'POST', path: '/MemberImport/Preview', body: importPreviewSchema }),
  memberImportCommit: defineCall({ method: 'POST', path: '/MemberImport/Commit', body: importCommitSchema }),
  getDuplicatePairs: defineCall({ method: 'GET', path: '/Duplicates/GetPairs', query: duplicatePairsQuery }),
  dismissDuplicatePair: defineCall({ method: 'POST', path: '/Duplicates/Dismiss', body: duplicatePairSchema }),
  getMergePreview: defineCall({
    method: 'GET',
    path: '/Duplicates/MergePreview',
    query: mergePreviewQuery,
    response: responseType<MergePreview>(),
  }),
  mergePeople: defineCall({ method: 'POST', path: '/Duplicates/Merge', body: mergeSchema }),
  checkDuplicates: defineCall({
    method: 'POST',
    path: '/Duplicates/Check',
    body: quickPersonSchema,
    response: responseType<DuplicateMatch[]>(),
  }),
  quickAddMember: defineCall({ method: 'POST', path: '/Admin/QuickAddMember', body: quickAddSchema }),
};
