import { z } from 'zod';
import { MEMBER_REQUEST_KINDS, MEMBER_REQUEST_STATUSES } from '@/domain/common/enums.js';
import { decisionCommentError } from '@/domain/requests/rules.js';
import { calendarDate } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';

/** The query parameters of the request calls. */

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

const comment = z.string({ error: 'Comment must be text' }).trim().max(500, 'At most 500 characters').optional();

function commentWhenRejecting(q: { approve: boolean; comment?: string }, ctx: z.RefinementCtx) {
  const message = decisionCommentError(q.approve, q.comment);
  if (message) ctx.addIssue({ code: 'custom', path: ['comment'], message });
}

/** Approve...?RequestId&Approve&Comment: a rejection needs its comment. */
export const decisionSchema = z
  .object({ requestId: idField('RequestId'), approve: z.stringbool({ error: 'Approve must be true or false' }), comment })
  .superRefine(commentWhenRejecting);

/** The decision dialog's form: its comment, required to reject. */
export const decisionFormSchema = (approve: boolean) =>
  z.object({ comment }).superRefine((v, ctx) => commentWhenRejecting({ approve, comment: v.comment }, ctx));

export const cancelRequestSchema = z.object({ requestId: idField('RequestId') });

const day = calendarDate;

/** The filters of every request list; From and To are days (UTC), both included. */
export const requestFilters = {
  kind: choice(MEMBER_REQUEST_KINDS, 'Kind').optional(),
  status: choice(MEMBER_REQUEST_STATUSES, 'Status').optional(),
  departmentId: idField('DepartmentId').optional(),
  zoneId: idField('ZoneId').optional(),
  from: day('From').optional(),
  to: day('To').optional(),
};
