import type { FastifyInstance } from 'fastify';
import { P } from '@/domain/roles/permissions.js';
import { cihReportsCalls } from '@/domain/cihReports/calls.js';
import { JsonEnvelope, ok, page } from '@/server/http/envelope.js';
import { forbidden } from '@/server/http/errors.js';
import { registerRoutes, route, type AnyRouteDef } from '@/server/http/route.js';
import { mustBeUnchanged } from '@/server/engines/versions.js';
import { absenteesOf, attendanceListQuery, listMeetings, meetingById, visitorToFirstTimer } from './attendance.js';
import { claimKey, deleteAttendance, keepAnswer, takeAttendance, updateAttendance } from './attendanceChanges.js';
import { findRow, listQueryOf, listRows, REPORT_KINDS, whereOf, type ReportKind } from './kinds.js';
import { createReport, deleteReport, updateReport } from './reports.js';
import { assertReads, centerOf, mustBeZone, scopeOf } from './scope.js';
import { centerStats, dashboardStats, zoneStats } from './stats.js';

/*
 * CIH attendance (/CIHAttendance/), activity, inspection and follow-up reports
 * (/CIHActivityReport/, /CIHInspectionReport/, /FollowUpReport/) and their statistics (/Stats/).
 * The routes check the permission; every handler then narrows it to the caller's reach, read
 * from the database (scope.ts): a center's leaders their own center, the inspectorate every
 * center for reading and inspections, administrators everything.
 */

const tag = 'CIH Reports';
const MESSAGES = { created: 'Successfully Created', updated: 'Details updated', deleted: 'Successfully Deleted' };
const read = { permission: P.viewCihReports };

function reportRoutes(kind: ReportKind): AnyRouteDef[] {
  const { calls, noun } = kind;
  return [
    route({
      call: calls.create,
      tag,
      summary: `File a ${noun} for a center`,
      access: { permission: P.createCihReports },
      async handler({ body, caller, services, mutate }) {
        const input = body as Record<string, unknown> & { centerId: string };
        const id = await mutate((tx, audit) => createReport(tx, audit, caller!, kind, input));
        return ok(await findRow(services.database.db, kind, id), MESSAGES.created);
      },
    }),
    route({
      call: calls.update,
      tag,
      summary: `Update a ${noun}: every field of the form, with its id. Without CAN_UPDATE_CIH_REPORTS only its author, while it is a draft or open`,
      access: { permission: [P.updateCihReports, P.createCihReports] },
      async handler({ body, caller, services, mutate, request }) {
        const { id, ...input } = body as { id: string; centerId: string } & Record<string, unknown>;
        await mutate((tx, audit) => updateReport(tx, audit, caller!, kind, id, input, (stored) => mustBeUnchanged(request, stored)));
        return ok(await findRow(services.database.db, kind, id), MESSAGES.updated);
      },
    }),
    route({
      call: calls.remove,
      tag,
      summary: `Delete a ${noun}`,
      access: { permission: P.deleteCihReports },
      async handler({ query, caller, mutate }) {
        await mutate((tx, audit) => deleteReport(tx, audit, caller!, kind, query.id));
        return ok(null, MESSAGES.deleted);
      },
    }),
    route({
      call: calls.getAll,
      tag,
      summary: `List ${noun}s in the caller's reach, newest first: CenterId, ZoneId, From, To, Status, AuthorId, Search; sort and paging. An empty range answers 200 with no rows`,
      access: read,
      query: listQueryOf(kind),
      async handler({ query, caller, services }) {
        const db = services.database.db;
        const scope = await scopeOf(db, caller!);
        const { rows, total } = await listRows(db, kind, whereOf(kind, scope, query), query);
        return page(rows, total);
      },
    }),
    route({
      call: calls.getById,
      tag,
      summary: `One ${noun}`,
      access: read,
      async handler({ query, caller, services }) {
        const db = services.database.db;
        const row = await findRow(db, kind, query.id);
        assertReads(await scopeOf(db, caller!), row.centerId);
        return ok(row);
      },
    }),
  ];
}

const attendanceRoutes: AnyRouteDef[] = [
  route({
    call: cihReportsCalls.cihAttendanceCreate,
    tag,
    summary:
      "Take a center's attendance on a date: every member marked present or absent, visitors, children, offering. A second save on the same date updates that meeting. IdempotencyKey: a retry with the caller's same key answers as the first save did and writes nothing. BasedOn: the date's meeting's updatedAt the save started from ('none': none known); a meeting saved since answers 409",
    access: { permission: P.createCihReports },
    async handler({ body, caller, mutate }) {
      const { idempotencyKey: key, basedOn, ...input } = body;
      // One transaction: the key's claim, the save and the answer kept for a retry (docs/decisions/0205).
      const text = await mutate(async (tx, audit) => {
        const first = key ? await claimKey(tx, caller!.id, key) : undefined;
        if (first !== undefined) return first;
        const { id, updated } = await takeAttendance(tx, audit, caller!, input, basedOn);
        const answer = JSON.stringify(ok(await meetingById(tx, id), updated ? MESSAGES.updated : MESSAGES.created));
        if (key) await keepAnswer(tx, caller!.id, key, answer);
        return answer;
      });
      return new JsonEnvelope(text);
    },
  }),
  route({
    call: cihReportsCalls.cihAttendanceUpdate,
    tag,
    summary: "Update a meeting's attendance (its date may change to one the center has no meeting on)",
    access: { permission: P.updateCihReports },
    async handler({ body, caller, services, mutate, request }) {
      const { id, ...input } = body;
      await mutate((tx, audit) => updateAttendance(tx, audit, caller!, id, input, (stored) => mustBeUnchanged(request, stored)));
      return ok(await meetingById(services.database.db, id), MESSAGES.updated);
    },
  }),
  route({
    call: cihReportsCalls.cihAttendanceDelete,
    tag,
    summary: "Delete a meeting's attendance, its marks and visitors",
    access: { permission: P.deleteCihReports },
    async handler({ query, caller, mutate }) {
      await mutate((tx, audit) => deleteAttendance(tx, audit, caller!, query.id));
      return ok(null, MESSAGES.deleted);
    },
  }),
  route({
    call: cihReportsCalls.cihAttendanceGetAll,
    tag,
    summary:
      "List meetings in the caller's reach, newest first, with their figures: CenterId, ZoneId, From, To, AuthorId (who took it); sort and paging",
    access: read,
    query: attendanceListQuery,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const { rows, total } = await listMeetings(db, await scopeOf(db, caller!), query);
      return page(rows, total);
    },
  }),
  route({
    call: cihReportsCalls.cihAttendanceGetById,
    tag,
    summary: 'One meeting with every mark and visitor',
    access: read,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const meeting = await meetingById(db, query.id);
      assertReads(await scopeOf(db, caller!), meeting.centerId);
      return ok(meeting);
    },
  }),
  route({
    call: cihReportsCalls.getAbsentees,
    tag,
    summary: "(added) The center's members absent at any of its last three meetings, how many they missed, and whether a follow-up is open",
    access: read,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      assertReads(await scopeOf(db, caller!), query.centerId);
      return ok(await absenteesOf(db, query.centerId));
    },
  }),
  route({
    call: cihReportsCalls.visitorToFirstTimer,
    tag,
    summary:
      "(added) Send a meeting's visitor to the first-timer list in one action: an inactive first-timer account from the visitor's name, phone and email. Once: a second call answers 409",
    access: { permission: [P.createCihReports, P.updateCihReports] },
    async handler({ query, caller, services, mutate }) {
      const { firstTimerId, meetingId } = await mutate(async (tx, audit) =>
        visitorToFirstTimer(tx, audit, await scopeOf(tx, caller!), query.visitorId),
      );
      return ok({ firstTimerId, meeting: await meetingById(services.database.db, meetingId) }, 'Visitor added to the first-timers');
    },
  }),
];

const statsRoutes: AnyRouteDef[] = [
  route({
    call: cihReportsCalls.getCIHStats,
    tag: 'Statistics',
    summary: "One center's attendance over the last 26 weeks: totals, rate (present / members), weekly series, reports and open follow-ups",
    access: read,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      assertReads(await scopeOf(db, caller!), query.centerId);
      await centerOf(db, query.centerId);
      return ok(await centerStats(db, query.centerId));
    },
  }),
  route({
    call: cihReportsCalls.getZoneCIHStats,
    tag: 'Statistics',
    summary: "One zone's attendance over the last 26 weeks, and each of its centers (church-wide readers)",
    access: read,
    async handler({ query, caller, services }) {
      const db = services.database.db;
      const scope = await scopeOf(db, caller!);
      if (!scope.churchWide && !scope.anyCenter) throw forbidden('Only the inspectorate sees zone statistics');
      await mustBeZone(db, query.zoneId);
      return ok(await zoneStats(db, query.zoneId));
    },
  }),
  route({
    call: cihReportsCalls.getCIHDasboardStats,
    tag: 'Statistics',
    summary:
      "The church's CIH figures over the last 26 weeks: totals, rate, weekly series, each zone, and the centers that did not meet this week",
    access: { permission: [P.viewInspectorateDashboard, P.viewAdminDashboard] },
    async handler({ services }) {
      return ok(await dashboardStats(services.database.db));
    },
  }),
];

export async function cihReportsModule(app: FastifyInstance) {
  registerRoutes(app, [...attendanceRoutes, ...REPORT_KINDS.flatMap(reportRoutes), ...statsRoutes]);
}
