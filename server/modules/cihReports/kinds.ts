import { and, asc, count, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodObject, type ZodRawShape } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { cihReportsCalls as calls } from '@/domain/cihReports/calls.js';
import { FOLLOW_UP_STATUSES, REPORT_STATUSES } from '@/domain/cihReports/schemas.js';
import type { AnyCall, Call, CallMethod } from '@/domain/common/calls.js';
import { calendarDate } from '@/domain/common/dates.js';
import { idField, type idQuery } from '@/domain/common/fields.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, qualified, searchOver } from '@/server/db/queries.js';
import { centers, cihActivityReports, cihFollowUps, cihInspectionReports, cihMeetings, users, zones } from '@/server/db/schema/index.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf } from '@/server/engines/list.js';
import { assertReads, assertWrites, type Scope } from './scope.js';
import type { AuditEntity } from '@/domain/auditTrail/vocabulary.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed by the kind's own schema
type Fields = Record<string, any>;
type Row = Record<string, unknown> & { id: string; centerId: string };
type ReportTable = PgTable & { id: PgColumn; centerId: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

/** A call whose body is the report's form. */
type FormCall = AnyCall & { body: ZodObject };
type IdCall = Call<CallMethod, string, typeof idQuery>;
type ReportCalls = { create: FormCall; update: FormCall; remove: IdCall; getAll: AnyCall; getById: IdCall };

/**
 * A report kind (activity, inspection, follow-up): one table of records that each name a center,
 * a date and an author. The routes (routes.ts) are the same for all three; what differs is data.
 */
export type ReportKind = {
  noun: string;
  entity: AuditEntity;
  /** Create and Update, whose bodies are the form; Delete?id, GetAll (the list's query is built here) and GetById?id. */
  calls: ReportCalls;
  table: ReportTable;
  date: PgColumn;
  author: PgColumn;
  status?: { column: PgColumn; values: readonly string[] };
  /** inspectorate: only the church-wide readers file them, for any center; ownCenter: the center's own leaders. */
  filedBy: 'ownCenter' | 'inspectorate';
  /** Without CAN_UPDATE_CIH_REPORTS, the author may still change their own record while this holds (a draft, an open follow-up). */
  authorMayEdit?(before: Row): boolean;
  search: PgColumn[];
  sort: Record<string, PgColumn | SQL>;
  extras: Record<string, SQL>;
  /** Filters of this kind beyond the shared ones. */
  filters?: { shape: ZodRawShape; where(q: Fields): Array<SQL | undefined> };
  /** Checks that need the database, before a write. */
  check?(tx: Tx, input: Fields): Promise<void>;
  /** Columns the server sets on a write: the author, a submission time. */
  stamp(input: Fields, scope: Scope, before: Row | null): Fields;
};

/** The center's and zone's names and the author's, read beside each record (the record's own columns named in full). */
const centerNameOf = (centerId: PgColumn) => sql<string>`(select c.center_name from ${centers} c where c.id = ${qualified(centerId)})`;
const zoneIdOf = (centerId: PgColumn) => sql<string>`(select c.zone_id from ${centers} c where c.id = ${qualified(centerId)})`;
const zoneNameOf = (centerId: PgColumn) =>
  sql<string>`(select z.zone_name from ${zones} z join ${centers} c on c.zone_id = z.id where c.id = ${qualified(centerId)})`;

const shared = (centerId: PgColumn, author: PgColumn) => ({
  centerName: centerNameOf(centerId),
  zoneId: zoneIdOf(centerId),
  zoneName: zoneNameOf(centerId),
  authorName: personName(author),
});

/** The attendance of the meeting held by the report's center on its date, if it was taken. */
const meetingFigure = (column: PgColumn) =>
  sql<
    number | null
  >`(select m.${sql.identifier(column.name)} from ${cihMeetings} m where m.center_id = ${qualified(cihActivityReports.centerId)} and m.meeting_date = ${qualified(cihActivityReports.reportDate)})`;

const activityReport: ReportKind = {
  noun: 'activity report',
  entity: 'cihActivityReport',
  calls: {
    create: calls.cihActivityReportCreate,
    update: calls.cihActivityReportUpdate,
    remove: calls.cihActivityReportDelete,
    getAll: calls.cihActivityReportGetAll,
    getById: calls.cihActivityReportGetById,
  },
  table: cihActivityReports,
  date: cihActivityReports.reportDate,
  author: cihActivityReports.authorId,
  status: { column: cihActivityReports.status, values: REPORT_STATUSES },
  filedBy: 'ownCenter',
  authorMayEdit: (before) => before.status === 'draft',
  search: [cihActivityReports.topic],
  sort: {
    reportDate: cihActivityReports.reportDate,
    createdAt: cihActivityReports.createdAt,
    status: cihActivityReports.status,
    soulsWon: cihActivityReports.soulsWon,
    centerName: centerNameOf(cihActivityReports.centerId),
  },
  extras: {
    ...shared(cihActivityReports.centerId, cihActivityReports.authorId),
    meetingId: meetingFigure(cihMeetings.id),
    presentCount: meetingFigure(cihMeetings.presentCount),
    membersCount: meetingFigure(cihMeetings.membersCount),
    visitorCount: meetingFigure(cihMeetings.visitorCount),
    firstTimerCount: meetingFigure(cihMeetings.firstTimerCount),
  },
  stamp(input, scope, before) {
    const status = input.status ?? 'draft';
    const submittedAt = status === 'submitted' ? ((before?.submittedAt as Date | null) ?? new Date()) : null;
    return { status, submittedAt, soulsWon: input.soulsWon ?? 0, authorId: (before?.authorId as string | null) ?? scope.userId };
  },
};

const inspectionReport: ReportKind = {
  noun: 'inspection report',
  entity: 'cihInspectionReport',
  calls: {
    create: calls.cihInspectionReportCreate,
    update: calls.cihInspectionReportUpdate,
    remove: calls.cihInspectionReportDelete,
    getAll: calls.cihInspectionReportGetAll,
    getById: calls.cihInspectionReportGetById,
  },
  table: cihInspectionReports,
  date: cihInspectionReports.visitDate,
  author: cihInspectionReports.inspectorId,
  filedBy: 'inspectorate',
  search: [cihInspectionReports.remarks, cihInspectionReports.recommendations],
  sort: {
    visitDate: cihInspectionReports.visitDate,
    createdAt: cihInspectionReports.createdAt,
    centerName: centerNameOf(cihInspectionReports.centerId),
  },
  extras: {
    ...shared(cihInspectionReports.centerId, cihInspectionReports.inspectorId),
    averageScore: sql<number>`round((punctuality + venue_condition + leadership + materials) / 4.0, 2)`.mapWith(Number),
  },
  stamp: (_input, scope, before) => ({ inspectorId: (before?.inspectorId as string | null) ?? scope.userId }),
};

const followUpReport: ReportKind = {
  noun: 'follow-up report',
  entity: 'cihFollowUp',
  calls: {
    create: calls.followUpReportCreate,
    update: calls.followUpReportUpdate,
    remove: calls.followUpReportDelete,
    getAll: calls.followUpReportGetAll,
    getById: calls.followUpReportGetById,
  },
  table: cihFollowUps,
  date: cihFollowUps.followUpDate,
  author: cihFollowUps.authorId,
  status: { column: cihFollowUps.status, values: FOLLOW_UP_STATUSES },
  filedBy: 'ownCenter',
  authorMayEdit: (before) => before.status === 'open',
  search: [cihFollowUps.outcome, cihFollowUps.nextStep],
  sort: {
    followUpDate: cihFollowUps.followUpDate,
    createdAt: cihFollowUps.createdAt,
    status: cihFollowUps.status,
    centerName: centerNameOf(cihFollowUps.centerId),
  },
  extras: { ...shared(cihFollowUps.centerId, cihFollowUps.authorId), personName: personName(cihFollowUps.personId) },
  filters: {
    shape: { personId: idField('PersonId').optional() },
    where: (q) => [q.personId ? eq(cihFollowUps.personId, q.personId) : undefined],
  },
  async check(tx, input) {
    const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.personId));
    if (!person) throw badRequest('No person has this id', { personId: ['No person has this id'] });
  },
  stamp: (input, scope, before) => ({ status: input.status ?? 'open', authorId: (before?.authorId as string | null) ?? scope.userId }),
};

export const REPORT_KINDS = [activityReport, inspectionReport, followUpReport];

/** The list filters every kind shares: center, zone, date range, status, author. */
export function listQueryOf(kind: ReportKind) {
  return listQuery({
    centerId: idField('CenterId').optional(),
    zoneId: idField('ZoneId').optional(),
    from: calendarDate('From').optional(),
    to: calendarDate('To').optional(),
    status: z.string().max(20).optional(),
    authorId: idField('AuthorId').optional(),
    ...kind.filters?.shape,
  });
}

/** The conditions of a list: the caller's reach first, then the filters asked for. */
export function whereOf(kind: ReportKind, scope: Scope, q: Fields): SQL | undefined {
  const t = kind.table;
  if (q.centerId) assertReads(scope, q.centerId);
  const reach = scope.churchWide || scope.anyCenter ? undefined : scope.centerId ? eq(t.centerId, scope.centerId) : sql`false`;
  return and(
    reach,
    searchOver(q.search, kind.search),
    q.centerId ? eq(t.centerId, q.centerId) : undefined,
    q.zoneId ? sql`${qualified(t.centerId)} in (select c.id from ${centers} c where c.zone_id = ${q.zoneId})` : undefined,
    q.from ? gte(kind.date, q.from) : undefined,
    q.to ? lte(kind.date, q.to) : undefined,
    q.status && kind.status ? eq(kind.status.column, q.status) : undefined,
    q.authorId ? eq(kind.author, q.authorId) : undefined,
    ...(kind.filters?.where(q) ?? []),
  );
}

const selection = (kind: ReportKind) => ({ ...(getTableColumns(kind.table) as Record<string, PgColumn>), ...kind.extras });

/** A page of a kind's records, newest first unless SortBy says otherwise. */
export async function listRows(db: Db, kind: ReportKind, where: SQL | undefined, q: Fields) {
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(selection(kind))
      .from(kind.table)
      .where(where)
      .orderBy(...orderOf(q, kind.sort, [desc(kind.date), asc(kind.table.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(kind.table).where(where),
  ]);
  return { rows, total: n };
}

export async function findRow(db: Db | Tx, kind: ReportKind, id: string): Promise<Row> {
  const [row] = await db.select(selection(kind)).from(kind.table).where(eq(kind.table.id, id));
  if (!row) throw notFound(`${kind.noun[0].toUpperCase()}${kind.noun.slice(1)} not found!`);
  return row as Row;
}

/** The stored row locked for the write that follows. */
export async function storedRow(tx: Tx, kind: ReportKind, id: string): Promise<Row> {
  const [row] = await tx.select().from(kind.table).where(eq(kind.table.id, id)).for('update');
  if (!row) throw notFound(`${kind.noun[0].toUpperCase()}${kind.noun.slice(1)} not found!`);
  return row as Row;
}

/** Who may write a record of this kind for this center (the route already checked the permission). */
export function assertFiles(kind: ReportKind, scope: Scope, centerId: string) {
  if (kind.filedBy === 'inspectorate') {
    if (!scope.churchWide && !scope.anyCenter) throw forbidden('Only the inspectorate files inspection reports');
    return;
  }
  assertWrites(scope, centerId);
}

/** Whether the caller without CAN_UPDATE_CIH_REPORTS may still change this record as its author. */
export function authorEdits(kind: ReportKind, scope: Scope, permissions: ReadonlySet<string>, before: Row) {
  if (permissions.has(P.updateCihReports)) return;
  const author = getAuthor(kind, before);
  if (!kind.authorMayEdit || author !== scope.userId || !kind.authorMayEdit(before))
    throw forbidden('Only a CIH pastor may change a report once it is filed');
}

function getAuthor(kind: ReportKind, row: Row) {
  const key = Object.entries(getTableColumns(kind.table)).find(([, c]) => c === kind.author)?.[0];
  return key ? row[key] : undefined;
}
