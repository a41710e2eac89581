import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { z } from 'zod';
import { EMPLOYMENT_STATUSES, GENDERS, MARITAL_STATUSES } from '@/domain/common/enums.js';
import { stageField, type Stage } from '@/domain/people/stages.js';
import { idField } from '@/domain/common/fields.js';
import type { Db } from '@/server/db/client.js';
import { jsonObject, prerendered, sameText } from '@/server/db/queries.js';
import { generation, keepsTotal, keepTotal, knownTotal, NO_GENERATION } from '@/server/db/listTotals.js';
import { decoderOf, renderParts, runShaped, statementName, type RenderedParts } from '@/server/db/shapedStatements.js';
import {
  centers,
  departments,
  memberDirectory,
  memberDirectoryCounts,
  memberRoleNames,
  memberSearchTexts,
  memberSummaries,
  roles,
  userDepartments,
  userRoles,
  users,
  zones,
} from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { jsonPage } from '@/server/http/envelope.js';
import { badRequest, isDataException } from '@/server/http/errors.js';
import { cursorParam, encodeCursor, orderBy, rangesAfter, type Ordering } from './keyset.js';
import { listQuery, pageOf, type ListParams } from './list.js';
import { notUnlisted, seesUnlisted } from './listing.js';
import { keepBounded, mapsPerDb } from '@/server/keptMaps.js';
import { answerVersion, type VersionSlot } from './listAnswers.js';

/**
 * The member summary shared by the member query, the user list, archived
 * members, department members and a CIH center's members. Lists filter, sort and search on the
 * member's directory row (server/db/schema/people.ts: the profile's values, kept by triggers),
 * where an index serves each; the page's few rows then look up what the summary shows besides
 * (scalar subqueries: a join of five tables cost more to plan than the page costs to read).
 * The member list's own pages read each row's line kept by triggers instead (storedLine), which
 * migration 0054_member_summaries makes with the same fields: a change to the summary is made in both.
 */

const md = memberDirectory;

type MemberSummary = SelectResultFields<typeof memberSummary>;

const memberSummary = prerendered({
  id: md.userId,
  fullName: sql<string>`concat_ws(' ', ${md.firstName}, nullif(${md.middleName}, ''), ${md.surName})`,
  firstName: md.firstName,
  lastName: md.surName,
  middleName: md.middleName,
  email: md.email,
  phoneNumber: md.phone,
  location: md.location,
  userRole: sql<string | null>`array_to_string(${memberRoleNames.names}, ', ')`,
  gender: md.gender,
  maritalStatus: md.maritalStatus,
  employmentStatus: md.employmentStatus,
  state: md.state,
  dateOfBirth: md.dateOfBirth,
  zoneId: md.zoneId,
  zoneName: zones.zoneName,
  centerId: md.centerId,
  centerName: centers.centerName,
  cihRole: md.cihRole,
  status: sql<'active' | 'disabled'>`case when ${md.disabled} then 'disabled' else 'active' end`,
  // The directory keeps only the stages the first-timer flag does not say (docs/decisions 0210).
  stage: sql<Stage>`coalesce(${md.stage}, case when ${md.isFirstTimer} then 'first-timer' else 'member' end)`,
});

/** The summary as JSON text (see jsonObject), which the page's answer holds as it comes. */
const summaryJson = jsonObject(memberSummary);

/**
 * The member list's line of the member id names, as kept in member_summaries: the summary with
 * its tags, household and photo version (migration 0054_member_summaries, docs/decisions/0250),
 * but the role names, which the page reads beside it (storedLinesOf): a bulk conversion rewrites
 * them twice, and remaking the lines each time doubled its time. Its triggers make a line for
 * every directory row; were one missing, it is made as they make it.
 */
const storedLine = (id: SQLWrapper) =>
  sql<string>`coalesce(${memberSummaries.summary}, (select l.summary from member_summaries_of(array[${id}]) l))`;

/** The member lists' sorts, with the field names of a row as aliases; each has an index. */
const MEMBER_SORT: Record<string, PgColumn> = {
  default: md.surName,
  firstName: md.firstName,
  surName: md.surName,
  lastName: md.surName,
  dob: md.dateOfBirth,
  dateOfBirth: md.dateOfBirth,
  gender: md.gender,
  maritalStatus: md.maritalStatus,
  employment: md.employmentStatus,
  employmentStatus: md.employmentStatus,
  state: md.state,
};
const BY_NAME = [md.surName, md.firstName, md.userId];

/**
 * The sort of SortBy and SortOrder (names match without case; an unknown one is a 400): its key
 * then the name and the id, all in that direction (descending is ascending reversed), so each
 * sort's one index serves both directions (docs/decisions/0239).
 */
function orderingOf(q: ListParams, allowed: Record<string, PgColumn>): Ordering {
  const name = q.sortBy ? Object.keys(allowed).find((k) => k.toLowerCase() === q.sortBy!.toLowerCase()) : 'default';
  if (!name) throw badRequest(`SortBy must be one of: ${Object.keys(allowed).join(', ')}`, { sortBy: ['Unknown sort field'] });
  const keys = [allowed[name], ...BY_NAME.filter((k) => k !== allowed[name])];
  return { name, direction: q.sortOrder ?? 'asc', keys };
}

/** Search folds the term as flock_fold folds the directory's keys: lower case, no accents. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The LIKE pattern of a search term: anywhere, folded, its wildcards taken literally. */
export const searchPattern = (term: string) => `%${fold(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Search: a name, the email or a phone number holds the term (the trigram index serves it). */
export function memberSearch(term?: string): SQL | undefined {
  if (!term) return undefined;
  return like(md.searchText, searchPattern(term));
}

/**
 * The statement of member summaries (fields) of the rows ids selects, in order, as runShaped
 * builds it.
 */
function summariesOf(db: Db, fields: SelectedFields, ids: PageIds, order: SQL[]) {
  const query = db
    .select(fields)
    .from(ids)
    .innerJoin(md, eq(md.userId, ids.id))
    .leftJoin(memberRoleNames, eq(memberRoleNames.userId, md.userId))
    .leftJoin(zones, eq(zones.id, md.zoneId))
    .leftJoin(centers, eq(centers.id, md.centerId))
    .orderBy(...order);
  return { prepare: (name: string) => query.prepare(name), fields };
}

/**
 * A page of kept lines (storedLine): the ids and sort keys from the directory's index, then one
 * narrow row each; the directory row itself only for extra fields, which read it. Reading the
 * wide directory row of each took a quarter of the statement's rate (docs/decisions/0250).
 */
function storedLinesOf(db: Db, page: StoredPage, fields: SelectedFields, readsDirectory: boolean) {
  const { condition, ordering, limit, offset } = page;
  const keyFields = Object.fromEntries(ordering.keys.map((k, i) => [`k${i}`, sql`${k}`.as(`k${i}`)]));
  const ids = db
    .select({ id: md.userId, ...keyFields })
    .from(md)
    .where(condition)
    .orderBy(...orderBy(ordering))
    .limit(literal(limit))
    .offset(offset as unknown as number)
    .as('page_ids');
  const keys = ordering.keys.map((_, i) => (ids as unknown as Record<string, SQL.Aliased>)[`k${i}`]);
  // userRole joins the extra fields, so the row's JSON has it after the kept line (rowJson).
  const all = {
    summary: storedLine(ids.id),
    userRole: sql<string | null>`array_to_string(${memberRoleNames.names}, ', ')`,
    ...fields,
    keys: sql<unknown[]>`json_build_array(${sql.join(keys, sql`, `)})`,
  };
  const base = db
    .select(all)
    .from(ids)
    .leftJoin(memberSummaries, eq(memberSummaries.userId, ids.id))
    .leftJoin(memberRoleNames, eq(memberRoleNames.userId, ids.id));
  const joined = readsDirectory ? base.leftJoin(md, eq(md.userId, ids.id)) : base;
  const query = joined.orderBy(...keys.map((k) => (ordering.direction === 'desc' ? desc(k) : asc(k))));
  return { prepare: (name: string) => query.prepare(name), fields: all };
}

type StoredPage = { condition: SQL; ordering: Ordering; limit: number; offset: SQL };

/**
 * LIMIT as SQL text, not a parameter: with a parameter PostgreSQL cannot cost a generic plan for
 * the page and re-plans the prepared statement on every call. Page sizes are few and validated.
 * (drizzle takes a number or a placeholder here; an SQL object renders as written.)
 */
const literal = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

/** The ids of one page: an ordered scan of one directory index that stops after offset + limit rows. */
function idsQuery(db: Db, where: SQL | undefined, ordering: Ordering, limit: number, offset: number) {
  return db
    .select({ id: md.userId })
    .from(md)
    .where(where)
    .orderBy(...orderBy(ordering))
    .limit(literal(limit))
    .offset(offset);
}

type PageIds = ReturnType<ReturnType<typeof idsQuery>['as']>;

/**
 * What a page asks of the directory: the condition, the sort, and its two queries (the page's
 * ids and the count), which the tests EXPLAIN.
 */
export function directoryQueries(db: Db, q: ListParams, where: Array<SQL | undefined>, sorts: Record<string, PgColumn> = {}) {
  const condition = and(memberSearch(q.search), ...where);
  const ordering = orderingOf(q, { ...MEMBER_SORT, ...sorts });
  const { limit, offset } = pageOf(q);
  return {
    condition,
    ordering,
    limit,
    offset,
    ids: idsQuery(db, condition, ordering, limit, offset),
    count: db.select({ n: count() }).from(md).where(condition),
  };
}

type Preparable<T> = { prepare(name: string): { execute(): Promise<T> } };
/** What node-postgres' statement holds beside execute: its text, and the configs that name it. */
type DriverStatement = { queryString?: string; queryConfig?: { name?: string }; rawQueryConfig?: { name?: string } };

/**
 * Runs a list query as a prepared statement named after its text: node-postgres prepares it once
 * per connection, PGlite once (server/db/pgliteStatements.ts), and PostgreSQL stops planning it
 * after a few calls. Planning weighed more than reading: the directory's many indexes made a
 * page's plan cost 2 to 7 ms, its execution 1 ms. Drizzle builds the text as it prepares, so the
 * name is set on the driver options of what it built (building the text a second time for the
 * name was a tenth of a call's CPU).
 */
function prepared<T>(query: Preparable<T>): Promise<T> {
  const statement = query.prepare('');
  const { queryString, queryConfig, rawQueryConfig } = statement as DriverStatement;
  if (queryString && queryConfig && rawQueryConfig) {
    queryConfig.name = rawQueryConfig.name = statementName(queryString);
  }
  return statement.execute();
}

/**
 * total: the list's count, read in the page's statement (one round trip) when given; stored: each
 * row is the member list's kept line (storedLine) rather than the summary.
 */
type PageOptions = { where: SQL | undefined; ordering: Ordering; limit: number; extra: SelectedFields; total?: SQL; stored?: boolean };
type PageRow = {
  summary: string;
  extras: Record<string, unknown>;
  keys: unknown[];
  total?: number | null;
  generation?: string;
  answerVersion?: string;
};

/** A page's statement as rendered once: its parts, whether its total is kept (and under what key), its shape. */
type PageStatement = { rendered: RenderedParts; keep: boolean; totalKey: string; kind: string; options: PageOptions };

/**
 * The page's statement, built once per shape (server/db/shapedStatements.ts): its parts are the
 * condition, the total and the extra fields; the sort and the page size are in its kind; the
 * offset and the known total's generation are values. A total that reads only watched tables is
 * kept (server/db/listTotals.ts) and reused while they are unchanged.
 */
function pageStatement(options: PageOptions): PageStatement {
  const { where, ordering, limit, extra, total, stored } = options;
  const extras = Object.entries(extra);
  const rendered = renderParts([where ?? sql`true`, total ?? sql`null`, ...extras.map(([, field]) => sql`${field}`)]);
  const keep = total !== undefined && keepsTotal(rendered.text, total);
  const totalKey = keep ? `${rendered.text}\u0000${JSON.stringify(rendered.params)}` : '';
  const sortKeys = ordering.keys.map((k) => k.name).join();
  const totalKind = total ? (keep ? 'kept total' : 'total') : '';
  const kind = `members ${sortKeys} ${ordering.direction} ${limit} ${totalKind} ${stored ? 'stored' : ''} ${extras.map(([k]) => k).join()}`;
  return { rendered, keep, totalKey, kind, options };
}

/**
 * The page's rows from offset, each with its sort key values (keys) for the cursor after it, the
 * first with the total when one was asked; with a slot, the version of what the lists show is
 * read in the same statement (its snapshot) and left in it (server/engines/listAnswers.ts).
 */
async function runPage(db: Db, statement: PageStatement, offset: number, slot?: VersionSlot): Promise<PageRow[]> {
  const { rendered, keep, totalKey, options } = statement;
  const { ordering, limit, extra, total, stored } = options;
  const extras = Object.entries(extra);
  const known = keep ? knownTotal(db, totalKey) : undefined;
  const more = keep ? [offset, known?.generation ?? NO_GENERATION] : [offset];
  const kind = slot ? `${statement.kind} version` : statement.kind;
  const rows = await runShaped<Omit<PageRow, 'extras'> & Record<string, unknown>>(db, kind, rendered, more, ({ raw, after }) => {
    const [condition, counted, ...extraFields] = raw;
    const keys = sql<unknown[]>`json_build_array(${sql.join(ordering.keys, sql`, `)})`;
    // Uncorrelated subqueries: PostgreSQL computes each once for the statement, not per row, and
    // the count only when the CASE needs it.
    const totalField = keep ? sql`case when ${generation} = ${after(1)}::bigint then null else (${counted}) end` : sql`(${counted})`;
    const fields = {
      summary: summaryJson,
      ...Object.fromEntries(extras.map(([k, field], i) => [k, extraFields[i].mapWith(decoderOf(field))])),
      keys,
      ...(total && { total: totalField.mapWith(Number) }),
      ...(keep && { generation }),
      ...(slot && { answerVersion }),
    };
    if (stored) {
      const { summary: _, keys: __, ...rest } = fields;
      return storedLinesOf(db, { condition, ordering, limit, offset: after(0) }, rest, extras.length > 0);
    }
    const ids = idsQuery(db, condition, ordering, limit, after(0) as unknown as number).as('page_ids');
    return summariesOf(db, fields, ids, orderBy(ordering));
  });
  const first = rows[0];
  if (first && keep) {
    if (first.total === null) first.total = known!.n;
    else keepTotal(db, totalKey, { generation: first.generation as string, n: first.total as number });
  }
  if (first && slot) slot.read = first.answerVersion as string;
  return rows.map(({ summary, keys, total: rowTotal, generation: _, answerVersion: __, ...extras }) => ({
    summary,
    extras,
    keys,
    total: rowTotal,
  }));
}

/** A row of the answer: the summary's JSON with the extra fields' after it (their Node decoding kept). */
const rowJson = ({ summary, extras }: PageRow) =>
  Object.keys(extras).length ? `${summary.slice(0, -1)},${JSON.stringify(extras).slice(1)}` : summary;

/**
 * The rows after a cursor: each of its ranges in turn until the page is full. The version rides
 * on the first range's statement only (an answer's version is its first statement's).
 */
async function rowsAfter(db: Db, cursor: string, options: PageOptions, slot?: VersionSlot) {
  const nullable = !options.ordering.keys[0].notNull;
  const rows: PageRow[] = [];
  for (const [i, range] of rangesAfter(options.ordering, cursor, nullable).entries()) {
    if (rows.length >= options.limit) break;
    // The total rides on the first range's statement only.
    const total = rows.length ? undefined : options.total;
    const statement = pageStatement({ ...options, total, where: and(options.where, range), limit: options.limit - rows.length });
    const more = await runPage(db, statement, 0, i === 0 ? slot : undefined).catch((err: unknown) => {
      if (isDataException(err)) throw badRequest('Cursor must be a nextCursor returned by this list', { cursor: ['Unknown cursor'] });
      throw err;
    });
    rows.push(...more);
  }
  return rows;
}

/** Not among those who withheld their 'listing' consent (listing.ts); one object, as BASE_TOTALS knows it by identity. */
const notHidden = notUnlisted(md.userId);

/**
 * Whom a caller finds in the church-wide lists and pickers: the one listing rule (listing.ts).
 * A department's and a center's own rosters show all their people: their leaders serve them there.
 */
export const visibleTo = (caller: Caller) => (seesUnlisted(caller) ? undefined : notHidden);

/** Listed: not archived (the demise flag). */
export const isListed = sql`not ${md.archived}`;

/** Archived members (the demise flag on). */
export const isArchived = sql`${md.archived}`;

/**
 * First-timers, through users' partial index of them: no directory index holds the flag (so that
 * a conversion is a HOT update of the directory row), and the first-timers are few. The lists
 * leave them out by NOT IN over that index, which PostgreSQL reads once into a hash probed by
 * each row of the directory's index-only scan; NOT EXISTS became an anti-join that rescanned a
 * materialised set per row, five times dearer on PGlite for a deep page (ids are never null, so
 * the two agree).
 */
const firstTimerIds = sql`(select ${users.id} from ${users} where ${users.isFirstTimer})`;
const firstTimer = sql`exists (select from ${users} where ${users.id} = ${md.userId} and ${users.isFirstTimer})`;
const notFirstTimer = sql`${md.userId} not in ${firstTimerIds}`;

/** Church members: converted from first-timer and not archived. */
export const isChurchMember = sql`not ${md.archived} and ${notFirstTimer}`;

/** First-timers, and people converted (the user list's Kind). */
export const isFirstTimer = firstTimer;
export const isConverted = notFirstTimer;

const counts = memberDirectoryCounts;
const texts = memberSearchTexts;

/**
 * The base conditions on the member's id alone, for a total counted from a few ids (idTotal):
 * the archived and the first-timers as anti-joins through their partial indexes, so that each id
 * is looked up in the directory's key, index-only. NOT IN (the pages' form) made the planner
 * charge its hash to every lookup and read the whole directory instead (docs/decisions/0254).
 */
const archivedIds = sql`(select from ${md} a where a.user_id = ${md.userId} and a.archived)`;
const firstTimerRow = sql`(select from ${users} where ${users.id} = ${md.userId} and ${users.isFirstTimer})`;

/**
 * The lists' base conditions, each as a condition on member_directory_counts (the totals kept
 * per pair of flags: none for the hidden, which keptTotal subtracts), on member_search_texts
 * (a search's total) and on the directory's key (idTotal).
 */
const BASE_TOTALS = new Map<SQL, { counts?: SQL; texts: SQL; ids: SQL }>([
  [
    isChurchMember,
    {
      counts: sql`not ${counts.isFirstTimer} and not ${counts.archived}`,
      texts: sql`not ${texts.archived} and ${texts.userId} not in ${firstTimerIds}`,
      ids: sql`not exists ${archivedIds} and not exists ${firstTimerRow}`,
    },
  ],
  [isListed, { counts: sql`not ${counts.archived}`, texts: sql`not ${texts.archived}`, ids: sql`not exists ${archivedIds}` }],
  [isArchived, { counts: sql`${counts.archived}`, texts: sql`${texts.archived}`, ids: sql`exists ${archivedIds}` }],
  [isFirstTimer, { counts: sql`${counts.isFirstTimer}`, texts: sql`${texts.userId} in ${firstTimerIds}`, ids: firstTimer }],
  [
    isConverted,
    { counts: sql`not ${counts.isFirstTimer}`, texts: sql`${texts.userId} not in ${firstTimerIds}`, ids: sql`not exists ${firstTimerRow}` },
  ],
  [notHidden, { texts: notUnlisted(texts.userId), ids: notHidden }],
]);

/** Conditions that read the member's id alone (onMemberId). */
const ON_ID = new WeakSet<SQL>();

/**
 * Marks a list condition that names its people by id through an index of their own (a tag, a
 * custom field's values, a department, a selection): a total of such conditions over base
 * conditions is counted from those ids (idTotal).
 */
export function onMemberId(condition: SQL): SQL {
  ON_ID.add(condition);
  return condition;
}

/**
 * The total of a list with no search and no filter beyond base conditions (the first-timer list
 * too: no index holds that flag), read from the kept counts; a leader's list leaves out the few
 * hidden from leaders, counted through their partial index.
 */
function keptTotal(db: Db, q: ListParams, where: Array<SQL | undefined>) {
  const given = where.filter((c) => c !== undefined);
  const base = given.filter((c) => c !== notHidden);
  const kept = q.search ? [] : base.map((c) => BASE_TOTALS.get(c)?.counts);
  if (!kept.length || kept.includes(undefined)) return undefined;
  const hidden =
    base.length < given.length ? sql` - (select count(*) from ${md} where ${md.hiddenFromLeaders} and ${and(...base)})` : sql``;
  return db
    .select({ n: sql<number>`coalesce(sum(${counts.n}), 0)${hidden}`.mapWith(Number) })
    .from(counts)
    .where(and(...kept));
}

/**
 * The total of a search with no filter beyond base conditions, counted over the narrow copy of
 * the search text: its matches lie on fewer and smaller pages than in the wide directory ('ade'
 * over 100,000 members on PostgreSQL: 1,230 pages against 3,320, 2.7 ms against 4.5). The
 * tests EXPLAIN it.
 */
export function searchTotal(db: Db, q: ListParams, where: Array<SQL | undefined>) {
  if (!q.search) return undefined;
  const base = where.filter((c) => c !== undefined).map((c) => BASE_TOTALS.get(c)?.texts);
  if (base.includes(undefined)) return undefined;
  return db
    .select({ n: count() })
    .from(texts)
    .where(and(like(texts.searchText, searchPattern(q.search)), ...base));
}

/**
 * The total of a list filtered by conditions on the member's id (onMemberId) beyond base
 * conditions, with no search: the base conditions on the id too (BASE_TOTALS), so PostgreSQL may
 * count from the filter's ids, each looked up in the directory's key, as raw SQL over a plain
 * table does (a tag on 30,000 of 1,000,000 people: 30,000 lookups, not a read of the whole
 * directory; docs/decisions/0254). The tests EXPLAIN it.
 */
export function idTotal(db: Db, q: ListParams, where: Array<SQL | undefined>) {
  const given = where.filter((c) => c !== undefined);
  if (q.search || !given.some((c) => ON_ID.has(c))) return undefined;
  const onId = given.map((c) => (ON_ID.has(c) ? c : BASE_TOTALS.get(c)?.ids));
  if (onId.includes(undefined)) return undefined;
  return db
    .select({ n: count() })
    .from(md)
    .where(and(...onId));
}

/**
 * A member list as a route asks for it. scope names every value its conditions and extra fields
 * hold beyond the query's own (the route, whether the caller sees those hidden from leaders, a
 * department's id): one scope and one query always make the same statement, so what is built
 * from them is built once (memberPage).
 */
export type MemberList = {
  scope: string;
  where: () => Array<SQL | undefined>;
  extra?: () => SelectedFields;
  sorts?: Record<string, PgColumn>;
  /** Each row is the member list's kept line, with its tags, household and photo (storedLine). */
  stored?: boolean;
};

/** What memberPage builds of a list and a query, but its page number and cursor. */
type Plan = { statement: PageStatement; totalQuery: Preparable<Array<{ n: number }>> };

/** Plans kept per process: building a page's conditions and rendering them with drizzle was a sixth of a call's CPU. */
const PLANS = 1_000;
const plansOf = mapsPerDb<Plan>();

function planOf(db: Db, q: ListParams, list: MemberList): Plan {
  const where = list.where();
  const { condition, ordering, limit, count: counted } = directoryQueries(db, q, where, list.sorts);
  const totalQuery = keptTotal(db, q, where) ?? searchTotal(db, q, where) ?? idTotal(db, q, where) ?? counted;
  // One row beyond the page tells whether a next page exists.
  const options = {
    where: condition,
    ordering,
    limit: limit + 1,
    extra: list.extra?.() ?? {},
    total: totalQuery.getSQL(),
    stored: list.stored,
  };
  return { statement: pageStatement(options), totalQuery };
}

function keptPlan(db: Db, q: ListParams & { cursor?: string }, list: MemberList): Plan {
  const { pageNumber: _, cursor: __, ...shape } = q;
  const key = `${list.scope}\u0000${JSON.stringify(shape)}`;
  const plans = plansOf(db);
  let plan = plans.get(key);
  if (!plan) {
    plan = planOf(db, q, list);
    keepBounded(plans, key, plan, PLANS);
  }
  return plan;
}

/**
 * One page of member summaries: the list's conditions, its search, sort and paging; extra fields
 * join each row, and extra sorts join the member sorts. PageNumber pages by offset; Cursor (the
 * nextCursor of a page, sent while more rows follow) pages by key, for deep pages. A slot, for a
 * page whose statement is its answer's first, receives the version that statement read.
 */
export async function memberPage(db: Db, q: ListParams & { cursor?: string }, list: MemberList, slot?: VersionSlot) {
  const { statement, totalQuery } = keptPlan(db, q, list);
  const { options } = statement;
  const rows = await (q.cursor ? rowsAfter(db, q.cursor, options, slot) : runPage(db, statement, pageOf(q).offset, slot));
  // A page past the end (or a cursor whose first range is empty) has no row to carry the total.
  const n = rows[0]?.total ?? (await prepared(totalQuery))[0].n;
  const limit = options.limit - 1;
  const shown = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? encodeCursor(options.ordering, shown[shown.length - 1].keys) : undefined;
  return jsonPage(shown.map(rowJson), Number(n), nextCursor ? { nextCursor } : {});
}

/** Every member summary matching the conditions, by name (for a center's short list). */
export async function allMembers(db: Db, where: SQL) {
  const rows = await runShaped<{ summary: string }>(db, 'members all', [where], [], ({ raw: [condition] }) => {
    const ids = db.select({ id: md.userId }).from(md).where(condition).as('page_ids');
    return summariesOf(
      db,
      { summary: summaryJson },
      ids as PageIds,
      BY_NAME.map((k) => asc(k)),
    );
  });
  return rows.map((row) => JSON.parse(row.summary) as MemberSummary);
}

/**
 * A flag's condition as SQL text, not a parameter: a prepared statement's generic plan can then
 * still use the partial indexes (WHERE not archived), which a parameter would rule out.
 */
export const flag = (column: PgColumn, value: boolean) => (value ? sql`${column}` : sql`not ${column}`);

export const memberQuerySchema = listQuery({
  zoneId: idField('ZoneId').optional(),
  centerId: idField('CenterId').optional(),
  departmentId: idField('DepartmentId').optional(),
  departmentName: z.string().trim().max(100).optional(),
  affinityGroup: z.string().trim().max(100).optional(),
  gender: z.enum(GENDERS, { error: `Gender must be one of ${GENDERS.join(', ')}` }).optional(),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Choose a marital status from the list' }).optional(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: `Employment status must be one of ${EMPLOYMENT_STATUSES.join(', ')}` }).optional(),
  state: z.string().trim().max(100).optional(),
  role: z.string().trim().max(60).optional(),
  status: z.enum(['active', 'disabled'], { error: "Status must be 'active' or 'disabled'" }).optional(),
  stage: stageField.optional(),
  ...cursorParam,
});
type MemberQuery = z.infer<typeof memberQuerySchema>;

/** The conditions of GetMemberQuery's named filters. */
export function memberFilters(db: Db, q: MemberQuery): Array<SQL | undefined> {
  const inDepartment = (match: SQL) =>
    onMemberId(
      inArray(
        md.userId,
        db
          .select({ id: userDepartments.userId })
          .from(userDepartments)
          .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
          .where(match),
      ),
    );
  const platformRole = (name: string) =>
    inArray(
      md.userId,
      db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(sameText(roles.name, name)),
    );
  return [
    q.zoneId && eq(md.zoneId, q.zoneId),
    q.centerId && eq(md.centerId, q.centerId),
    q.departmentId && inDepartment(eq(departments.id, q.departmentId)),
    q.departmentName && inDepartment(sameText(departments.departmentName, q.departmentName)),
    // The directory keeps the groups in lower case; the GIN index serves the containment.
    q.affinityGroup && sql`${md.affinityGroups} @> array[lower(${q.affinityGroup})]::text[]`,
    q.gender && eq(md.gender, q.gender),
    q.maritalStatus && eq(md.maritalStatus, q.maritalStatus),
    q.employmentStatus && eq(md.employmentStatus, q.employmentStatus),
    q.state && sql`${md.stateKey} = lower(${q.state})`,
    // A platform role (hod) or a CIH role (cihpastor).
    q.role && or(platformRole(q.role), sameText(md.cihRole, q.role)),
    q.status && flag(md.disabled, q.status === 'disabled'),
    q.stage && stageIs(q.stage),
  ].map((c) => c || undefined);
}

/**
 * The stage filter, through member_directory_stage_idx: worker, leader and visitor are kept in
 * the directory; first-timer and member are a null stage told apart by the first-timer flag,
 * through users' index of first-timers as the lists' base conditions are (docs/decisions 0210).
 */
function stageIs(stage: Stage): SQL {
  if (stage === 'member') return sql`${md.stage} is null and ${notFirstTimer}`;
  if (stage === 'first-timer') return sql`${md.stage} is null and ${md.userId} in ${firstTimerIds}`;
  return sql`${md.stage} = ${sql.raw(`'${stage}'`)}`;
}

/**
 * The summaries of the members ids names, in that order, each with the extra fields, as rows of a
 * page's answer: for a page whose ids another order chose (the custom-field sort,
 * server/engines/customFieldSort.ts).
 */
export async function summariesInOrder(db: Db, ids: string[], extra: SelectedFields = {}): Promise<string[]> {
  if (!ids.length) return [];
  const extras = Object.entries(extra);
  const rows = await db
    .select({ id: md.userId, summary: summaryJson, ...extra })
    .from(md)
    .leftJoin(memberRoleNames, eq(memberRoleNames.userId, md.userId))
    .leftJoin(zones, eq(zones.id, md.zoneId))
    .leftJoin(centers, eq(centers.id, md.centerId))
    .where(inArray(md.userId, ids));
  const byId = new Map(rows.map((row) => [row.id, row as Record<string, unknown>]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const values = Object.fromEntries(extras.map(([k]) => [k, row[k]]));
    return [rowJson({ summary: row.summary as string, extras: values, keys: [] })];
  });
}
