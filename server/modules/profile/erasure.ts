import { sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { badRequest, conflict, notFound } from '@/server/http/errors.js';

/*
 * Erasure on a person's request. The account row stays, anonymised and disabled, so every count
 * that included the person (departments, zones, requests, first-timer statistics, attendance)
 * stays right; what identifies them goes: their own details, avatar, notifications, mails and
 * codes are deleted, the identifying fields of their account and biodata are blanked, the
 * values recorded in audit rows about them are removed, and their email, phones and full name
 * are replaced by '[erased]' in every text column where they still appear (others' notes, mails).
 */

/** The person's own records, with nothing in them a count needs. */
const DELETED: Array<{ table: string; column: string }> = [
  { table: 'children', column: 'user_id' },
  { table: 'spouses', column: 'user_id' },
  { table: 'employers', column: 'user_id' },
  { table: 'qualifications', column: 'user_id' },
  { table: 'files', column: 'user_id' },
  { table: 'notifications', column: 'recipient_id' },
  // The church's own fields about the person (docs/decisions/0209): a blood group names nobody
  // by itself, but with the rest gone it is theirs alone, and a pastoral note may say anything.
  { table: 'custom_field_values', column: 'user_id' },
  // Pastors' notes about the person (docs/decisions 0210).
  { table: 'care_notes', column: 'user_id' },
  // The office's tags on the person (docs/decisions/0212): with the rest gone they describe them alone.
  { table: 'person_tags', column: 'user_id' },
  // Their place in a family (docs/decisions/0213-households.md): the household and its other
  // members stay; their spouse and child records, deleted above, leave it with them.
  { table: 'household_members', column: 'user_id' },
];

/** Fields kept on the anonymised biodata: the statistics count by them, and they name nobody. */
const KEPT_BIODATA = new Set(['id', 'user_id', 'gender', 'demise', 'created_at', 'updated_at']);

const ERASED = '[erased]';
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Person = { id: string; email: string; firstName: string; middleName: string | null; surName: string; mobile1: string | null };

/** What an erasure takes away, counted, for the confirmation that names it. */
export async function erasureScope(tx: Tx, userId: string) {
  const person = await personOf(tx, userId);
  const counts = rowsOf<{ what: string; n: number }>(
    await tx.execute(sql`
      select 'biodata' as what, count(*)::int as n from biodata where user_id = ${userId}
      union all select 'children', count(*)::int from children where user_id = ${userId}
      union all select 'spouse', count(*)::int from spouses where user_id = ${userId}
      union all select 'employer', count(*)::int from employers where user_id = ${userId}
      union all select 'qualifications', count(*)::int from qualifications where user_id = ${userId}
      union all select 'avatar', count(*)::int from files where user_id = ${userId}
      union all select 'notifications', count(*)::int from notifications where recipient_id = ${userId}
      union all select 'mails', count(*)::int from outbox where "to" = ${person.email}
      union all select 'auditEntries', count(*)::int from audit_logs where subject_id = ${userId}`),
  );
  return {
    userId,
    fullName: [person.firstName, person.middleName, person.surName].filter(Boolean).join(' '),
    email: person.email,
    removes: Object.fromEntries(counts.map((c) => [c.what, c.n])),
  };
}

async function personOf(tx: Tx, userId: string): Promise<Person> {
  const [person] = rowsOf<Person>(
    await tx.execute(sql`select id, email, first_name as "firstName", middle_name as "middleName", sur_name as "surName", mobile1
      from users where id = ${userId} for update`),
  );
  if (!person) throw notFound('User not found');
  if (person.email.endsWith('@erased.invalid')) throw conflict('This person has already been erased');
  return person;
}

/** The strings that identify the person in free text: email addresses, phone numbers, full names. */
async function identifiersOf(tx: Tx, person: Person): Promise<string[]> {
  const [bio] = rowsOf<Record<string, string | null>>(
    await tx.execute(sql`select email, mobile1, mobile2, first_name, middle_name, sur_name from biodata where user_id = ${person.id}`),
  );
  const names = [
    [person.firstName, person.surName],
    [person.firstName, person.middleName, person.surName],
    [bio?.first_name, bio?.sur_name],
    [bio?.first_name, bio?.middle_name, bio?.sur_name],
  ].map((parts) => parts.filter(Boolean).join(' '));
  const all = [person.email, person.mobile1, bio?.email, bio?.mobile1, bio?.mobile2, ...names];
  // Short strings (an initial, a 3-digit code) would match other people's text.
  return [...new Set(all.filter((v): v is string => !!v && v.trim().length >= 5).map((v) => v.trim()))];
}

/** Replaces the identifiers in every text, JSON and text-array column of every table, one UPDATE per table that holds one. */
async function scrubEverywhere(tx: Tx, identifiers: string[]) {
  if (!identifiers.length) return;
  const pattern = identifiers.map(escapeRegex).join('|');
  const columns = rowsOf<{ table: string; column: string; type: string }>(
    await tx.execute(sql`select c.table_name as "table", c.column_name as "column", c.data_type as "type"
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'jsonb', 'json') or (c.data_type = 'ARRAY' and c.udt_name = '_text'))
      order by 1, 2`),
  );
  const byTable = new Map<string, typeof columns>();
  for (const c of columns) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  for (const [table, cols] of byTable) {
    const asText = (c: (typeof cols)[number]) =>
      c.type === 'ARRAY' ? sql`array_to_string(${sql.identifier(c.column)}, chr(31))` : sql`${sql.identifier(c.column)}::text`;
    const replaced = (c: (typeof cols)[number]) => {
      const text = sql`regexp_replace(${asText(c)}, ${pattern}, ${ERASED}, 'gi')`;
      if (c.type === 'ARRAY') return sql`string_to_array(${text}, chr(31))`;
      return c.type === 'jsonb' || c.type === 'json' ? sql`${text}::${sql.raw(c.type)}` : text;
    };
    const sets = cols.map(
      (c) =>
        sql`${sql.identifier(c.column)} = case when ${asText(c)} ~* ${pattern} then ${replaced(c)} else ${sql.identifier(c.column)} end`,
    );
    const where = cols.map((c) => sql`${asText(c)} ~* ${pattern}`);
    await tx.execute(sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${sql.join(where, sql` or `)}`);
  }
}

/** Blanks the identifying fields of the biodata; names and contacts become the placeholders the account gets. */
async function anonymiseBiodata(tx: Tx, userId: string, email: string) {
  const nullable = rowsOf<{ column: string }>(
    await tx.execute(sql`select column_name as "column" from information_schema.columns
      where table_schema = 'public' and table_name = 'biodata' and is_nullable = 'YES'`),
  )
    .map((c) => c.column)
    .filter((c) => !KEPT_BIODATA.has(c));
  const blanks = nullable.map((c) => sql`${sql.identifier(c)} = null`);
  await tx.execute(sql`update biodata set first_name = 'Erased', sur_name = 'member', email = ${email}, mobile1 = '',
    ${sql.join(blanks, sql`, `)}, updated_at = now() where user_id = ${userId}`);
}

/**
 * Erases a person (see the comment above); answers what was removed. The caller records the
 * erasure itself in the audit trail, after this, so that row keeps who erased whom and when.
 */
export async function erasePerson(tx: Tx, userId: string, erasedBy: string) {
  if (userId.toLowerCase() === erasedBy.toLowerCase()) throw badRequest('You cannot erase your own account');
  const scope = await erasureScope(tx, userId);
  const person = await personOf(tx, userId);
  const identifiers = await identifiersOf(tx, person);
  const placeholder = `erased-${userId}@erased.invalid`;
  // Declares the erasure to the audit log's append-only trigger (migration 0011_stewardship).
  await tx.execute(sql`select set_config('flock.audit_erasure_of', ${userId}, true)`);
  for (const { table, column } of DELETED) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
  }
  await tx.execute(sql`delete from outbox where "to" = ${person.email}`);
  await tx.execute(sql`delete from otps where email = ${person.email}`);
  await anonymiseBiodata(tx, userId, placeholder);
  await tx.execute(sql`update users set email = ${placeholder}, user_name = null, password_hash = null, title = null,
    first_name = 'Erased', middle_name = null, sur_name = 'member', mobile1 = null, disabled = true,
    token_version = token_version + 1, updated_at = now() where id = ${userId}`);
  for (const table of ['audit_logs', 'audit_logs_archive']) {
    // The rows about the person keep what happened, not the values; their own actions keep no address.
    await tx.execute(sql`update ${sql.identifier(table)} set before = null, after = null
      where subject_id = ${userId} or entity_id = ${userId}`);
    await tx.execute(sql`update ${sql.identifier(table)} set ip = null where actor_id = ${userId}`);
  }
  await scrubEverywhere(tx, identifiers);
  return scope;
}
