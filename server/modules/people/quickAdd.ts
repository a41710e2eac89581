import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { quickAddSchema } from '@/domain/people/duplicates.js';
import type { Tx } from '@/server/db/client.js';
import { biodata, departments, roles, userDepartments, userRoles, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { ApiError, badRequest, conflict } from '@/server/http/errors.js';
import { EMAIL_TAKEN } from './accounts.js';
import { likelyMatches } from './duplicateSearch.js';

/** The 409 of a quick add that found likely duplicates and was not told to save anyway. */
const DUPLICATES_FOUND = 'This person may already be on the list: open a match, or save anyway';

/**
 * One person added from the member list, as the import adds a member (verified, no password, the
 * member role, optionally a department as primary), after the duplicate check: likely matches
 * refuse it (409, the matches named) unless saveAnyway. An email already held is refused always:
 * it is the account's sign-in.
 */
export async function quickAdd(tx: Tx, audit: (e: AuditEntry) => void, input: z.output<typeof quickAddSchema>) {
  const email = input.email.toLowerCase();
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (holder) throw conflict(EMAIL_TAKEN);
  if (input.departmentId) {
    const [department] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, input.departmentId));
    if (!department) throw badRequest('Unknown department', { departmentId: ['Unknown department'] });
  }
  if (!input.saveAnyway) {
    const matches = await likelyMatches(tx, { ...input, email });
    if (matches.length)
      throw new ApiError(409, DUPLICATES_FOUND, { matches: matches.map((m) => `${m.fullName} (${m.reasons.join(', ')})`) });
  }
  const person = { firstName: input.firstName, surName: input.surName, gender: input.gender, mobile1: input.mobile1 };
  const [user] = await tx
    .insert(users)
    .values({ ...person, email, emailVerified: true, isFirstTimer: false })
    .returning();
  await tx.insert(biodata).values({ ...person, userId: user.id, email, dateOfBirth: input.dateOfBirth ?? null });
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'member'));
  if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  if (input.departmentId)
    await tx.insert(userDepartments).values({ userId: user.id, departmentId: input.departmentId, isPrimaryDepartment: true });
  audit({
    action: 'create-user',
    entity: 'user',
    entityId: user.id,
    after: {
      ...person,
      email,
      dateOfBirth: input.dateOfBirth ?? null,
      departmentId: input.departmentId ?? null,
      saveAnyway: input.saveAnyway,
    },
  });
  return { id: user.id, email, firstName: user.firstName, surName: user.surName };
}
