import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { outOfRange, timeInRange } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';
import type { Db } from '@/server/db/client.js';
import { personName, rowsOf, searchOver } from '@/server/db/queries.js';
import { auditLogs, biodata, users } from '@/server/db/schema/index.js';
import { badRequest } from '@/server/http/errors.js';

/** A page of the web list or of a client walking by cursor; the export walks in batches of its own. */
const PAGE_SIZE_MAX = 1000;
/**
 * totalCount is exact up to here; beyond it the planner's estimate is given and said to be one
 * (AppConfig.auditExactCountLimit replaces it, so that tests reach estimates with a small trail).
 */
export const EXACT_COUNT_LIMIT = 100_000;
/**
 * An estimate this many times the limit is trusted without counting: a count would read limit + 1
 * index entries to answer an estimate all the same (docs/decisions/0093).
 */
const SURELY_OVER_FACTOR = 1.5;

const OUTCOMES = ['success', 'refused', 'failedLogin'] as const;
const text = (max: number) => z.string().trim().max(max);
const time = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date (YYYY-MM-DD) or an ISO time`)
    .refine((v) => Number.isNaN(Date.parse(v)) || timeInRange(Date.parse(v)), outOfRange(name));

/** The filters GetAllAudit and ExportAudit share; each has an index ending in the keyset order. */
const auditFilters = {
  actorId: idField('ActorId'),
  /** Part of the actor's name or email. */
  actor: text(200),
  action: text(60),
  entityType: text(60),
  entityId: text(200),
  /** The member the change was about: their whole history. */
  subjectId: idField('SubjectId'),
  /** Part of that member's name or email. */
  subject: text(200),
  outcome: z.enum(OUTCOMES, { error: `Outcome must be one of: ${OUTCOMES.join(', ')}` }),
  ip: text(100),
  /** From this time on; a date alone means its start (UTC). */
  from: time('From'),
  /** Up to this time; a date alone means through its end (UTC). */
  to: time('To'),
  sortBy: z.string().refine((v) => v.toLowerCase() === 'createdat', 'SortBy must be createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: "SortOrder must be 'asc' or 'desc'" }),
};

/** The fields that shape the set (not its paging or order). */
const FILTER_KEYS = [
  'actorId',
  'actor',
  'action',
  'entityType',
  'entityId',
  'subjectId',
  'subject',
  'outcome',
  'ip',
  'from',
  'to',
] as const;

const optional = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

export const exportQuery = z.object(optional(auditFilters)).strict();
export const listAuditQuery = z
  .object({
    ...optional(auditFilters),
    pageNumber: z.coerce.number().int().min(1, 'PageNumber must be 1 or more').max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, `PageSize must be at most ${PAGE_SIZE_MAX}`).optional(),
    /** The nextCursor of the page before: the following page, found by (time, id) rather than skipped to. */
    cursor: text(200).optional(),
  })
  .strict();
export type AuditFilters = z.infer<typeof exportQuery>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const endOf = (v: string) => (DATE_ONLY.test(v) ? new Date(Date.parse(v) + 86_400_000 - 1) : new Date(v));

/** Users whose name or email holds the text: the actor and member filters' candidates. */
function usersMatching(term: string): SQL {
  const fullName = sql`concat_ws(' ', coalesce(${biodata.firstName}, ${users.firstName}), coalesce(${biodata.surName}, ${users.surName}))`;
  return sql`(select ${users.id} from ${users} left join ${biodata} on ${biodata.userId} = ${users.id}
    where ${searchOver(term, [users.email, fullName, users.firstName, users.surName])})`;
}

/** Up to this many people found by a name are listed by id, so the planner sees them and reads their index; more stay a subquery. */
const NAMED_PEOPLE_MAX = 100;

/** The people a name or email search finds: their ids, or the search itself when it finds many. */
async function peopleNamed(db: Db, term: string): Promise<string[] | SQL> {
  const found = rowsOf<{ id: string }>(await db.execute(sql`${usersMatching(term)} limit ${NAMED_PEOPLE_MAX + 1}`));
  return found.length > NAMED_PEOPLE_MAX ? usersMatching(term) : found.map((r) => r.id);
}

/** The filters with the Actor and Subject searches resolved to people. */
export type ResolvedFilters = AuditFilters & { actors?: string[] | SQL; subjects?: string[] | SQL };

export async function resolveFilters(db: Db, q: AuditFilters): Promise<ResolvedFilters> {
  const [actors, subjects] = await Promise.all([q.actor && peopleNamed(db, q.actor), q.subject && peopleNamed(db, q.subject)]);
  return { ...q, actors: actors || undefined, subjects: subjects || undefined };
}

const inSet = (column: typeof auditLogs.actorId | typeof auditLogs.subjectId, set: string[] | SQL | undefined) =>
  set === undefined ? undefined : Array.isArray(set) ? inArray(column, set) : sql`${column} in ${set}`;

/** The WHERE of the filters given (undefined: every row). */
export function whereOf(q: ResolvedFilters): SQL | undefined {
  return and(
    q.actorId ? eq(auditLogs.actorId, q.actorId) : undefined,
    inSet(auditLogs.actorId, q.actors ?? (q.actor ? usersMatching(q.actor) : undefined)),
    q.action ? eq(auditLogs.action, q.action) : undefined,
    q.entityType ? eq(auditLogs.entity, q.entityType) : undefined,
    q.entityId ? eq(auditLogs.entityId, q.entityId) : undefined,
    q.subjectId ? eq(auditLogs.subjectId, q.subjectId) : undefined,
    inSet(auditLogs.subjectId, q.subjects ?? (q.subject ? usersMatching(q.subject) : undefined)),
    q.outcome ? eq(auditLogs.outcome, q.outcome) : undefined,
    q.ip ? eq(auditLogs.ip, q.ip) : undefined,
    q.from ? gte(auditLogs.createdAt, new Date(q.from)) : undefined,
    q.to ? lte(auditLogs.createdAt, endOf(q.to)) : undefined,
  );
}

/** A cursor is the (time, id) of the last row seen, the time to the microsecond as PostgreSQL keeps it. */
export type Cursor = { time: string; id: string };

export const encodeCursor = (c: Cursor) => Buffer.from(`${c.time}|${c.id}`).toString('base64url');

export function decodeCursor(value: string): Cursor {
  const [time, id] = Buffer.from(value, 'base64url').toString().split('|');
  if (!time || !id || Number.isNaN(Date.parse(time)) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw badRequest('Cursor is not one this list gave', { cursor: ['Unknown cursor'] });
  }
  return { time, id };
}

/** Rows after the cursor in the list's order: one row comparison, which the (…, created_at, id) indexes serve. */
export function afterCursor(c: Cursor, order: 'asc' | 'desc'): SQL {
  return order === 'desc'
    ? sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${c.time}::timestamptz, ${c.id}::uuid)`
    : sql`(${auditLogs.createdAt}, ${auditLogs.id}) > (${c.time}::timestamptz, ${c.id}::uuid)`;
}

export const orderOf = (order: 'asc' | 'desc') =>
  order === 'desc'
    ? [sql`${auditLogs.createdAt} desc`, sql`${auditLogs.id} desc`]
    : [sql`${auditLogs.createdAt} asc`, sql`${auditLogs.id} asc`];

/** The created_at text a cursor carries (JavaScript dates stop at milliseconds). */
const cursorTime = sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A record's readable name from what the row kept of it: departments, zones, centers, groups, roles, lookups. */
const recordName = sql<string | null>`coalesce(${['name', 'departmentName', 'zoneName', 'centerName', 'affinityGroupName', 'fileName']
  .map((key) => sql`${auditLogs.after}->>${sql.raw(`'${key}'`)}, ${auditLogs.before}->>${sql.raw(`'${key}'`)}`)
  .reduce((a, b) => sql`${a}, ${b}`)})`;

/** What a list row shows: who, what, about whom, how it ended, from where; before and after only in GetAuditById. */
export const listColumns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  cursorTime,
  actorId: auditLogs.actorId,
  actorName: personName(auditLogs.actorId),
  actorEmail: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${auditLogs.actorId})`,
  action: auditLogs.action,
  entity: auditLogs.entity,
  entityId: auditLogs.entityId,
  entityName: recordName,
  subjectId: auditLogs.subjectId,
  subjectName: personName(auditLogs.subjectId),
  outcome: auditLogs.outcome,
  ip: auditLogs.ip,
};

type ListRow = { cursorTime: string } & Record<string, unknown>;

/** The row as the API answers it: its cursor in place of the raw time text. */
export function presentRow<R extends ListRow>({ cursorTime: time, ...row }: R) {
  return { ...row, cursor: encodeCursor({ time, id: row.id as string }) };
}

/** The planner's estimate of how many rows the WHERE keeps (EXPLAIN, no rows read). */
async function estimateRows(db: Db, where: SQL | undefined): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${auditLogs} ${where ? sql`where ${where}` : sql``}`);
  const cell = Object.values(rowsOf<Record<string, unknown>>(result)[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0].Plan['Plan Rows']);
}

/**
 * The planner's estimates, kept a minute per filter set: they change only when statistics do, and
 * the broad sets they serve (page 1, a date range) are asked for again with every page turned.
 */
const ESTIMATE_TTL_MS = 60_000;
const estimates = new Map<string, { rows: number; at: number }>();

async function cachedEstimate(db: Db, where: SQL | undefined, key: string): Promise<number> {
  const hit = estimates.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  if (estimates.size >= 1000) estimates.clear();
  const rows = await estimateRows(db, where);
  estimates.set(key, { rows, at: Date.now() });
  return rows;
}

/** A range that ended this long ago gains no rows: an audit row's time is its transaction's start. */
const SETTLED_AFTER_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Whether the set can no longer change, so its exact count can be kept: a range that ended in the
 * past, inside what retention keeps, filtered only by fields the append-only trigger lets no
 * erasure rewrite (an erasure blanks addresses and changes names, so Ip, Actor and Subject
 * searches are left out).
 */
export function isSettled(q: ResolvedFilters, retentionDays: number | undefined, now = Date.now()): boolean {
  if (!q.to || q.ip || q.actor || q.subject) return false;
  if (endOf(q.to).getTime() > now - SETTLED_AFTER_MS) return false;
  return !retentionDays || (!!q.from && Date.parse(q.from) > now - (retentionDays - 1) * DAY_MS);
}

/** Exact counts of settled sets, per database (tests and benchmarks open several in one process). */
const settledCounts = new WeakMap<Db, Map<string, number>>();

/** Retention run with another period than the server's (a script, a test) may empty a settled range. */
export function forgetSettledCounts(db: Db) {
  settledCounts.delete(db);
}

function remember(db: Db, key: string, count: number) {
  const counts = settledCounts.get(db) ?? new Map<string, number>();
  if (counts.size >= 1000) counts.clear();
  settledCounts.set(db, counts.set(key, count));
}

/** Filters that name one person, record or address: their sets are usually small, so they are counted straight away. */
const SELECTIVE = ['actorId', 'subjectId', 'entityId', 'ip', 'actors', 'subjects'] as const;

/**
 * totalCount: exact up to the limit (EXACT_COUNT_LIMIT unless configured; a count that stops one row past it), else the
 * planner's estimate, flagged. A broad set (no filter, a date range, an action...) is estimated
 * first, and one the planner puts far beyond the limit is not counted at all, so page 1 of a
 * million rows reads no 100,000 index entries; a selective one is counted first and estimated only
 * when the count reaches the limit. A settled set (isSettled) is counted once per process.
 */
export async function totalOf(
  db: Db,
  q: ResolvedFilters,
  { retentionDays, exactCountLimit = EXACT_COUNT_LIMIT }: { retentionDays?: number; exactCountLimit?: number } = {},
): Promise<{ totalCount: number; totalCountIsEstimate: boolean }> {
  const settled = isSettled(q, retentionDays) ? JSON.stringify(FILTER_KEYS.map((k) => q[k] ?? null)) : undefined;
  const known = settled === undefined ? undefined : settledCounts.get(db)?.get(settled);
  if (known !== undefined) return { totalCount: known, totalCountIsEstimate: false };
  const total = await countOrEstimate(db, q, exactCountLimit);
  if (settled !== undefined && !total.totalCountIsEstimate) remember(db, settled, total.totalCount);
  return total;
}

async function countOrEstimate(db: Db, q: ResolvedFilters, limit: number): Promise<{ totalCount: number; totalCountIsEstimate: boolean }> {
  const where = whereOf(q);
  const selective = SELECTIVE.some((key) => q[key] !== undefined);
  const key = JSON.stringify(FILTER_KEYS.map((k) => q[k] ?? null));
  const estimate = selective ? undefined : await cachedEstimate(db, where, key);
  if (estimate !== undefined && estimate > SURELY_OVER_FACTOR * limit) return { totalCount: estimate, totalCountIsEstimate: true };
  const filtered = sql`from ${auditLogs} ${where ? sql`where ${where}` : sql``}`;
  // A set the planner puts well under the limit is counted plainly (the cap's LIMIT node costs
  // about as much again per row); any other is counted only up to the limit.
  const plain = estimate !== undefined && estimate < limit / 2;
  const result = await db.execute(
    plain
      ? sql`select count(*)::int as n ${filtered}`
      : sql`select count(*)::int as n from (select 1 ${filtered} limit ${limit + 1}) capped`,
  );
  const n = Number(rowsOf<{ n: number }>(result)[0].n);
  if (n <= limit || plain) return { totalCount: n, totalCountIsEstimate: false };
  return { totalCount: Math.max(estimate ?? (await estimateRows(db, where)), n), totalCountIsEstimate: true };
}

/**
 * One page in the list's order, from a cursor or an offset, with one row more to tell whether
 * another follows. A page that skips rows finds its keys first, from the filter's index alone (an
 * offset skips index entries, not rows), and only the page's rows are read and named: names in the
 * select list of one query ran for every skipped row (docs/decisions/0225-audit-page-keys-and-cih-week-stats.md).
 * A page that skips none (the first, or one after a cursor) reads its rows in one step.
 */
export function pageQuery(db: Db, where: SQL | undefined, opts: { order: 'asc' | 'desc'; limit: number; offset: number; cursor?: Cursor }) {
  const filtered = and(where, opts.cursor ? afterCursor(opts.cursor, opts.order) : undefined);
  const offset = opts.cursor ? 0 : opts.offset;
  if (offset === 0) {
    return db
      .select(listColumns)
      .from(auditLogs)
      .where(filtered)
      .orderBy(...orderOf(opts.order))
      .limit(opts.limit + 1);
  }
  const keys = db
    .select({ id: auditLogs.id, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(filtered)
    .orderBy(...orderOf(opts.order))
    .limit(opts.limit + 1)
    .offset(offset)
    .as('page_keys');
  // Each key's row is read by its id in a lateral subquery with LIMIT 1: a nested loop over the
  // keys in their order whatever the table's size (a plain join of a small table was hashed and
  // sorted again). Named audit_logs, so the list's columns read the row.
  const row = db.select().from(auditLogs).where(eq(auditLogs.id, keys.id)).limit(1).as('audit_logs');
  const dir = sql.raw(opts.order);
  return db
    .select(listColumns)
    .from(keys)
    .innerJoinLateral(row, sql`true`)
    .orderBy(sql`${keys.createdAt} ${dir}`, sql`${keys.id} ${dir}`);
}
