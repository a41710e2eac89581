import type { MemberRequestKind, MemberRequestStatus } from './enums';

/*
 * Records as the API answers them, for the web app's reads: useGetOne<T> / useGetList<T>.
 * Ids are GUID strings.
 */

/** A user's account (GetUserbyId): the profile header's names and roles, and what prefills an absent biodata. */
export type UserRecord = {
  id: string;
  email: string;
  fullName: string;
  title?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  surName?: string | null;
  gender?: string | null;
  mobile1?: string | null;
  roles?: string[];
  cihRole?: string | null;
  /** Which one-per-member records exist (GetUserbyId). */
  has?: { biodata: boolean; churchAffiliation: boolean; employer: boolean; spouse: boolean };
};

/** A member's request as the request calls answer it. */
export type MemberRequest = {
  id: string;
  kind: MemberRequestKind;
  status: MemberRequestStatus;
  reason: string | null;
  requester: { id: string; fullName: string; email?: string };
  targetDepartmentName?: string | null;
  previousDepartmentName?: string | null;
  targetAffinityGroupName?: string | null;
  previousAffinityGroupName?: string | null;
  targetZoneName?: string | null;
  targetCenterName?: string | null;
  previousZoneName?: string | null;
  previousCenterName?: string | null;
  createdAt: string;
  decidedAt?: string | null;
  decidedByName?: string | null;
  decisionComment?: string | null;
};

/** One step of a request's history. */
export type RequestEvent = {
  id: string;
  action: 'created' | MemberRequestStatus;
  actorName: string | null;
  comment: string | null;
  at: string;
};

/** GetRequestById: the request with its history. */
export type MemberRequestDetail = MemberRequest & { history: RequestEvent[] };

/** A platform role (GetPlatformRoles). */
export type RoleRecord = {
  id: string;
  name: string;
  description?: string | null;
  isSystem?: boolean;
  userCount?: number;
  permissionCount?: number;
};

/** A role offered to choose from (GetPlatformAdminRoles, GetCIHRoles). */
export type RoleChoice = { id: string; name: string };

type Bucket = { count: number; converted: number };

/** GetFirstTimerStats: everyone who came as a first-timer, converted or not, archived people left out. */
export type FirstTimerStats = {
  total: number;
  converted: number;
  notConverted: number;
  byGender: Array<Bucket & { gender: string }>;
  byWeek: Array<Bucket & { weekStart: string }>;
  byMonth: Array<Bucket & { month: string }>;
};
