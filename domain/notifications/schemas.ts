import { z } from 'zod';
import { AUDIENCE_KINDS } from '@/domain/notifications/audiences.js';

/**
 * The mail categories a user may opt out of: messages from the church, decisions on one's own
 * requests, what waits for one's own decision (approvals), and one's giving statements
 * (docs/decisions/0235-giving-statements.md).
 */
export const EMAIL_CATEGORIES = ['messages', 'requests', 'approvals', 'statements'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** UpdateEmailPreferences: the whole list of categories the caller opts out of. */
export const emailPreferencesSchema = z.object({
  optedOut: z.array(z.enum(EMAIL_CATEGORIES, { error: `Categories are ${EMAIL_CATEGORIES.join(', ')}` })).max(EMAIL_CATEGORIES.length),
});

const audienceFields = {
  audience: z.enum(AUDIENCE_KINDS, { error: `Audience must be one of ${AUDIENCE_KINDS.join(', ')}` }),
  audienceId: z.string().trim().max(100).optional(),
  userIds: z
    .array(z.guid({ error: 'Each chosen person must be a valid id' }))
    .max(25000)
    .optional(),
};

/** The audience as a query (RecipientCount) or form fields; UserIds repeated or comma-separated. */
export const audienceSchema = z.object({
  ...audienceFields,
  userIds: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), audienceFields.userIds),
});

/** GetPeople: the search over names, emails and phones. */
export const peopleSearchQuery = z.object({ search: z.string().trim().max(100).optional() }).strict();
