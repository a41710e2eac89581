import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { roleNamesOf } from '@/server/db/permissionsOf.js';
import { biodata, churchAffiliations, employers, spouses, users } from '@/server/db/schema/index.js';
import { notFound } from '@/server/http/errors.js';
import { USER_NOT_FOUND } from '@/server/engines/profileAccess.js';

/** Whether the user has a row in a table of one record per member. */
const hasRow = (table: typeof biodata | typeof employers | typeof spouses) =>
  sql<boolean>`exists (select from ${table} where ${table.userId} = ${users.id})`;

/**
 * A user as the profile header and the user lookups read it: names, contact, state and role
 * names, and which of their one-per-member records exist (so the web app asks only for those:
 * an expected absence is then no failed request).
 */
async function userView(db: Db | Tx, where: SQL) {
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
      has: {
        biodata: hasRow(biodata),
        churchAffiliation: sql<boolean>`${churchAffiliations.userId} is not null`,
        employer: hasRow(employers),
        spouse: hasRow(spouses),
      },
    })
    .from(users)
    .leftJoin(churchAffiliations, eq(churchAffiliations.userId, users.id))
    .where(where);
  if (!user) throw notFound(USER_NOT_FOUND);
  return { ...user, roles: await roleNamesOf(db, user.id) };
}

export const userById = (db: Db | Tx, id: string) => userView(db, eq(users.id, id));
export const userByEmail = (db: Db | Tx, email: string) => userView(db, eq(users.email, email));
/** By user name in any letter case. */
export const userByName = (db: Db | Tx, name: string) => userView(db, sql`lower(${users.userName}) = ${name.toLowerCase()}`);
