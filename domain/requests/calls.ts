import type { MemberRequestKind } from '@/domain/common/enums.js';
import type { MemberRequest, MemberRequestDetail } from '@/domain/common/records.js';
import {
  changeAffinityGroupRequestSchema,
  changeDepartmentRequestSchema,
  changeZoneRequestSchema,
  joinAffinityGroupRequestSchema,
  joinDepartmentRequestSchema,
} from '@/domain/profile/schemas.js';
import { cancelRequestSchema, decisionSchema } from '@/domain/requests/schemas.js';
import { defineCall, responseType, type AnyCall } from '@/domain/common/calls.js';
import { idQuery } from '@/domain/common/fields.js';

/** Members' requests (department, affinity group, CIH zone): asking, the lists, deciding and cancelling. */
export const requestsCalls = {
  requestByMemberToJoinDepartment: defineCall({
    method: 'PUT',
    path: '/ChurchAffiliation/RequestByMemberToJoinDepartment',
    query: joinDepartmentRequestSchema,
  }),
  requestChangeOfDepartment: defineCall({
    method: 'PUT',
    path: '/ChurchAffiliation/RequestChangeOfDepartment',
    query: changeDepartmentRequestSchema,
  }),
  requestByMemberToJoinAffinityGroup: defineCall({
    method: 'PUT',
    path: '/ChurchAffiliation/RequestByMemberToJoinAffinityGroup',
    query: joinAffinityGroupRequestSchema,
  }),
  requestChangeOfAffinityGroup: defineCall({
    method: 'PUT',
    path: '/ChurchAffiliation/RequestChangeOfAffinityGroup',
    query: changeAffinityGroupRequestSchema,
  }),
  requestChangeOfCIHZone: defineCall({ method: 'PUT', path: '/ChurchAffiliation/RequestChangeOfCIHZone', query: changeZoneRequestSchema }),
  getHodRequests: defineCall({ method: 'GET', path: '/ChurchAffiliation/GetHodRequests', response: responseType<MemberRequest[]>() }),
  getInspectorateRequests: defineCall({
    method: 'GET',
    path: '/ChurchAffiliation/GetInspectorateRequests',
    response: responseType<MemberRequest[]>(),
  }),
  getAllRequests: defineCall({ method: 'GET', path: '/ChurchAffiliation/GetAllRequests', response: responseType<MemberRequest[]>() }),
  getUserRequestLog: defineCall({ method: 'GET', path: '/ChurchAffiliation/GetUserRequestLog', response: responseType<MemberRequest[]>() }),
  getPendingDepartmentRequest: defineCall({
    method: 'GET',
    path: '/ChurchAffiliation/GetPendingDepartmentRequest',
    response: responseType<MemberRequest[]>(),
  }),
  getApprovedDepartmentRequest: defineCall({
    method: 'GET',
    path: '/ChurchAffiliation/GetApprovedDepartmentRequest',
    response: responseType<MemberRequest[]>(),
  }),
  getRejectedDepartmentRequest: defineCall({
    method: 'GET',
    path: '/ChurchAffiliation/GetRejectedDepartmentRequest',
    response: responseType<MemberRequest[]>(),
  }),
  approveChangeOfDepartment: defineCall({ method: 'PUT', path: '/ChurchAffiliation/ApproveChangeOfDepartment', query: decisionSchema }),
  approveChangeOfCIHZone: defineCall({ method: 'PUT', path: '/ChurchAffiliation/ApproveChangeOfCIHZone', query: decisionSchema }),
  approveAffinityGroupRequest: defineCall({ method: 'PUT', path: '/ChurchAffiliation/ApproveAffinityGroupRequest', query: decisionSchema }),
  getRequestById: defineCall({
    method: 'GET',
    path: '/ChurchAffiliation/GetRequestById',
    query: idQuery,
    response: responseType<MemberRequestDetail>(),
  }),
  cancelRequest: defineCall({ method: 'PUT', path: '/ChurchAffiliation/CancelRequest', query: cancelRequestSchema }),
};

/** The call that decides a request of each kind. */
export const decidingCalls: Readonly<Record<MemberRequestKind, AnyCall>> = {
  joinDepartment: requestsCalls.approveChangeOfDepartment,
  changeDepartment: requestsCalls.approveChangeOfDepartment,
  joinAffinityGroup: requestsCalls.approveAffinityGroupRequest,
  changeAffinityGroup: requestsCalls.approveAffinityGroupRequest,
  changeZone: requestsCalls.approveChangeOfCIHZone,
};
