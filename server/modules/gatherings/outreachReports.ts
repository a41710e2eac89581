import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Convert } from '@/domain/gatherings/statuses.js';
import { P } from '@/domain/roles/permissions.js';
import type { convertSchema, outreachReportUpdateSchema } from '@/domain/gatherings/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, searchOver } from '@/server/db/queries.js';
import { outreachReports, outreachRequests } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { requesterMatches } from '@/server/engines/decisions.js';
import { page } from '@/server/http/envelope.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '@/server/http/errors.js';
import { createFirstTimerAccount } from '@/server/modules/people/firstTimerAccount.js';
import { orderOf, pageOf } from '@/server/engines/list.js';
import { outreachScope, storedOutreach, type OutreachListQuery, type OutreachRequest } from './outreachRequests.js';

/**
 * Outreach reports: one per approved outreach, which filing it completes (deleting it reopens
 * the outreach). Its converts are a list kept with the report; each has an id, so one can be
 * sent to the first-timer list, once, without retyping.
 */

type Audit = (e: AuditEntry) => void;
type ReportFields = Omit<z.output<typeof outreachReportUpdateSchema>, 'id'>;
type ConvertFields = z.output<typeof convertSchema>;
type Report = typeof outreachReports.$inferSelect;

const REPORT_NOT_FOUND = 'Outreach Report not found!';
const r = outreachReports;
const o = outreachRequests;

const reportRow = {
  id: r.id,
  outreachRequestId: r.outreachRequestId,
  title: o.title,
  outreachDate: o.outreachDate,
  address: o.address,
  status: o.status,
  userId: o.userId,
  requesterName: personName(o.userId),
  dateHeld: r.dateHeld,
  attendance: r.attendance,
  soulsReached: r.soulsReached,
  detailOfConverts: r.detailOfConverts,
  convertCount: sql<number>`jsonb_array_length(${r.detailOfConverts})`.mapWith(Number),
  testimonies: r.testimonies,
  challenges: r.challenges,
  filedBy: r.filedBy,
  filedByName: personName(r.filedBy),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};

const selectReports = (db: Db | Tx) => db.select(reportRow).from(r).innerJoin(o, eq(o.id, r.outreachRequestId));

async function reportWhere(db: Db | Tx, where: SQL | undefined) {
  const [row] = await selectReports(db).where(where);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return row;
}

/** GetOutreachReportByRequestId, within what the caller sees. */
export const reportOfRequest = (db: Db, caller: Caller, requestId: string) =>
  reportWhere(db, and(eq(r.outreachRequestId, requestId), outreachScope(caller)));

const SORTS = { dateHeld: r.dateHeld, createdAt: r.createdAt, soulsReached: r.soulsReached, attendance: r.attendance, title: o.title };

export async function reportPage(db: Db, caller: Caller, q: OutreachListQuery) {
  const where = and(
    outreachScope(caller, q.mine),
    q.from ? gte(r.dateHeld, q.from) : undefined,
    q.to ? lte(r.dateHeld, q.to) : undefined,
    requesterMatches(o.userId, q.requester),
    searchOver(q.search, [o.title, o.address, r.testimonies, sql`${r.detailOfConverts}::text`]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    selectReports(db)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [desc(r.dateHeld), asc(r.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(r).innerJoin(o, eq(o.id, r.outreachRequestId)).where(where),
  ]);
  return page(rows, n);
}

/** The outreach's requester writes its report, or anyone with CAN_UPDATE_OUTREACH. */
function mayReport(caller: Caller, outreach: OutreachRequest) {
  if (outreach.userId !== caller.id && !caller.permissions.has(P.updateOutreach))
    throw forbidden('Only the requester of the outreach or the outreach office may write its report');
}

/** The converts as sent, each keeping its id and first-timer link; new ones get an id. */
function mergeConverts(sent: ConvertFields[], stored: Convert[]): Convert[] {
  const byId = new Map(stored.map((c) => [c.id, c]));
  return sent.map((c) => {
    const old = c.id ? byId.get(c.id) : undefined;
    return { ...c, id: old?.id ?? randomUUID(), ...(old?.firstTimerId && { firstTimerId: old.firstTimerId }) };
  });
}

async function storedReport(tx: Tx, id: string): Promise<Report> {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return row;
}

const viewOf = (tx: Tx, id: string) => reportWhere(tx, eq(r.id, id));

/** CreateOutreachReport: an approved outreach gets its one report and is completed. */
export async function fileReport(tx: Tx, audit: Audit, caller: Caller, outreachId: string, f: ReportFields) {
  const outreach = await storedOutreach(tx, outreachId);
  mayReport(caller, outreach);
  if (outreach.status === 'completed') throw conflict('This outreach already has a report; update it instead');
  if (outreach.status !== 'approved') throw badRequest(`Only an approved outreach is reported; this one is ${outreach.status}`);
  const [row] = await tx
    .insert(r)
    .values({ ...f, outreachRequestId: outreachId, detailOfConverts: mergeConverts(f.detailOfConverts, []), filedBy: caller.id })
    .returning()
    .catch((err) => {
      if (isUniqueViolation(err, 'outreach_reports_request_key')) throw conflict('This outreach already has a report; update it instead');
      throw err;
    });
  await tx.update(o).set({ status: 'completed', updatedAt: new Date() }).where(eq(o.id, outreachId));
  audit({ action: 'create', entity: 'outreachReport', entityId: row.id, after: row });
  return viewOf(tx, row.id);
}

async function reportToChange(tx: Tx, caller: Caller, id: string) {
  const before = await storedReport(tx, id);
  mayReport(caller, await storedOutreach(tx, before.outreachRequestId));
  return before;
}

/** UpdateOutreachReports: the whole form, converts included. */
export async function changeReport(tx: Tx, audit: Audit, caller: Caller, id: string, f: ReportFields) {
  const before = await reportToChange(tx, caller, id);
  const cleared = { testimonies: null, challenges: null };
  const [after] = await tx
    .update(r)
    .set({ ...cleared, ...f, detailOfConverts: mergeConverts(f.detailOfConverts, before.detailOfConverts), updatedAt: new Date() })
    .where(eq(r.id, id))
    .returning();
  audit({ action: 'update', entity: 'outreachReport', entityId: id, before, after });
  return viewOf(tx, id);
}

/** UpdateDetailOfConverts: the converts list alone. */
export async function changeConverts(tx: Tx, audit: Audit, caller: Caller, id: string, sent: ConvertFields[]) {
  const before = await reportToChange(tx, caller, id);
  const [after] = await tx
    .update(r)
    .set({ detailOfConverts: mergeConverts(sent, before.detailOfConverts), updatedAt: new Date() })
    .where(eq(r.id, id))
    .returning();
  audit({ action: 'update', entity: 'outreachReport', entityId: id, before, after });
  return viewOf(tx, id);
}

/** DeleteOutreachReport: the outreach is approved again, waiting for a report. */
export async function removeReport(tx: Tx, audit: Audit, caller: Caller, id: string) {
  const before = await storedReport(tx, id);
  const outreach = await storedOutreach(tx, before.outreachRequestId);
  if (outreach.userId !== caller.id && !caller.permissions.has(P.deleteOutreach))
    throw forbidden('Only the requester of the outreach or the outreach office may delete its report');
  await tx.delete(r).where(eq(r.id, id));
  await tx.update(o).set({ status: 'approved', updatedAt: new Date() }).where(eq(o.id, outreach.id));
  audit({ action: 'delete', entity: 'outreachReport', entityId: id, before });
}

/**
 * Sends a convert to the first-timer list: an account like a sign-up's (first-timer, the
 * firsttimers role, biodata from the convert), inactive and without a password until the
 * person validates their email. The convert keeps the new user's id, so it is sent once.
 */
export async function convertToFirstTimer(tx: Tx, audit: Audit, reportId: string, convertId: string) {
  const report = await storedReport(tx, reportId);
  const convert = report.detailOfConverts.find((c) => c.id === convertId);
  if (!convert) throw notFound('Convert not found!');
  if (convert.firstTimerId) throw conflict(`${convert.firstName} ${convert.surName} is already on the first-timer list`);
  const firstTimerId = await createFirstTimerAccount(tx, audit, convert, 'convert');
  const converts = report.detailOfConverts.map((c) => (c.id === convertId ? { ...c, firstTimerId } : c));
  const [after] = await tx.update(r).set({ detailOfConverts: converts, updatedAt: new Date() }).where(eq(r.id, reportId)).returning();
  audit({ action: 'update', entity: 'outreachReport', entityId: reportId, before: report, after });
  return { firstTimerId, report: await viewOf(tx, reportId) };
}
