import { eq } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { canEditProfile } from '@/domain/profile/rules.js';
import type { Db, Tx } from '@/server/db/client.js';
import { users } from '@/server/db/schema/index.js';
import type { Access, Caller } from '@/server/http/access.js';
import { forbidden, notFound } from '@/server/http/errors.js';

/*
 * The profile's rules (who may read and change whose profile) as route rules, shared by every
 * module whose calls name a member (biodata, details, church affiliation, requests, users, files,
 * roles). The declared rule lets the route refuse a member outright and tells the OpenAPI reader
 * who may call; the handler then applies the domain rule that needs the record (one's own
 * profile needs CAN_UPDATE_MEMBERS).
 */

/** Another member's record: CAN_VIEW_MEMBERS or CAN_UPDATE_OTHER_MEMBERS; one's own: always. */
export const readAccess = (field: string): Access => ({ permission: [P.viewMembers, P.updateOtherMembers], orSelf: field });

/** Another member's profile: CAN_UPDATE_OTHER_MEMBERS; one's own: narrowed by mustEdit. */
export const editAccess: Access = { permission: P.updateOtherMembers, orSelf: 'userId' };

/**
 * Calls naming a record by its own id (Delete?id): the owner is known only once it is read,
 * so the rule admits both permissions and mustEdit narrows CAN_UPDATE_MEMBERS to one's own.
 */
export const recordEditAccess: Access = { permission: [P.updateOtherMembers, P.updateMembers] };

export const isSelf = (caller: Caller | null, userId: string) => !!caller && caller.id.toLowerCase() === userId.toLowerCase();

/** Throws 403 unless the caller may change this member's profile. */
export function mustEdit(caller: Caller | null, userId: string) {
  if (!caller || !canEditProfile(caller.permissions, isSelf(caller, userId))) throw forbidden();
}

export const USER_NOT_FOUND = 'User not found!';

/** The member's account, or 404. */
export async function existingUser(db: Db | Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** The user, locked for the change that follows; 404 when there is none. */
export async function lockedUser(tx: Tx, id: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}
