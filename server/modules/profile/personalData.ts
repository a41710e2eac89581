import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { redact } from '@/server/http/audit.js';
import { notFound } from '@/server/http/errors.js';
import { givingOf } from '@/server/modules/giving/read.js';
import { careSettingsOf, notesForOwnData } from './careNotes.js';

/** A table and its columns that hold a user's id (a foreign key to users). */
type UserReference = { table: string; columns: string[] };

/**
 * Every table with a column that references users(id), read from the catalogue: a table added
 * later (attendance, events) is in a person's export and erasure without a change here.
 */
async function userReferences(db: Db | Tx): Promise<UserReference[]> {
  const rows = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select cl.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and c.confrelid = 'public.users'::regclass and n.nspname = 'public'
      order by 1, 2`),
  );
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.table, [...(byTable.get(r.table) ?? []), r.column]);
  return [...byTable].map(([table, columns]) => ({ table, columns }));
}

/** The account's secrets, never handed out: they open the account, they are not about the person. */
const ACCOUNT_SECRETS = ['password_hash', 'token_version'];
/**
 * Copies of other tables: the member lists' directory, and the answers kept for retried
 * attendance saves (which name the center's other members); the export has the originals.
 */
const DERIVED = new Set(['member_directory', 'cih_idempotent_saves']);
/**
 * Care notes are the pastors' (docs/decisions 0210): neither those about the person nor those a
 * pastor wrote about others; the notes about the person join only when the church's setting says.
 */
const WITHHELD = new Set(['care_notes']);
/**
 * One's giving (docs/decisions/0227-giving.md) as it counts, with its funds by name: entries of
 * approved batches, refunds and corrections; not a batch's entries still being counted.
 */
const GIVING = 'contributions';

/** Values as JSON takes them: bytes (an avatar) as base64, times as ISO strings. */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return redact(value);
}

const plainRow = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)]));

/** The rows of table where any of the columns holds the user's id. */
async function rowsNaming(db: Db, ref: UserReference, userId: string) {
  const where = sql.join(
    ref.columns.map((c) => sql`${sql.identifier(c)} = ${userId}`),
    sql` or `,
  );
  return rowsOf<Record<string, unknown>>(await db.execute(sql`select * from ${sql.identifier(ref.table)} where ${where}`)).map(plainRow);
}

export type PersonalData = {
  generatedAt: string;
  account: Record<string, unknown>;
  /** Each table holding rows that name the person, by the table's name. */
  records: Record<string, Array<Record<string, unknown>>>;
  /** Audit entries about the person, the changes redacted of secrets as everywhere. */
  auditEntries: Array<Record<string, unknown>>;
  /** Mail sent to the person's address and kept in the outbox; one-time codes masked. */
  mails: Array<Record<string, unknown>>;
};

/** Everything Flock holds on one person, as the person may take it away. */
export async function personalDataOf(db: Db, userId: string): Promise<PersonalData> {
  const [account] = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from users where id = ${userId}`));
  if (!account) throw notFound('User not found');
  const records: PersonalData['records'] = {};
  for (const ref of await userReferences(db)) {
    if (DERIVED.has(ref.table) || WITHHELD.has(ref.table) || ref.table === GIVING) continue;
    const rows = await rowsNaming(db, ref, userId);
    if (rows.length) records[ref.table] = rows;
  }
  const giving = await givingOf(db, userId);
  if (giving.length) records.giving = giving.map((c) => plainRow(c));
  const { notesInOwnData } = await careSettingsOf(db);
  if (notesInOwnData) records.care_notes = await notesForOwnData(db, userId);
  // Without the notes, the reads and writes of them stay out too: they would tell who keeps notes.
  const care = notesInOwnData ? sql`true` : sql`entity not in ('careNote')`;
  const audit = await db.execute(sql`
    select id, actor_id, action, entity, entity_id, outcome, before, after, ip, created_at from audit_logs where subject_id = ${userId} and ${care}
    union all
    select id, actor_id, action, entity, entity_id, outcome, before, after, ip, created_at from audit_logs_archive where subject_id = ${userId} and ${care}
    order by created_at, id`);
  const mails = await db.execute(
    // A message's mails keep their text on the message (one body for all its recipients).
    sql`select o.subject, coalesce(m.body, o.text) as text, o.created_at from outbox o left join messages m on m.id = o.message_id
      where o."to" = ${String(account.email)} order by o.created_at`,
  );
  return {
    generatedAt: new Date().toISOString(),
    account: plainRow(Object.fromEntries(Object.entries(account).filter(([k]) => !ACCOUNT_SECRETS.includes(k)))),
    records,
    auditEntries: rowsOf<Record<string, unknown>>(audit).map(plainRow),
    mails: rowsOf<Record<string, unknown>>(mails).map((m) => plainRow({ ...m, text: String(m.text).replace(/\b\d{6}\b/g, '******') })),
  };
}
