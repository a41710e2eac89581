import type { MemberRequestKind, MemberRequestStatus } from '@/domain/enums';

/** A request as the request calls answer it (issue 6). */
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

export type RequestEvent = { id: string; action: 'created' | MemberRequestStatus; actorName: string | null; comment: string | null; at: string };

const place = (zone?: string | null, center?: string | null) => [zone, center].filter(Boolean).join(', ') || null;

/** What a request moves from (null for a join) and to. */
const ENDS: Record<MemberRequestKind, (r: MemberRequest) => [string | null | undefined, string | null | undefined]> = {
  joinDepartment: (r) => [null, r.targetDepartmentName],
  changeDepartment: (r) => [r.previousDepartmentName, r.targetDepartmentName],
  joinAffinityGroup: (r) => [null, r.targetAffinityGroupName],
  changeAffinityGroup: (r) => [r.previousAffinityGroupName, r.targetAffinityGroupName],
  changeZone: (r) => [place(r.previousZoneName, r.previousCenterName), place(r.targetZoneName, r.targetCenterName)],
};

/** "Choir", or "Ushering → Choir" for a change. */
export function targetText(r: MemberRequest): string {
  const [from, to] = ENDS[r.kind](r);
  return from ? `${from} → ${to ?? ''}` : (to ?? '');
}
