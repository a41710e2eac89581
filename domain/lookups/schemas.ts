import { z } from 'zod';
import { ACCESSORY_CONDITIONS, GENDERS, MARITAL_STATUSES } from '@/domain/common/enums.js';
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

/** A list's create form and its update form, which is the create's plus the record's id. */
const formsOf = <S extends z.ZodRawShape>(shape: S) => ({ create: z.object(shape), update: withId(shape) });

/** A list with a leader (ministries, mountains of influence); `label` names it in the messages. */
export const ledForms = (label: string) => formsOf({ ...lookupShape(label), leaderId: optionalId('Leader') });

/** Units and special units may sit under a ministry. */
export const unitForms = (label: string) =>
  formsOf({ ...lookupShape(label), leaderId: optionalId('Leader'), ministryId: optionalId('Ministry') });

export const accessoryForms = formsOf({
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
});

/** A means of identification (passport, driver's licence ...): whether a holder must give its number. */
export const moiForms = formsOf({
  ...lookupShape('Means of identification'),
  requiresNumber: z.boolean({ error: 'Requires number must be true or false' }).default(false),
});
