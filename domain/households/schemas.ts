import { z } from 'zod';
import { GENDERS, type Gender } from '@/domain/common/enums.js';
import { pastDate } from '@/domain/common/dates.js';
import { idField, requiredText } from '@/domain/common/fields.js';

/**
 * Households (docs/decisions/0213-households.md): a family with a name, one shared address and
 * its members, each a person in Flock or a spouse or child record of a profile, with a role.
 * A person belongs to at most one household.
 */

export const HOUSEHOLD_ROLES = ['head', 'spouse', 'child', 'other'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** The most people one family form adds at once: one transaction of bounded size. */
const MAX_HOUSEHOLD_MEMBERS = 30;

const roleField = z.enum(HOUSEHOLD_ROLES, { error: `Role must be one of ${HOUSEHOLD_ROLES.join(', ')}` });

const addressField = z
  .string({ error: 'Address must be text' })
  .trim()
  .max(300, 'Address must be at most 300 characters')
  .nullable()
  .optional();

/** A person the family form adds who is not yet in Flock: created in the same transaction. */
export const newPersonSchema = z.object({
  firstName: requiredText('First name'),
  surName: requiredText('Last name'),
  gender: z.enum(GENDERS, { error: 'Gender must be Male or Female' }),
  dateOfBirth: pastDate('Date of birth').nullable().optional(),
  mobile1: z
    .string({ error: 'Phone must be text' })
    .trim()
    .regex(/^(\+?[\d\s\-().]{7,30})?$/, 'Phone must be a phone number')
    .nullable()
    .optional(),
});
export type NewPerson = z.infer<typeof newPersonSchema>;

/** One member of a form: a person already in Flock (userId) or a new one (person), with a role. */
const memberShape = { userId: idField('UserId').optional(), person: newPersonSchema.optional(), role: roleField };
const onePerson = (m: { userId?: string; person?: NewPerson }) => (m.userId === undefined) !== (m.person === undefined);
const ONE_PERSON = 'Each member is either a person in Flock (userId) or a new person (person)';

export const memberInputSchema = z.object(memberShape).refine(onePerson, ONE_PERSON);
export type MemberInput = z.infer<typeof memberInputSchema>;

/** 'Add a family' in one form: its name, address and people. */
export const householdCreateSchema = z.object({
  name: requiredText('Family name'),
  address: addressField,
  members: z
    .array(memberInputSchema, { error: 'Members must be a list' })
    .min(1, 'Add at least one person')
    .max(MAX_HOUSEHOLD_MEMBERS, `At most ${MAX_HOUSEHOLD_MEMBERS} people at once`),
});
export type HouseholdCreateInput = z.infer<typeof householdCreateSchema>;

export const householdUpdateSchema = z.object({ id: idField(), name: requiredText('Family name'), address: addressField });

/** Adds one member to a household. */
export const householdAddMemberSchema = z.object({ householdId: idField('HouseholdId'), ...memberShape }).refine(onePerson, ONE_PERSON);

/** Changes a member's role (id: the membership's). */
export const householdRoleSchema = z.object({ id: idField(), role: roleField });

/** A member as the family page and the profile show them. */
export type HouseholdMember = {
  /** The membership's id. */
  id: string;
  /** The person in Flock; null for a profile's spouse or child record. */
  userId: string | null;
  /** A person in Flock, or the spouse or child record of the head's profile (no account). */
  kind: 'person' | 'spouse' | 'child';
  fullName: string;
  role: HouseholdRole;
  gender: Gender | null;
  dateOfBirth: string | null;
  phone: string | null;
};

export type Household = {
  id: string;
  name: string;
  address: string | null;
  members: HouseholdMember[];
  /** Members the caller may not see (they said no to listing): counted, not named. */
  hiddenMembers: number;
  updatedAt: string;
};

/** A row of the households list. */
export type HouseholdSummary = { id: string; name: string; address: string | null; head: string | null; members: number };
