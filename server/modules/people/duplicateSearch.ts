import { sql } from 'drizzle-orm';
import {
  NAME_SIMILARITY,
  type DuplicateMatch,
  type DuplicatePair,
  type DuplicatePerson,
  type MatchReason,
} from '@/domain/people/duplicates.js';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';

/*
 * Likely duplicates among the people on the list (not archived), read from the member directory
 * (docs/decisions/0211-duplicates-and-merge.md). Three kinds of match, each an equality join
 * (hashed, never every pair against every other): the phone's key (flock_phone_key: its last ten
 * digits), the email without case, and the birth date, within which names are compared by
 * trigram similarity. Indexes on the same expressions serve the quick add's check of one person.
 */

/** A phone or birth date shared by more people than this is a household or an office line, not one person twice. */
const SHARED_KEY_LIMIT = 20;

type PersonRow = {
  id: string;
  first_name: string;
  sur_name: string;
  email: string;
  phone: string | null;
  date_of_birth: string | null;
  is_first_timer: boolean;
  created_at: string | Date;
};

const personOf = (r: PersonRow): DuplicatePerson => ({
  id: r.id,
  fullName: `${r.first_name} ${r.sur_name}`.trim(),
  email: r.email,
  phone: r.phone,
  dateOfBirth: r.date_of_birth ? String(r.date_of_birth).slice(0, 10) : null,
  isFirstTimer: r.is_first_timer,
  createdAt: new Date(r.created_at).toISOString(),
});

const PERSON_COLUMNS = sql`d.user_id as id, d.first_name, d.sur_name, d.email, d.phone, d.date_of_birth::text as date_of_birth, d.is_first_timer, d.created_at`;

/** The people named, by id, as the duplicate screens show them. */
export async function personSummaries(db: Db | Tx, ids: string[]): Promise<Map<string, DuplicatePerson>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<PersonRow>(
    await db.execute(sql`select ${PERSON_COLUMNS} from member_directory d
      where d.user_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
  );
  return new Map(rows.map((r) => [r.id, personOf(r)]));
}

const NAME_KEY = sql.raw(`flock_fold(concat_ws(' ', first_name, sur_name))`);

/** A page of the suggested pairs, the best first (most reasons), without the dismissed ones. */
export async function duplicatePairs(db: Db, limit: number, offset: number): Promise<{ pairs: DuplicatePair[]; total: number }> {
  const rows = rowsOf<{ a: string; b: string; reasons: MatchReason[]; total: number }>(
    await db.execute(sql`
      with p as materialized (
        select user_id, flock_phone_key(phone) as phone_key, lower(email) as email_key, date_of_birth, ${NAME_KEY} as name_key
        from member_directory where not archived
      ),
      phones as (
        select phone_key from p where phone_key is not null group by phone_key having count(*) between 2 and ${SHARED_KEY_LIMIT}
      ),
      pairs as (
        select a.user_id as a, b.user_id as b, 'phone' as why
          from phones k join p a on a.phone_key = k.phone_key join p b on b.phone_key = k.phone_key and a.user_id < b.user_id
        union all
        select a.user_id, b.user_id, 'email' from p a join p b on b.email_key = a.email_key and a.user_id < b.user_id
        union all
        select a.user_id, b.user_id, 'name' from p a join p b on b.date_of_birth = a.date_of_birth and a.user_id < b.user_id
          where similarity(a.name_key, b.name_key) >= ${NAME_SIMILARITY}
      ),
      grouped as (
        select a, b, array_agg(distinct why order by why) as reasons from pairs
        where not exists (select 1 from duplicate_dismissals x where x.user_a = pairs.a and x.user_b = pairs.b)
        group by a, b
      )
      select a, b, reasons, count(*) over ()::int as total from grouped
      order by cardinality(reasons) desc, a, b
      limit ${limit} offset ${offset}`),
  );
  const people = await personSummaries(
    db,
    rows.flatMap((r) => [r.a, r.b]),
  );
  const pairs = rows.map((r) => ({ a: people.get(r.a)!, b: people.get(r.b)!, reasons: r.reasons }));
  return { pairs, total: rows[0]?.total ?? 0 };
}

export type PersonProbe = { firstName: string; surName: string; email: string; mobile1: string; dateOfBirth?: string | null };

/** The people on the list one new person may already be, with why (the quick add's check). */
export async function likelyMatches(db: Db | Tx, probe: PersonProbe, limit = 10): Promise<DuplicateMatch[]> {
  const name = `${probe.firstName} ${probe.surName}`;
  const rows = rowsOf<PersonRow & { reasons: MatchReason[] }>(
    await db.execute(sql`
      with m as materialized (
        select ${PERSON_COLUMNS}, array_remove(array[
            case when lower(d.email) = lower(${probe.email}) then 'email' end,
            case when flock_phone_key(d.phone) = flock_phone_key(${probe.mobile1}) then 'phone' end,
            case when d.date_of_birth = ${probe.dateOfBirth ?? null}::date
              and similarity(flock_fold(concat_ws(' ', d.first_name, d.sur_name)), flock_fold(${name})) >= ${NAME_SIMILARITY} then 'name' end
          ], null) as reasons
        from member_directory d
        -- Each arm is an index lookup (phone key, email, birth date), OR-ed as bitmaps; the name
        -- is compared only within the birth date. Materialised so that the ORDER BY below does
        -- not lead the planner down a name index through the whole directory.
        where not d.archived and (lower(d.email) = lower(${probe.email})
          or flock_phone_key(d.phone) = flock_phone_key(${probe.mobile1})
          or (d.date_of_birth = ${probe.dateOfBirth ?? null}::date
            and similarity(flock_fold(concat_ws(' ', d.first_name, d.sur_name)), flock_fold(${name})) >= ${NAME_SIMILARITY}))
      )
      select * from m order by sur_name, first_name, id
      limit ${limit}`),
  );
  return rows.map((r) => ({ ...personOf(r), reasons: r.reasons }));
}
