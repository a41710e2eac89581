import { z } from 'zod';
import { optionalId, optionalText, requiredText, withId } from '@/domain/common/fields.js';

/** The department's form; the server validates with it and the web form reuses it. */

const departmentShape = {
  departmentName: requiredText('Department name'),
  description: optionalText('Description'),
  hodId: optionalId('Head of department'),
};
export const departmentSchema = z.object(departmentShape);
export const departmentUpdateSchema = withId(departmentShape);
export type DepartmentInput = z.input<typeof departmentSchema>;

/** A delisting's reason: required, as the member and the audit trail are told why. */
export const delistReasonField = requiredText('Reason', 500);
