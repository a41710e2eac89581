import { z } from 'zod';
import {
  EMPLOYMENT_STATUSES,
  GENDERS,
  HIGHEST_QUALIFICATIONS,
  LEVELS_OF_ATS,
  MARITAL_STATUSES,
  TITLE_GENDER,
  TITLES,
} from '@/domain/common/enums.js';
import { isSubSectorOf, SECTOR_NAMES } from '@/domain/common/reference/sectors.js';
import { emailField } from '@/domain/auth/schemas.js';
import { pastDate } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';
import { cihRoleField } from '@/domain/roles/schemas.js';

/**
 * The profile's forms, with the product's validation messages word for word: personal information,
 * qualification, spouse, child, employer, church affiliation and the member's requests. The
 * server validates with these and the web forms reuse them. A create carries no id; an update
 * names the record by its id (biodata, spouse, employer and affiliation also by the userId,
 * one per member).
 */

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

const optionalText = (max = 100) => z.string({ error: 'Must be text' }).trim().max(max, `At most ${max} characters`).optional();

/** true or false; the web app's selects send 'True' and 'False' (charter member). */
const flag = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (({ true: true, false: false } as Record<string, boolean>)[v.toLowerCase()] ?? v) : v),
    z.boolean({ error: `${label} must be true or false` }),
  );

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

const title = choice(TITLES, 'Title');
const gender = choice(GENDERS, 'Gender');
const optionalEmail = emailField.optional();
const mobile1 = requiredText('Mobile 1 is required', 30);

/** Title and gender agree: Mr and Master are Male, Mrs and Miss Female. */
function titleFitsGender(p: { title?: keyof typeof TITLE_GENDER; gender?: string }, ctx: z.RefinementCtx) {
  if (p.title && p.gender && TITLE_GENDER[p.title] !== p.gender) {
    ctx.addIssue({ code: 'custom', path: ['gender'], message: `The title ${p.title} goes with the gender ${TITLE_GENDER[p.title]}` });
  }
}

// Personal information (biodata)

const personalShape = {
  userId: idField('User'),
  title: title.optional(),
  firstName: requiredText('First name is required'),
  middleName: optionalText(),
  surName: requiredText('Last name is required'),
  email: emailField,
  mobile1,
  mobile2: optionalText(30),
  address: optionalText(300),
  nearestBusStop: optionalText(),
  lga: optionalText(),
  state: optionalText(),
  country: optionalText(),
  gender: gender.optional(),
  employmentStatus: choice(EMPLOYMENT_STATUSES, 'Employment status').optional(),
  dateOfBirth: pastDate('Date of birth').optional(),
  placeOfBirth: optionalText(),
  nationality: optionalText(),
  stateOfOrigin: optionalText(),
  maritalStatus: choice(MARITAL_STATUSES, 'Marital status').optional(),
  maidenName: optionalText(),
  /** The status: Archived when true. Left out, it stays as it is. */
  demise: flag('Status').optional(),
};
export const biodataSchema = z.object(personalShape).superRefine(titleFitsGender);
export const biodataUpdateSchema = z.object({ ...personalShape, id: idField('Id').optional() }).superRefine(titleFitsGender);
export type BiodataInput = z.input<typeof biodataSchema>;
export type Biodata = z.output<typeof biodataSchema>;

// Qualification

const qualificationShape = {
  userId: idField('User'),
  highestQualification: z.enum(HIGHEST_QUALIFICATIONS, {
    error: (issue) => (issue.input === undefined ? 'This field is required' : `Choose one of: ${HIGHEST_QUALIFICATIONS.join(', ')}`),
  }),
  professionalQualification: optionalText(200),
};
export const qualificationSchema = z.object(qualificationShape);
export const qualificationUpdateSchema = z.object({ ...qualificationShape, id: idField() });
export type QualificationInput = z.input<typeof qualificationSchema>;

// Spouse: required like the personal information

const spouseShape = {
  userId: idField('User'),
  title: title.optional(),
  firstName: requiredText('First name is required'),
  middleName: optionalText(),
  surName: requiredText('Last name is required'),
  mobile1,
  mobile2: optionalText(30),
  email: emailField,
  gender: gender.optional(),
  dateOfBirth: pastDate('Date of birth').optional(),
  weddingAnniversary: pastDate('Wedding anniversary').optional(),
};
export const spouseSchema = z.object(spouseShape).superRefine(titleFitsGender);
export const spouseUpdateSchema = z.object({ ...spouseShape, id: idField('Id').optional() }).superRefine(titleFitsGender);
export type SpouseInput = z.input<typeof spouseSchema>;

// Child: position is hidden and optional on create, required and numeric in the edit form

const position = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'Position field is required' : 'Position must be a number') })
    .int('Position must be a whole number')
    .min(1, 'Position must be 1 or more')
    .max(50, 'Position must be at most 50'),
);

const childShape = {
  userId: idField('User'),
  title: title.optional(),
  firstName: requiredText('First name is required'),
  middleName: optionalText(),
  surName: requiredText('Last name is required'),
  email: optionalEmail,
  mobile1: optionalText(30),
  mobile2: optionalText(30),
  gender: gender.optional(),
  dateOfBirth: pastDate('Date of birth').optional(),
  position: position.optional(),
};
export const childSchema = z.object(childShape).superRefine(titleFitsGender);
export const childUpdateSchema = z.object({ ...childShape, id: idField(), position }).superRefine(titleFitsGender);
export type ChildInput = z.input<typeof childSchema>;

// Employer: every field optional; a sub-sector belongs to its sector

const employerShape = {
  userId: idField('User'),
  employerName: optionalText(200),
  employerAddress: optionalText(300),
  positionHeld: optionalText(),
  sector: z.enum(SECTOR_NAMES as [string, ...string[]], { error: 'Choose a sector from the list' }).optional(),
  subSector: optionalText(),
  country: optionalText(),
  state: optionalText(),
  lga: optionalText(),
};
function subSectorFits(e: { sector?: string; subSector?: string }, ctx: z.RefinementCtx) {
  if (e.subSector && !(e.sector && isSubSectorOf(e.sector, e.subSector))) {
    ctx.addIssue({ code: 'custom', path: ['subSector'], message: 'Choose a sub-sector of the chosen sector' });
  }
}
export const employerSchema = z.object(employerShape).superRefine(subSectorFits);
export const employerUpdateSchema = z.object({ ...employerShape, id: idField('Id').optional() }).superRefine(subSectorFits);
export type EmployerInput = z.input<typeof employerSchema>;

// Church affiliation

const affiliationShape = {
  userId: idField('User'),
  levelOfATS: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), choice(LEVELS_OF_ATS, 'Level of ATS')).optional(),
  charteredMember: flag('Charter member').optional(),
  charteredMemberNumber: optionalText(50),
  mountainOfInfluence: optionalText(),
  /** Affinity group names; 'none' in any letter case means no group. */
  affinityGroup: z
    .array(z.string({ error: 'Affinity groups must be names' }).trim().min(1).max(100), {
      error: 'Affinity groups must be a list of names',
    })
    .max(20, 'At most 20 affinity groups')
    .transform((names) => names.filter((n) => n.toLowerCase() !== 'none'))
    .optional(),
  zoneId: idField('Zone').optional(),
  centerId: idField('Center').optional(),
  cihAddress: optionalText(300),
  ministry: optionalText(),
  unit: optionalText(),
  /**
   * The CIH role, for the inspectorate only: a move to another center clears it unless the same
   * save gives it again. Left out, the role stays (or goes with the move).
   */
  cihRole: cihRoleField.optional(),
};
export const churchAffiliationSchema = z.object(affiliationShape);
export const churchAffiliationUpdateSchema = z.object({ ...affiliationShape, id: idField('Id').optional() });
export type ChurchAffiliationInput = z.input<typeof churchAffiliationSchema>;

// The member's requests (query parameters of the Request* calls)

const reason = requiredText('Reason is required', 500);
const optionalReason = optionalText(500);

/** Department request: department and reason are required. */
export const joinDepartmentRequestSchema = z.object({
  userId: idField('User'),
  department: requiredText('Department is required'),
  reason,
});
export const changeDepartmentRequestSchema = z.object({
  userId: idField('User'),
  newDepartment: requiredText('Department is required'),
  reason,
});
/** Affinity request: both fields are optional in the form. */
export const joinAffinityGroupRequestSchema = z.object({
  userId: idField('User'),
  affinityGroup: optionalText(),
  reason: optionalReason,
});
export const changeAffinityGroupRequestSchema = z.object({
  userId: idField('User'),
  newAffinityGroup: optionalText(),
  reason: optionalReason,
});
/** Zone request: the zone is required. */
export const changeZoneRequestSchema = z.object({
  userId: idField('User'),
  newCihZone: requiredText('Zone is required'),
  newCenter: optionalText(),
  reason: optionalReason,
});

// A person's rights over their data

/** DownloadMyData: JSON (the default) or a page to read and print. */
export const personalDataQuery = z.object({ format: z.enum(['json', 'html']).optional() });

/** UpdateMyConsents: the choices made (true or false); those left out stay as they were. */
export const consentChoicesSchema = z.object({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  listing: z.boolean().optional(),
  age: z.boolean().optional(),
  greetings: z.boolean().optional(),
  directory: z.boolean().optional(),
});
