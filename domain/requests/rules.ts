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

/** 'decide' needs CAN_APPROVE_REQUESTS; 'view' that or CAN_VIEW_REQUESTS. */
export function holdsRequestRight(perms: Permissions, action: RequestAction): boolean {
  return holds(perms, P.approveRequests) || (action === 'view' && holds(perms, P.viewRequests));
}

/** Every department's requests, not only those of the departments one heads. */
export const overseesDepartments = (perms: Permissions, action: RequestAction) =>
  holdsRequestRight(perms, action) && holds(perms, P.updateDepartment);

/** The zone and affinity-group requests. */
export const isInspectorate = (perms: Permissions, action: RequestAction) =>
  holdsRequestRight(perms, action) && holds(perms, P.updateChurchAffiliation);

/** Every request of every kind (the All tab): administrators. */
export const seesAllRequests = (perms: Permissions) => overseesDepartments(perms, 'view') && isInspectorate(perms, 'view');

const REJECTION_NEEDS_COMMENT = 'A comment is required to reject a request';

/** A rejection says why (the member reads it); an approval's comment is optional. */
export function decisionCommentError(approve: boolean, comment: string | undefined | null): string | undefined {
  return approve || comment?.trim() ? undefined : REJECTION_NEEDS_COMMENT;
}
