import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { biodata, roles, userRoles, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict } from '@/server/http/errors.js';

/** Who becomes a first-timer: a convert of an outreach, a visitor of a CIH meeting. */
export type FirstTimerPerson = {
  firstName: string;
  surName: string;
  email?: string | null;
  phone?: string | null;
  gender?: string | null;
  address?: string | null;
};

/**
 * Makes the account a sign-up makes (first-timer, the firsttimers role, biodata from the
 * person), inactive and without a password until the person validates their email. Biodata
 * needs an email and a phone; an email already registered is a 409. Returns the new user's id.
 */
export async function createFirstTimerAccount(tx: Tx, audit: (e: AuditEntry) => void, who: FirstTimerPerson, source: string) {
  if (!who.email || !who.phone)
    throw badRequest(`A first-timer needs an email and a phone number: add them to the ${source} first`, {
      ...(!who.email && { email: ['Email is required'] }),
      ...(!who.phone && { phone: ['Phone is required'] }),
    });
  const email = who.email.toLowerCase();
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (taken) throw conflict(`A user with the email ${email} already exists`);
  const person = { firstName: who.firstName, surName: who.surName, email, gender: who.gender ?? undefined };
  const [user] = await tx
    .insert(users)
    .values({ ...person, mobile1: who.phone, isFirstTimer: true })
    .returning();
  const [role] = await tx.select().from(roles).where(eq(roles.name, 'firsttimers'));
  if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  await tx.insert(biodata).values({ ...person, userId: user.id, mobile1: who.phone, address: who.address ?? undefined });
  audit({ action: 'create', entity: 'user', entityId: user.id, after: { ...user, passwordHash: undefined }, subjectId: user.id });
  return user.id;
}
