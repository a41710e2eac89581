import type { MemberRequestKind } from '@/domain/common/enums';
import type { MemberRequest } from '@/domain/common/records';

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
