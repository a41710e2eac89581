import { z } from 'zod';
import { emailField } from '@/domain/auth/schemas.js';
import { GENDERS } from '@/domain/common/enums.js';
import { idField } from '@/domain/common/fields.js';

/**
 * Duplicate people: the suggested pairs, dismissing a pair, merging two records into one, and the
 * quick add of one person that checks for duplicates first (docs/decisions/0211-duplicates-and-merge.md).
 * The server validates with these and the web dialogs reuse them.
 */

/** Why two records look like one person. */
export const MATCH_REASONS = ['phone', 'email', 'name'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** How close two names must be (pg_trgm similarity of the folded full names) to count, with the same birth date. */
export const NAME_SIMILARITY = 0.5;

/** One person of a pair or a match, as the screens show them. */
export type DuplicatePerson = {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  isFirstTimer: boolean;
  createdAt: string;
};

export type DuplicatePair = { a: DuplicatePerson; b: DuplicatePerson; reasons: MatchReason[] };
export type DuplicateMatch = DuplicatePerson & { reasons: MatchReason[] };

/** The pair named by a dismissal, either way round. */
export const duplicatePairSchema = z.object({ userId: idField('UserId'), otherId: idField('OtherId') });

/**
 * The biodata fields a merge chooses between, field by field; the kept record's account (email,
 * password, roles given, state) is not among them: the kept record signs in as before.
 */
export const MERGE_FIELDS = [
  'title',
  'firstName',
  'middleName',
  'surName',
  'mobile1',
  'mobile2',
  'gender',
  'dateOfBirth',
  'address',
  'nearestBusStop',
  'lga',
  'state',
  'country',
  'employmentStatus',
  'placeOfBirth',
  'nationality',
  'stateOfOrigin',
  'maritalStatus',
  'maidenName',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** Which record a field's value comes from: the kept one, or the one merged into it. */
export const MERGE_SOURCES = ['kept', 'merged'] as const;

export const mergePreviewQuery = z.object({ keepId: idField('KeepId'), mergeId: idField('MergeId') });

export const mergeSchema = mergePreviewQuery.extend({
  /** Per field, where both records hold a value; a field left out keeps the kept record's value, or the other's when the kept one has none. */
  choices: z
    .strictObject(
      Object.fromEntries(
        MERGE_FIELDS.map((f) => [f, z.enum(MERGE_SOURCES, { error: "A choice is 'kept' or 'merged'" }).optional()]),
      ) as Record<MergeField, z.ZodOptional<z.ZodEnum<{ kept: 'kept'; merged: 'merged' }>>>,
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys' ? `Choices name the fields of the biodata: ${MERGE_FIELDS.join(', ')}` : undefined,
      },
    )
    .default({}),
});
export type MergeChoices = z.output<typeof mergeSchema>['choices'];

/** One field of the preview: both values, and which one the merge keeps unless chosen otherwise. */
export type MergePreviewField = { field: MergeField; kept: string | null; merged: string | null; wins: (typeof MERGE_SOURCES)[number] };

export type MergePreview = {
  kept: DuplicatePerson;
  merged: DuplicatePerson;
  fields: MergePreviewField[];
  /** How many rows name the merged record, by table: what moves to the kept one. */
  references: Record<string, number>;
};

const phoneText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(30, `${label} must be at most 30 characters`)
    .regex(/^\+?[\d\s\-().]{7,}$/, `${label} must be a phone number`);

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** The quick add's person: what the office needs to put someone on the list (as the import asks). */
export const quickPersonSchema = z.object({
  firstName: name('First name'),
  surName: name('Last name'),
  email: emailField,
  mobile1: phoneText('Phone'),
  gender: z.enum(GENDERS, { error: 'Gender must be Male or Female' }),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
    .nullable()
    .optional(),
  departmentId: z.guid({ error: 'Department must be a valid id' }).nullable().optional(),
});

export const quickAddSchema = quickPersonSchema.extend({
  /** Saved although likely duplicates were found: the office looked at them and this is someone else. */
  saveAnyway: z.boolean({ error: 'saveAnyway must be true or false' }).default(false),
});

/** The suggestions' page: one order (the most reasons first), so neither sort nor search is taken. */
export const duplicatePairsQuery = z
  .object({
    pageNumber: z.coerce.number().int('PageNumber must be a whole number').min(1, 'PageNumber must be 1 or more').max(1_000_000).optional(),
    pageSize: z.coerce
      .number()
      .int('PageSize must be a whole number')
      .min(1, 'PageSize must be 1 or more')
      .max(500, 'PageSize must be at most 500')
      .optional(),
  })
  .strict();
