import { eq, sql, type SQL } from 'drizzle-orm';
import type { Household, HouseholdMember, HouseholdSummary } from '@/domain/households/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { householdMembers, households } from '@/server/db/schema/index.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { seesUnlisted } from '@/server/engines/listing.js';
import { searchPattern } from '@/server/engines/memberList.js';
import type { Caller } from '@/server/http/access.js';
import { notFound } from '@/server/http/errors.js';

/** Reading households: a family page, a person's household, the list (docs/decisions/0213-households.md). */

export const HOUSEHOLD_NOT_FOUND = 'Household not found';

type MemberRow = HouseholdMember & { hidden: boolean };

/**
 * A household's members, the head first, then spouse, children (eldest first) and others: a
 * person's name and details from their directory row, a spouse's or child's from the profile's
 * record.
 */
async function membersOf(db: Db | Tx, householdId: string): Promise<MemberRow[]> {
  const name = (t: string) => sql.raw(`nullif(concat_ws(' ', ${t}.first_name, nullif(${t}.middle_name, ''), ${t}.sur_name), '')`);
  return rowsOf<MemberRow>(
    await db.execute(sql`
      select hm.id, hm.user_id as "userId", hm.role,
        case when hm.user_id is not null then 'person' when hm.spouse_id is not null then 'spouse' else 'child' end as kind,
        coalesce(${name('md')}, ${name('s')}, ${name('c')}) as "fullName",
        coalesce(md.gender, s.gender, c.gender) as gender,
        coalesce(md.date_of_birth, s.date_of_birth, c.date_of_birth)::text as "dateOfBirth",
        coalesce(nullif(md.phone, ''), s.mobile1, c.mobile1) as phone,
        coalesce(md.hidden_from_leaders, false) as hidden
      from household_members hm
        left join member_directory md on md.user_id = hm.user_id
        left join spouses s on s.id = hm.spouse_id
        left join children c on c.id = hm.child_id
      where hm.household_id = ${householdId}
      order by array_position(array['head', 'spouse', 'child', 'other'], hm.role),
        coalesce(md.date_of_birth, s.date_of_birth, c.date_of_birth) nulls last, 5, hm.id`),
  );
}

/**
 * A household as the caller may see it: those who said no to listing are counted but not named,
 * unless the caller sees unlisted people (server/engines/listing.ts) or belongs to the family.
 */
export async function householdById(db: Db | Tx, caller: Caller, id: string): Promise<Household> {
  const [row] = await db.select().from(households).where(eq(households.id, id));
  if (!row) throw notFound(HOUSEHOLD_NOT_FOUND);
  const all = await membersOf(db, id);
  const own = all.some((m) => m.userId === caller.id);
  const shown = seesUnlisted(caller) || own ? all : all.filter((m) => !m.hidden || m.userId === caller.id);
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    members: shown.map(({ hidden: _, ...m }) => m),
    hiddenMembers: all.length - shown.length,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether the caller is a member of the household. */
export async function isMemberOf(db: Db, caller: Caller, householdId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: householdMembers.id })
    .from(householdMembers)
    .where(sql`${householdMembers.householdId} = ${householdId} and ${householdMembers.userId} = ${caller.id}`);
  return !!row;
}

/** The household a person belongs to, or null. */
export async function householdOfPerson(db: Db, caller: Caller, userId: string): Promise<Household | null> {
  const [row] = await db.select({ id: householdMembers.householdId }).from(householdMembers).where(eq(householdMembers.userId, userId));
  return row ? householdById(db, caller, row.id) : null;
}

/** The people of a household the caller may see: all, or those who did not say no to listing. */
const visibleMembers = (caller: Caller) =>
  seesUnlisted(caller)
    ? sql`true`
    : sql`not exists (select from member_directory hidden where hidden.user_id = hm.user_id and hidden.hidden_from_leaders)`;

/** The outer row's id inside the correlated subqueries, qualified (a bare "id" would name the subquery's own). */
const outerId = sql.raw('"households"."id"');

const SORTS = { name: sql`lower(${households.name})`, updatedAt: households.updatedAt };

/**
 * The households list: search over the family's name, its address and its members' names;
 * sorted by name (or as SortBy asks, through the allowlist). A family whose every member is
 * hidden from the caller is left out, as its people are.
 */
export async function householdPage(db: Db, caller: Caller, q: ListParams) {
  const visible = visibleMembers(caller);
  const pattern = q.search ? searchPattern(q.search) : undefined;
  const matches: SQL = pattern
    ? sql`(flock_fold(concat_ws(' ', ${households.name}, ${households.address})) like ${pattern}
        or exists (select from household_members hm join member_search_texts t on t.user_id = hm.user_id
          where hm.household_id = ${outerId} and t.search_text like ${pattern} and ${visible}))`
    : sql`true`;
  const shown = sql`(not exists (select from household_members hm where hm.household_id = ${outerId})
    or exists (select from household_members hm where hm.household_id = ${outerId} and ${visible}))`;
  const where = sql`${matches} and ${shown}`;
  const { limit, offset } = pageOf(q);
  const head = sql<string | null>`(select concat_ws(' ', md.first_name, md.sur_name) from household_members hm
    join member_directory md on md.user_id = hm.user_id
    where hm.household_id = ${outerId} and hm.role = 'head' and ${visible} order by hm.created_at limit 1)`;
  const members = sql<number>`(select count(*) from household_members hm where hm.household_id = ${outerId} and ${visible})`;
  const rows: HouseholdSummary[] = await db
    .select({ id: households.id, name: households.name, address: households.address, head, members: members.mapWith(Number) })
    .from(households)
    .where(where)
    .orderBy(...orderOf(q, SORTS, [sql`lower(${households.name})`, sql`${households.id}`]))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(households)
    .where(where);
  return { rows, total: n };
}
