import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '@/domain/schemas/structure.js';
import type { Tx } from '@/server/db/client.js';
import { users } from '@/server/db/schema/index.js';
import { notFound } from '@/server/http/errors.js';
import { USER_NOT_FOUND } from '@/server/modules/profile/access.js';

/** Lookups the people-administration routes share. */

export const userIdQuery = z.object({ userId: idField('UserId') });

/** The user, locked for the change that follows; 404 when there is none. */
export async function lockedUser(tx: Tx, id: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}
