import { z } from 'zod';
import { GENDERS, MARITAL_STATUSES } from '@/domain/common/enums.js';
import { age, codeField, optionalId, optionalText, requiredText, withId } from '@/domain/common/fields.js';

/**
 * Affinity groups and the lookup lists' forms. The server validates with these and the web forms
 * reuse them. Each update schema is its create schema plus the record's id; an update replaces every field.
 */

// Affinity groups

const AGE_RANGE_MESSAGE = 'Start age cannot be greater than end age';

const affinityGroupShape = {
  // A member's list drops 'none' in any letter case, so no group may bear it.
  affinityGroupName: requiredText('Affinity group name').refine(
    (name) => name.toLowerCase() !== 'none',
    "'None' cannot name an affinity group",
  ),
  affinityGroupCode: codeField('Affinity group code', true),
  description: optionalText('Description'),
  startAge: age('Start age'),
  endAge: age('End age'),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Choose a marital status from the list' }).optional(),
  gender: z.enum(GENDERS, { error: 'Choose a gender from the list' }).optional(),
};
const ageRange = (group: { startAge?: number; endAge?: number }) =>
  group.startAge === undefined || group.endAge === undefined || group.startAge <= group.endAge;
export const affinityGroupSchema = z.object(affinityGroupShape).refine(ageRange, { message: AGE_RANGE_MESSAGE, path: ['startAge'] });
export const affinityGroupUpdateSchema = withId(affinityGroupShape).refine(ageRange, { message: AGE_RANGE_MESSAGE, path: ['startAge'] });
export type AffinityGroupInput = z.input<typeof affinityGroupSchema>;

// The lookup lists: each a name, an optional unique code and a description, plus its own fields.

const lookupShape = (label: string) => ({
  name: requiredText(`${label} name`),
  code: codeField(),
  description: optionalText('Description'),
});

const ministryShape = { ...lookupShape('Ministry'), leaderId: optionalId('Leader') };
export const ministrySchema = z.object(ministryShape);
export const ministryUpdateSchema = withId(ministryShape);

/** Units and special units may sit under a ministry. */
const unitShape = (label: string) => ({ ...lookupShape(label), leaderId: optionalId('Leader'), ministryId: optionalId('Ministry') });
export const unitSchema = z.object(unitShape('Unit'));
export const unitUpdateSchema = withId(unitShape('Unit'));
export const specialUnitSchema = z.object(unitShape('Special unit'));
export const specialUnitUpdateSchema = withId(unitShape('Special unit'));

export const ACCESSORY_CONDITIONS = ['New', 'Good', 'Fair', 'Poor'] as const;
const accessoryShape = {
  ...lookupShape('Accessory'),
  /** The member who keeps it. */
  custodianId: optionalId('Custodian'),
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(1_000_000, 'Quantity is too large')
    .default(0),
  condition: z.enum(ACCESSORY_CONDITIONS, { error: `Condition must be one of ${ACCESSORY_CONDITIONS.join(', ')}` }).optional(),
  location: optionalText('Location', 200),
};
export const accessorySchema = z.object(accessoryShape);
export const accessoryUpdateSchema = withId(accessoryShape);

/** A means of identification (passport, driver's licence ...): whether a holder must give its number. */
const moiShape = {
  ...lookupShape('Means of identification'),
  requiresNumber: z.boolean({ error: 'Requires number must be true or false' }).default(false),
};
export const moiSchema = z.object(moiShape);
export const moiUpdateSchema = withId(moiShape);

const mountainShape = { ...lookupShape('Mountain of influence'), leaderId: optionalId('Leader') };
export const mountainOfInfluenceSchema = z.object(mountainShape);
export const mountainOfInfluenceUpdateSchema = withId(mountainShape);
