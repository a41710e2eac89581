import { TITLE_GENDER, type Title } from '@/domain/common/enums.js';
import { P } from '@/domain/roles/permissions.js';
import { NIGERIA } from '@/domain/common/reference/index.js';

/**
 * The profile's rules (tabs shown, dependent fields, who may change what) as pure functions: the
 * web app shows, hides and disables by them, and the server enforces the same ones.
 */

export const PROFILE_TABS = [
  { key: 'personal', label: 'Personal Information' },
  { key: 'qualifications', label: 'Qualifications' },
  { key: 'employer', label: 'Employer' },
  { key: 'spouse', label: 'Spouse Details' },
  { key: 'children', label: 'Children Details' },
  { key: 'churchAffiliation', label: 'Church Affiliations' },
  { key: 'departments', label: 'Departments' },
  { key: 'customFields', label: 'More' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['key'];

/** hasCustomFields: the reader sees at least one of the church's own fields (docs/decisions/0209). */
type Status = { employmentStatus?: string | null; maritalStatus?: string | null; hasCustomFields?: boolean };

const showsEmployerTab = (b: Status) => b.employmentStatus === 'Employed';
const showsSpouseTab = (b: Status) => b.maritalStatus === 'Married';
const showsChildrenTab = (b: Status) => !!b.maritalStatus && b.maritalStatus !== 'Single';

/** The tabs shown for a biodata, in order (none yet: the always-shown ones). */
export function visibleTabs(b: Status | null | undefined): ProfileTab[] {
  const status = b ?? {};
  const hidden: Partial<Record<ProfileTab, boolean>> = {
    employer: !showsEmployerTab(status),
    spouse: !showsSpouseTab(status),
    children: !showsChildrenTab(status),
    customFields: !status.hasCustomFields,
  };
  return PROFILE_TABS.map((t) => t.key).filter((key) => !hidden[key]);
}

/** The charter member number shows at level of ATS 2 or more with charter membership true. */
export function showsCharterNumber(a: { levelOfATS?: string | null; charteredMember?: boolean | null }): boolean {
  return Number(a.levelOfATS) >= 2 && a.charteredMember === true;
}

export const showsMaidenName = (gender?: string | null) => gender === 'Female';
export const showsLga = (country?: string | null) => country === NIGERIA;

export function genderOfTitle(title?: string | null) {
  return title && title in TITLE_GENDER ? TITLE_GENDER[title as Title] : undefined;
}

/**
 * A saved biodata as the form shows it: gender follows the title when missing, and a field the
 * form hides (maiden name unless Female, LGA outside Nigeria) is not kept.
 */
export function normaliseBiodata<
  T extends { title?: string | null; gender?: string | null; maidenName?: string | null; country?: string | null; lga?: string | null },
>(b: T): T {
  const gender = b.gender ?? genderOfTitle(b.title);
  return {
    ...b,
    gender,
    maidenName: showsMaidenName(gender) ? b.maidenName : null,
    lga: showsLga(b.country) ? b.lga : null,
  };
}

/** Children in the order the tab lists them: by date of birth, oldest first; undated last. */
export function sortChildren<T extends { dateOfBirth?: string | null }>(children: readonly T[]): T[] {
  return [...children].sort((a, b) => (a.dateOfBirth ?? '9999').localeCompare(b.dateOfBirth ?? '9999'));
}

type Permissions = ReadonlySet<string> | readonly string[];
const holds = (perms: Permissions, p: string) => ('has' in perms ? perms.has(p) : perms.includes(p));

/** Profile editing: CAN_UPDATE_OTHER_MEMBERS, or CAN_UPDATE_MEMBERS on one's own profile. */
export function canEditProfile(perms: Permissions, isSelf: boolean): boolean {
  return holds(perms, P.updateOtherMembers) || (isSelf && holds(perms, P.updateMembers));
}

/** Another member's record is read with CAN_VIEW_MEMBERS or CAN_UPDATE_OTHER_MEMBERS. */
export function canViewProfile(perms: Permissions, isSelf: boolean): boolean {
  return isSelf || holds(perms, P.viewMembers) || holds(perms, P.updateOtherMembers);
}

/** The status (demise) field. */
export const canEditStatus = (perms: Permissions) => holds(perms, P.updateDemise);

/** Avatar upload: only on one's own profile. */
export const canUploadAvatar = (isSelf: boolean) => isSelf;

/** The Change Role modal: administrators (who manage users). */
export const canChangeRole = (perms: Permissions) => holds(perms, P.updateUserManagement);

/** A request to join a department is offered only to the member with edit rights. */
export const canRequestToJoinDepartment = (perms: Permissions, isSelf: boolean) => canEditProfile(perms, isSelf);

export const AFFILIATION_FIELDS = [
  'levelOfATS',
  'charteredMember',
  'charteredMemberNumber',
  'mountainOfInfluence',
  'affinityGroup',
  'zoneId',
  'centerId',
  'cihAddress',
  'ministry',
  'unit',
] as const;
export type AffiliationField = (typeof AFFILIATION_FIELDS)[number];

/** What a member may set on their own affiliation without the permission: zone and center (and the CIH address that goes with the center). */
export const SELF_AFFILIATION_FIELDS: readonly AffiliationField[] = ['zoneId', 'centerId', 'cihAddress'];

/**
 * The church affiliation fields the viewer may change: all of them with
 * CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS, zone and center on one's own editable profile, else none.
 */
export function editableAffiliationFields(perms: Permissions, isSelf: boolean, placed = false): readonly AffiliationField[] {
  if (holds(perms, P.updateChurchAffiliation)) return AFFILIATION_FIELDS;
  if (!isSelf || !canEditProfile(perms, true)) return [];
  // Zone and center are one's own to choose once; a placed member (or a CIH leader) moves by request.
  return placed ? SELF_AFFILIATION_FIELDS.filter((field) => field !== 'zoneId' && field !== 'centerId') : SELF_AFFILIATION_FIELDS;
}

/** Placed: a zone or center chosen, or a CIH role held (which is tied to its center). */
export const isPlaced = (affiliation?: { readonly [field: string]: unknown } | null) =>
  !!(affiliation?.zoneId || affiliation?.centerId || affiliation?.cihRole);
