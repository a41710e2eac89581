import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import type { outreachFilters, outreachSchema } from '@/domain/gatherings/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, qualified, searchOver } from '@/server/db/queries.js';
import { outreachReports, outreachRequests, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { historyOf, notOwnRequest, requesterMatches, decisionNotice, transitionOnce } from '@/server/engines/decisions.js';
import { notify } from '@/server/modules/notifications/notify.js';
import { tellDeciders } from './waiting.js';
import { page } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { asks, outreachWhat } from './words.js';

/**
 * Outreach requests: pending -> approved | rejected (decided once, the requester told) |
 * cancelled, then completed when the report is filed (reports.ts). The requester changes or
 * withdraws a request while it is pending.
 */

type Audit = (e: AuditEntry) => void;
type OutreachFields = z.output<typeof outreachSchema>;
export type OutreachListQuery = ListParams & Partial<z.output<z.ZodObject<typeof outreachFilters>>>;
export type OutreachRequest = typeof outreachRequests.$inferSelect;

const OUTREACH_NOT_FOUND = 'Outreach request not found!';
const o = outreachRequests;

/** The team in the order it was given, each member with a name (correlated: the outer columns qualified). */
const team = sql<
  Array<{ id: string; fullName: string }>
>`coalesce((select json_agg(json_build_object('id', u.id, 'fullName', concat_ws(' ', u.first_name, u.sur_name)) order by t.ord)
  from unnest(${qualified(o.teamIds)}) with ordinality as t(id, ord) join ${users} u on u.id = t.id), '[]'::json)`;
const reportId = sql<string | null>`(select r.id from ${outreachReports} r where r.outreach_request_id = ${qualified(o.id)})`;

const outreachRow = {
  id: o.id,
  title: o.title,
  purpose: o.purpose,
  state: o.state,
  lga: o.lga,
  address: o.address,
  outreachDate: o.outreachDate,
  startTime: o.startTime,
  teamIds: o.teamIds,
  team,
  materials: o.materials,
  accessories: o.accessories,
  budget: sql<number | null>`${o.budget}::float8`,
  status: o.status,
  userId: o.userId,
  requesterName: personName(o.userId),
  reportId,
  decidedBy: o.decidedBy,
  decidedByName: personName(o.decidedBy),
  decidedAt: o.decidedAt,
  decisionComment: o.decisionComment,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
};

const selectOutreach = (db: Db | Tx) => db.select(outreachRow).from(o);
export type OutreachView = Awaited<ReturnType<typeof selectOutreach>>[number];

async function outreachView(db: Db | Tx, id: string): Promise<OutreachView> {
  const [row] = await selectOutreach(db).where(eq(o.id, id));
  if (!row) throw notFound(OUTREACH_NOT_FOUND);
  return row;
}

/** What the caller sees: every outreach with CAN_VIEW_OUTREACH (unless Mine), else the ones they filed or go on. */
export function outreachScope(caller: Caller, mine?: boolean): SQL | undefined {
  if (caller.permissions.has(P.viewOutreach) && !mine) return undefined;
  return or(eq(o.userId, caller.id), sql`${caller.id}::uuid = any(${o.teamIds})`);
}

const SORTS = { outreachDate: o.outreachDate, createdAt: o.createdAt, status: o.status, title: o.title };

export async function outreachPage(db: Db, caller: Caller, q: OutreachListQuery) {
  if (q.from && q.to && q.from > q.to) throw badRequest('From must not be after To', { from: ['From must not be after To'] });
  const where = and(
    outreachScope(caller, q.mine),
    q.status ? eq(o.status, q.status) : undefined,
    q.from ? gte(o.outreachDate, q.from) : undefined,
    q.to ? lte(o.outreachDate, q.to) : undefined,
    requesterMatches(o.userId, q.requester),
    searchOver(q.search, [o.title, o.purpose, o.address, o.state, o.lga, personName(o.userId)]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    selectOutreach(db)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [desc(o.createdAt), asc(o.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(o).where(where),
  ]);
  return page(rows, n);
}

/**
 * One outreach the caller sees, with its history: the request's own changes and, merged in time
 * order, its report's (filed, changed, deleted), since filing the report completes the outreach.
 */
export async function outreachDetail(db: Db, caller: Caller, id: string) {
  const [view] = await selectOutreach(db).where(and(eq(o.id, id), outreachScope(caller)));
  if (!view) throw notFound(OUTREACH_NOT_FOUND);
  const own = await historyOf(db, 'outreachRequest', id);
  const report = view.reportId
    ? (await historyOf(db, 'outreachReport', view.reportId)).map((h) => ({ ...h, action: `report-${h.action}` }))
    : [];
  const history = [...own, ...report].sort((x, y) => x.at.getTime() - y.at.getTime());
  return { ...view, history };
}

/** Every team member must be a user. */
async function checkTeam(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  if (found.length !== new Set(ids).size)
    throw badRequest('A team member is not a user', { teamIds: ['Choose team members from the members'] });
}

const values = (f: OutreachFields) => ({ ...f, budget: f.budget === undefined ? null : String(f.budget) });

export async function fileOutreach(tx: Tx, audit: Audit, caller: Caller, f: OutreachFields) {
  await checkTeam(tx, f.teamIds);
  const [row] = await tx
    .insert(o)
    .values({ ...values(f), userId: caller.id })
    .returning();
  audit({ action: 'create', entity: 'outreachRequest', entityId: row.id, after: row });
  const view = await outreachView(tx, row.id);
  await tellDeciders(tx, audit, caller, {
    kind: 'outreachRequest',
    body: asks(view.requesterName, outreachWhat(row.title, row.outreachDate)),
    link: '/outreach',
  });
  return view;
}

export async function storedOutreach(tx: Tx, id: string): Promise<OutreachRequest> {
  const [row] = await tx.select().from(o).where(eq(o.id, id)).for('update');
  if (!row) throw notFound(OUTREACH_NOT_FOUND);
  return row;
}

/** UpdateOutreachRequest: only while pending, by its requester; the form replaces every field. */
export async function changeOutreach(tx: Tx, audit: Audit, caller: Caller, id: string, f: OutreachFields) {
  const before = await storedOutreach(tx, id);
  if (before.userId !== caller.id) throw forbidden('Only the member who filed this request may change it');
  if (before.status !== 'pending') throw badRequest(`This request has already been ${before.status}.`);
  await checkTeam(tx, f.teamIds);
  const cleared = { state: null, lga: null, startTime: null, materials: null };
  const [after] = await tx
    .update(o)
    .set({ ...cleared, ...values(f), updatedAt: new Date() })
    .where(eq(o.id, id))
    .returning();
  audit({ action: 'update', entity: 'outreachRequest', entityId: id, before, after });
  return outreachView(tx, id);
}

export async function decideOutreach(tx: Tx, audit: Audit, caller: Caller, id: string, approve: boolean, comment: string | null) {
  const before = await storedOutreach(tx, id);
  notOwnRequest(caller, before.userId);
  const status = approve ? 'approved' : 'rejected';
  const after = await transitionOnce(
    () =>
      tx
        .update(o)
        .set({ status, decidedBy: caller.id, decidedAt: new Date(), decisionComment: comment, updatedAt: new Date() })
        .where(and(eq(o.id, id), eq(o.status, 'pending')))
        .returning(),
    async () => before.status,
  );
  audit({ action: approve ? 'approve' : 'reject', entity: 'outreachRequest', entityId: id, before, after });
  await notify(
    tx,
    audit,
    decisionNotice(caller, {
      requesterId: before.userId,
      approved: approve,
      what: outreachWhat(before.title, before.outreachDate),
      comment,
      // Members follow their outreach on /events (My outreach).
      link: '/events',
    }),
  );
  return outreachView(tx, id);
}

/** DeleteOutreachRequest: its requester while pending, or CAN_DELETE_OUTREACH (the report goes with it). */
export async function removeOutreach(tx: Tx, audit: Audit, caller: Caller, id: string) {
  const before = await storedOutreach(tx, id);
  const own = before.userId === caller.id && before.status === 'pending';
  if (!own && !caller.permissions.has(P.deleteOutreach)) throw forbidden('Only the requester may withdraw a pending outreach request');
  await tx.delete(o).where(eq(o.id, id));
  audit({ action: 'delete', entity: 'outreachRequest', entityId: id, before });
}
