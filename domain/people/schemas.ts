import { z } from 'zod';
import { emailField, languageSchema } from '@/domain/auth/schemas.js';
import { idField, listBody } from '@/domain/common/fields.js';

/**
 * People administration's forms: creating an administrator and the ids of a bulk conversion. The server
 * validates with these and the web forms reuse them.
 */

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

// Users

/** CreateAdmin: the new user gets this platform role (by name), administrator unless said otherwise. */
export const createAdminSchema = z.object({
  firstName: requiredText('First name is required'),
  surName: requiredText('Last name is required'),
  email: emailField,
  mobile1: requiredText('Mobile 1 is required', 30),
  role: z.string({ error: 'Role must be a role name' }).trim().min(1, 'Role is required').max(50).default('administrator'),
  /** The new person's language: their welcome mail, and their screens once they sign in; English when left out. */
  language: languageSchema.optional(),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** The most first-timers one bulk conversion takes: what a 1 MB request body holds with room to spare. */
export const MAX_BULK_CONVERT = 25_000;

/** BulkConvertFirstTimersToMembers: `[id, ...]` or `{ids: [...]}`. */
export const bulkConvertSchema = listBody(
  'ids',
  z
    .array(idField('Id'), { error: 'Ids must be a list of user ids' })
    .min(1, 'Select at least one first-timer')
    .max(MAX_BULK_CONVERT, `At most ${MAX_BULK_CONVERT} first-timers at once`),
);

/** GetUserbyEmail: the address asked for. */
export const userEmailQuery = z.object({ userEmail: emailField });

/** GetUserbyName: the user name asked for, in any letter case. */
export const usernameQuery = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254),
});
