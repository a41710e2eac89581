import { z } from 'zod';
import { idField, optionalId, optionalText, requiredText, withId } from '@/domain/common/fields.js';

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

// The queries of the membership calls

/** SetPrimaryDepartment: the member and the department that becomes their primary one. */
export const primaryDepartmentQuery = z.object({
  userId: idField('User'),
  departmentName: z.string({ error: 'Department name is required' }).trim().min(1, 'Department name is required'),
});

const memberOfDepartment = { userId: idField('UserId'), departmentName: departmentSchema.shape.departmentName };
/** Undoing a delisting (DELETE DelistMemberFromDepartment): the member and the department. */
export const undoDelistingQuery = z.object(memberOfDepartment);
/** DelistMemberFromDepartment: the member, the department and the reason. */
export const delistQuery = z.object({ ...memberOfDepartment, reason: delistReasonField });
