import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  HouseholdCreateInput,
  householdAddMemberSchema,
  householdRoleSchema,
  householdUpdateSchema,
  MemberInput,
  NewPerson,
} from '@/domain/households/schemas.js';
import type { Tx } from '@/server/db/client.js';
import { biodata, householdMembers, households, memberDirectory, users } from '@/server/db/schema/index.js';
import { listedFor } from '@/server/engines/listing.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '@/server/http/errors.js';
import { HOUSEHOLD_NOT_FOUND } from './read.js';

/**
 * Changes to households, each in the caller's one transaction and audited
 * (docs/decisions/0213-households.md): a family with its people in one form, its name and
 * address, a member added, removed or given another role, the family deleted (its people stay).
 */

type Audit = (e: AuditEntry) => void;

const MEMBER_NOT_FOUND = 'Household member not found';

/**
 * The address a new person without one gets: an account needs a unique email, and these people
 * were added by name only. '.invalid' is never delivered (RFC 2606), so no mail reaches anyone.
 */
const placeholderEmail = () => `household-${randomUUID()}@no-email.invalid`;

/** A person the form adds by name: an account without password or sign-in, on the member list. */
async function createPerson(tx: Tx, audit: Audit, person: NewPerson): Promise<string> {
  const email = placeholderEmail();
  const fields = { firstName: person.firstName, surName: person.surName, gender: person.gender, mobile1: person.mobile1 || null };
  const [user] = await tx
    .insert(users)
    .values({ ...fields, email, isFirstTimer: false })
    .returning({ id: users.id });
  await tx
    .insert(biodata)
    .values({ ...fields, userId: user.id, email, mobile1: fields.mobile1 ?? '', dateOfBirth: person.dateOfBirth ?? null });
  audit({ action: 'create-user', entity: 'user', entityId: user.id, after: { ...fields, dateOfBirth: person.dateOfBirth ?? null } });
  return user.id;
}

/**
 * Refuses (403) a person the caller may not name (not in Flock, or hidden from them by the
 * listing rule) and (409) one already in a household: a person belongs to one family at most.
 */
async function mustBeFree(tx: Tx, caller: Caller, userIds: string[]) {
  if (!userIds.length) return;
  if (new Set(userIds).size < userIds.length) throw badRequest('A person is named twice in this family', { members: ['Named twice'] });
  const md = memberDirectory;
  const found = await tx
    .select({ id: md.userId })
    .from(md)
    .where(and(inArray(md.userId, userIds), listedFor(caller, md.userId)));
  if (found.length < userIds.length) throw forbidden('A person chosen is not in your member list; nobody was changed');
  const taken = await tx
    .select({ name: sql<string>`concat_ws(' ', ${md.firstName}, ${md.surName})`, family: households.name })
    .from(householdMembers)
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .innerJoin(md, eq(md.userId, householdMembers.userId))
    .where(inArray(householdMembers.userId, userIds));
  if (taken.length) throw conflict(`${taken[0].name} already belongs to the household '${taken[0].family}'; remove them there first`);
}

/** A second household for a person that a concurrent call just placed: the unique index says so. */
const alreadyPlaced = (err: unknown): never => {
  if (isUniqueViolation(err, 'household_members_user_key')) throw conflict('A person chosen already belongs to a household');
  throw err;
};

const lower = (id: string) => id.toLowerCase();

/** Adds members (existing people, or new ones created here) to a household, each audited. */
async function addMembers(tx: Tx, audit: Audit, caller: Caller, householdId: string, members: MemberInput[]) {
  await mustBeFree(
    tx,
    caller,
    members.flatMap((m) => (m.userId ? [lower(m.userId)] : [])),
  );
  for (const member of members) {
    const userId = member.userId ? lower(member.userId) : await createPerson(tx, audit, member.person!);
    const [row] = await tx.insert(householdMembers).values({ householdId, userId, role: member.role }).returning().catch(alreadyPlaced);
    audit({ action: 'create', entity: 'householdMember', entityId: row.id, subjectId: userId, after: row });
  }
}

async function lockedHousehold(tx: Tx, id: string) {
  const [row] = await tx.select().from(households).where(eq(households.id, id)).for('update');
  if (!row) throw notFound(HOUSEHOLD_NOT_FOUND);
  return row;
}

/** 'Add a family': the household, its address and its people (new ones created) in one transaction. */
export async function createHousehold(tx: Tx, audit: Audit, caller: Caller, input: HouseholdCreateInput): Promise<string> {
  const [row] = await tx
    .insert(households)
    .values({ name: input.name, address: input.address || null })
    .returning();
  audit({ action: 'create', entity: 'household', entityId: row.id, after: row });
  await addMembers(tx, audit, caller, row.id, input.members);
  return row.id;
}

/** The family's name and shared address. */
export async function updateHousehold(tx: Tx, audit: Audit, input: z.infer<typeof householdUpdateSchema>) {
  const before = await lockedHousehold(tx, input.id);
  const [after] = await tx
    .update(households)
    .set({ name: input.name, address: input.address === undefined ? before.address : input.address || null, updatedAt: new Date() })
    .where(eq(households.id, input.id))
    .returning();
  audit({ action: 'update', entity: 'household', entityId: after.id, before, after });
}

/** Deletes a household and its memberships; its people, and the profiles' spouse and child records, stay. */
export async function deleteHousehold(tx: Tx, audit: Audit, id: string) {
  const before = await lockedHousehold(tx, id);
  const members = await tx.select().from(householdMembers).where(eq(householdMembers.householdId, id));
  await tx.delete(households).where(eq(households.id, id));
  audit({ action: 'delete', entity: 'household', entityId: id, before: { ...before, members } });
}

export async function addHouseholdMember(tx: Tx, audit: Audit, caller: Caller, input: z.infer<typeof householdAddMemberSchema>) {
  await lockedHousehold(tx, input.householdId);
  await addMembers(tx, audit, caller, input.householdId, [input]);
  await touch(tx, input.householdId);
}

async function lockedMember(tx: Tx, id: string) {
  const [row] = await tx.select().from(householdMembers).where(eq(householdMembers.id, id)).for('update');
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/** A change of members shows as a change of the household (its updatedAt). */
const touch = (tx: Tx, id: string) => tx.update(households).set({ updatedAt: new Date() }).where(eq(households.id, id));

/** Changes a member's role; answers the household's id. */
export async function changeMemberRole(tx: Tx, audit: Audit, input: z.infer<typeof householdRoleSchema>): Promise<string> {
  const before = await lockedMember(tx, input.id);
  const [after] = await tx.update(householdMembers).set({ role: input.role }).where(eq(householdMembers.id, input.id)).returning();
  audit({ action: 'update', entity: 'householdMember', entityId: after.id, subjectId: after.userId, before, after });
  await touch(tx, after.householdId);
  return after.householdId;
}

/** Takes a member out of their household (the person, or the profile's record, stays); answers the household's id. */
export async function removeMember(tx: Tx, audit: Audit, id: string): Promise<string> {
  const before = await lockedMember(tx, id);
  await tx.delete(householdMembers).where(eq(householdMembers.id, id));
  audit({ action: 'delete', entity: 'householdMember', entityId: id, subjectId: before.userId, before });
  await touch(tx, before.householdId);
  return before.householdId;
}
