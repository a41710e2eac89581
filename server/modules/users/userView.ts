import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { roleNamesOf } from '@/server/db/permissionsOf.js';
import { churchAffiliations, users } from '@/server/db/schema/index.js';
import { notFound } from '@/server/http/errors.js';
import { USER_NOT_FOUND } from '@/server/http/profileAccess.js';

/** A user as the profile header and the user lookups read it: names, contact, state and role names. */
export async function userView(db: Db | Tx, where: SQL) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      userName: users.userName,
      title: users.title,
      firstName: users.firstName,
      middleName: users.middleName,
      surName: users.surName,
      fullName: sql<string>`concat_ws(' ', ${users.firstName}, nullif(${users.middleName}, ''), ${users.surName})`,
      gender: users.gender,
      mobile1: users.mobile1,
      emailVerified: users.emailVerified,
      disabled: users.disabled,
      isFirstTimer: users.isFirstTimer,
      cihRole: churchAffiliations.cihRole,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(churchAffiliations, eq(churchAffiliations.userId, users.id))
    .where(where);
  if (!user) throw notFound(USER_NOT_FOUND);
  return { ...user, roles: await roleNamesOf(db, user.id) };
}
