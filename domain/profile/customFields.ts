import { z, type ZodType } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { idField, requiredText } from '@/domain/common/fields.js';

/**
 * The church's own fields on people (docs/decisions/0209): their definitions, who sees them, and
 * the schema of their values, built from the definitions in force when a value is sent.
 */

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'yesno'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Who sees a field: everyone (the person too), leaders (who may read others' profiles), the office. */
export const CUSTOM_FIELD_VISIBILITIES = ['everyone', 'leaders', 'office'] as const;
export type CustomFieldVisibility = (typeof CUSTOM_FIELD_VISIBILITIES)[number];

export type CustomFieldDefinition = {
  id: string;
  name: string;
  type: CustomFieldType;
  choices: string[];
  required: boolean;
  visibility: CustomFieldVisibility;
  position: number;
  retired: boolean;
  updatedAt?: string;
};

export type CustomFieldValue = string | number | boolean | null;

/** A field on a person's profile: its definition, the value, and whether the caller may change it. */
export type PersonCustomField = CustomFieldDefinition & { value: CustomFieldValue; editable: boolean };

/** A caller's tier: the office sees every field, leaders everyone's and leaders', the rest everyone's. */
export type CustomFieldTier = CustomFieldVisibility;

export function tierOf(permissions: ReadonlySet<string>): CustomFieldTier {
  if (permissions.has(P.manageCustomFields)) return 'office';
  if (permissions.has(P.viewMembers) || permissions.has(P.updateOtherMembers)) return 'leaders';
  return 'everyone';
}

const RANK: Record<CustomFieldVisibility, number> = { everyone: 0, leaders: 1, office: 2 };

/** Whether a caller of this tier sees a field of this visibility. */
export const sees = (tier: CustomFieldTier, visibility: CustomFieldVisibility) => RANK[visibility] <= RANK[tier];

/**
 * Whether a caller may write a field on a profile they may edit: the office every field; anyone
 * else only what they see, and on their own profile only the fields everyone sees (a leader does
 * not keep the leaders' notes about themselves).
 */
export const writes = (tier: CustomFieldTier, visibility: CustomFieldVisibility, own: boolean) =>
  tier === 'office' || (sees(tier, visibility) && (!own || visibility === 'everyone'));

const choiceList = z
  .array(requiredText('A choice', 100), { error: 'Choices must be a list of texts' })
  .max(100, 'A field may have at most 100 choices')
  .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, 'Each choice may appear only once');

const definitionShape = {
  name: requiredText('Name', 60),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: `Type must be one of ${CUSTOM_FIELD_TYPES.join(', ')}` }),
  choices: choiceList.optional(),
  required: z.boolean({ error: 'Required must be true or false' }).optional(),
  visibility: z.enum(CUSTOM_FIELD_VISIBILITIES, { error: `Visibility must be one of ${CUSTOM_FIELD_VISIBILITIES.join(', ')}` }),
};

const choicesFitType = (d: { type?: string; choices?: string[] }) => d.type !== 'choice' || (d.choices?.length ?? 0) > 0;
const CHOICES_NEEDED = { message: 'A field of type choice needs at least one choice', path: ['choices'] };

export const customFieldCreateSchema = z.object(definitionShape).refine(choicesFitType, CHOICES_NEEDED);

/** An update names the field; its type may change only while it holds no values (the server checks). */
export const customFieldUpdateSchema = z
  .object({
    id: idField(),
    ...definitionShape,
    retired: z.boolean({ error: 'Retired must be true or false' }).optional(),
    updatedAt: z.string().optional(),
  })
  .refine(choicesFitType, CHOICES_NEEDED);

export const customFieldOrderSchema = z.object({
  ids: z.array(idField('Each id'), { error: 'Ids must be a list of field ids' }).min(1, 'Name at least one field').max(500),
});

export const customFieldListQuery = z.object({
  includeRetired: z
    .enum(['true', 'false'], { error: "IncludeRetired must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});

export const customValuesSaveSchema = z.object({
  userId: idField('UserId'),
  values: z.record(z.string(), z.unknown(), { error: 'Values must be an object of field ids and values' }),
});

/** A date as the profile sends it: YYYY-MM-DD, a real day. */
const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} must be a real date`,
    );

/** The schema of one field's value, by its type; null clears it. */
export function valueSchema(field: Pick<CustomFieldDefinition, 'name' | 'type' | 'choices'>): ZodType<CustomFieldValue> {
  const label = field.name;
  switch (field.type) {
    case 'text':
      return z
        .string({ error: `${label} must be text` })
        .trim()
        .max(500, `${label} must be at most 500 characters`);
    case 'number':
      return z.coerce
        .number({ error: `${label} must be a number` })
        .refine(Number.isFinite, `${label} must be a number`)
        .refine((n) => Math.abs(n) < 1e12, `${label} is too large`);
    case 'date':
      return isoDate(label);
    case 'choice':
      return z.string({ error: `${label} must be one of ${field.choices.join(', ')}` }).refine((v) => field.choices.includes(v), {
        message: `${label} must be one of ${field.choices.join(', ')}`,
      });
    case 'yesno':
      return z.boolean({ error: `${label} must be yes or no (true or false)` });
  }
}

/** Empty input (null, '', missing) is no value. */
export const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

const YES_NO: Record<string, boolean> = { true: true, yes: true, y: true, false: false, no: false, n: false };

/**
 * A value written as text (a query parameter, a spreadsheet cell) as valueSchema takes it: yes/no
 * from true, yes, y, false, no, n (without case); anything else, and other types, as written, so
 * the field's own message refuses what does not fit.
 */
export const fromText = (field: Pick<CustomFieldDefinition, 'type'>, raw: string): unknown =>
  field.type === 'yesno' ? (YES_NO[raw.trim().toLowerCase()] ?? raw) : raw;
