import type { MemberRequestKind } from '@/domain/common/enums.js';
import { P } from '@/domain/roles/permissions.js';

/**
 * Who sees and who decides members' requests, as pure functions: the server enforces
 * them and the web app shows tabs and buttons by them.
 * - A department request (join, change) is decided by the head of the department it names (for
 *   a change, the new one). Headship is data, not a permission: the server checks it.
 * - A zone or affinity-group request is decided by the inspectorate: CAN_APPROVE_REQUESTS with
 *   CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS, the right to change the very fields these requests
 *   change (zone, center, affinity groups). The hod role lacks it.
 * - CAN_APPROVE_REQUESTS with CAN_UPDATE_DEPARTMENT (who manages every department) decides every
 *   department's requests. Administrators hold both pairs, so they decide any request.
 * Seeing follows deciding, with CAN_VIEW_REQUESTS in place of CAN_APPROVE_REQUESTS.
 */

export const DEPARTMENT_REQUEST_KINDS = ['joinDepartment', 'changeDepartment'] as const satisfies readonly MemberRequestKind[];
const ZONE_REQUEST_KINDS = ['changeZone'] as const satisfies readonly MemberRequestKind[];
const AFFINITY_REQUEST_KINDS = ['joinAffinityGroup', 'changeAffinityGroup'] as const satisfies readonly MemberRequestKind[];
/** The inspectorate's requests. */
export const INSPECTORATE_REQUEST_KINDS = [...ZONE_REQUEST_KINDS, ...AFFINITY_REQUEST_KINDS] as const;

export const isDepartmentRequest = (kind: MemberRequestKind) => (DEPARTMENT_REQUEST_KINDS as readonly string[]).includes(kind);

export type RequestAction = 'view' | 'decide';
type Permissions = ReadonlySet<string> | readonly string[];
const holds = (perms: Permissions, p: string) => ('has' in perms ? perms.has(p) : perms.includes(p));

/**
 * The rights that decide, as data, so that the server both checks one caller against them and
 * finds everyone who holds them (the deciders it notifies): one rule, read two ways.
 * departments: every department's requests; inspectorate: zone and affinity-group requests;
 * head: the head of the department a request names, with this right, decides it.
 */
const DECIDING_RIGHTS = {
  departments: [P.approveRequests, P.updateDepartment],
  inspectorate: [P.approveRequests, P.updateChurchAffiliation],
  head: [P.approveRequests],
} as const;

type Rights = readonly string[];

/** Who decides a request of this kind: holders of every right of `anyOf`, or the head of its department holding `head`. */
export function decidingRights(kind: MemberRequestKind): { anyOf: Rights; head?: Rights } {
  return isDepartmentRequest(kind)
    ? { anyOf: DECIDING_RIGHTS.departments, head: DECIDING_RIGHTS.head }
    : { anyOf: DECIDING_RIGHTS.inspectorate };
}

/** Holds every right; to 'view', CAN_VIEW_REQUESTS stands in for CAN_APPROVE_REQUESTS. */
export function holdsRights(perms: Permissions, rights: Rights, action: RequestAction): boolean {
  return rights.every((p) => holds(perms, p) || (action === 'view' && p === P.approveRequests && holds(perms, P.viewRequests)));
}

/** 'decide' needs CAN_APPROVE_REQUESTS; 'view' that or CAN_VIEW_REQUESTS. */
export const holdsRequestRight = (perms: Permissions, action: RequestAction) => holdsRights(perms, DECIDING_RIGHTS.head, action);

/** Every department's requests, not only those of the departments one heads. */
export const overseesDepartments = (perms: Permissions, action: RequestAction) => holdsRights(perms, DECIDING_RIGHTS.departments, action);

/** The zone and affinity-group requests. */
export const isInspectorate = (perms: Permissions, action: RequestAction) => holdsRights(perms, DECIDING_RIGHTS.inspectorate, action);

/** Every request of every kind (the All tab): administrators. */
export const seesAllRequests = (perms: Permissions) => overseesDepartments(perms, 'view') && isInspectorate(perms, 'view');

const REJECTION_NEEDS_COMMENT = 'A comment is required to reject a request';

/** A rejection says why (the member reads it); an approval's comment is optional. */
export function decisionCommentError(approve: boolean, comment: string | undefined | null): string | undefined {
  return approve || comment?.trim() ? undefined : REJECTION_NEEDS_COMMENT;
}
