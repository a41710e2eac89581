import { z, type ZodObject, type ZodType } from 'zod';
import { idField } from '@/domain/common/fields.js';
import type { LOOKUP_KINDS, LookupName } from './kinds.js';
import * as forms from './schemas.js';

/*
 * The lookup lists' schemas, an entry per kind of the table (./kinds.ts): the form's, whose
 * update is the create's plus the id, and one per list filter the kind declares. A kind left out,
 * or a declared filter without its schema, does not compile.
 */

type FilterName<N extends LookupName> = (typeof LOOKUP_KINDS)[N] extends { filters: infer F } ? keyof F & string : never;

/** One kind's schemas; `filters` holds exactly the filters its entry declares. */
export type KindSchemas<N extends LookupName> = { create: ZodObject; update: ZodObject } & ([FilterName<N>] extends [never]
  ? { filters?: never }
  : { filters: Record<FilterName<N>, ZodType> });

export const LOOKUP_SCHEMAS = {
  // The refinement puts 'Start age cannot be greater than end age' under the start age.
  affinityGroups: {
    create: forms.affinityGroupSchema,
    update: forms.affinityGroupUpdateSchema,
    filters: {
      age: z.coerce.number({ error: 'Age must be a number' }).int('Age must be a whole number').min(0).max(120).optional(),
      maritalStatus: forms.affinityGroupSchema.shape.maritalStatus,
      gender: forms.affinityGroupSchema.shape.gender,
    },
  },
  ministries: forms.ledForms('Ministry'),
  units: { ...forms.unitForms('Unit'), filters: { ministryId: idField('MinistryId').optional() } },
  specialUnits: { ...forms.unitForms('Special unit'), filters: { ministryId: idField('MinistryId').optional() } },
  accessories: { ...forms.accessoryForms, filters: { condition: forms.accessoryForms.create.shape.condition } },
  moi: forms.moiForms,
  mountainsOfInfluence: forms.ledForms('Mountain of influence'),
} satisfies { [N in LookupName]: KindSchemas<N> };

/** A kind's filters' schemas by filter name (none for a kind without filters). */
export function filterSchemasOf(name: LookupName): Record<string, ZodType> {
  const schemas = LOOKUP_SCHEMAS[name];
  return 'filters' in schemas ? schemas.filters : {};
}
