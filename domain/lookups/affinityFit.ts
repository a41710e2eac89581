/** An affinity group's limits, as kept with the group (none: everyone fits). */
export type GroupLimits = {
  name: string;
  startAge: number | null;
  endAge: number | null;
  maritalStatus: string | null;
  /** Male or Female for a men's or women's fellowship; null: either. */
  gender?: string | null;
};
/** What the member's profile says of them. */
export type MemberFacts = { dateOfBirth?: string | null; maritalStatus?: string | null; gender?: string | null };

/** Age in whole years on `today` ('YYYY-MM-DD' both). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number);
  const [ty, tm, td] = today.slice(0, 10).split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const ageRange = ({ startAge, endAge }: GroupLimits) =>
  startAge !== null && endAge !== null
    ? `aged ${startAge} to ${endAge}`
    : startAge !== null
      ? `aged ${startAge} or more`
      : `aged up to ${endAge}`;

/**
 * Why the member does not fit the group by age, marital status and gender, or null when they do
 * (a member is offered, and may ask for, only the groups that fit them).
 */
export function misfit(group: GroupLimits, member: MemberFacts, today = new Date().toISOString().slice(0, 10)): string | null {
  const ageLimited = group.startAge !== null || group.endAge !== null;
  if (ageLimited) {
    const forAge = `The ${group.name} affinity group is for members ${ageRange(group)}`;
    if (!member.dateOfBirth) return `${forAge}: add the date of birth to the profile first`;
    const age = ageOn(member.dateOfBirth, today);
    if ((group.startAge !== null && age < group.startAge) || (group.endAge !== null && age > group.endAge)) return forAge;
  }
  if (group.maritalStatus && group.maritalStatus.toLowerCase() !== (member.maritalStatus ?? '').toLowerCase()) {
    return `The ${group.name} affinity group is for ${group.maritalStatus.toLowerCase()} members`;
  }
  if (group.gender && group.gender.toLowerCase() !== (member.gender ?? '').toLowerCase()) {
    return `The ${group.name} affinity group is for ${group.gender === 'Male' ? 'men' : 'women'}`;
  }
  return null;
}
