/**
 * The CIH role is tied to its center: a person moved to another center (or out of theirs) loses
 * it, whoever moves them (an administrator, the inspectorate, an approved change of zone),
 * unless the same change gives it again. A service of the profile's church affiliation, also used
 * by requests when it applies an approved change of zone.
 */
export function cihRoleAfterMove(
  before: { centerId: string | null; cihRole: string | null } | undefined,
  centerId: string | null,
): string | null {
  if (!before?.cihRole) return null;
  return before.centerId && before.centerId !== centerId ? null : before.cihRole;
}
