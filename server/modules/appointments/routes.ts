import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  appointmentFilters,
  appointmentUpdateSchema,
  availabilitySchema,
  bookingSchema,
  freeSlots,
  freeSlotsQuery,
  HOLDING_STATUSES,
  localDay,
} from '@/domain/appointments/slots.js';
import { P } from '@/domain/roles/permissions.js';
import { idField } from '@/domain/common/fields.js';
import { personName } from '@/server/db/queries.js';
import { appointments, appointmentWindows, users } from '@/server/db/schema/index.js';
import type { Access } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { scopedReads } from '@/server/engines/scopedReads.js';
import { act, APPOINTMENT_NOT_FOUND, book, hostRules, isHost, setAvailability } from './booking.js';
import { appointmentIcs } from './ics.js';
import { appointmentPage, appointmentView, type AppointmentListQuery } from './view.js';
import { localMidnight } from '@/domain/common/localTime.js';

/**
 * Appointments under /Appointment/ (API.md): a host publishes weekly windows and days away; a
 * member books one of the free slots with a private reason; the host confirms, declines or
 * reschedules and the member may cancel; each party is notified and may download the .ics file.
 */

const tag = 'Appointments';
const viewAccess: Access = { permission: P.viewAppointments };
const idQuery = z.object({ id: idField() });
const MAX_SLOT_DAYS = 62;

export async function appointmentsModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...scopedReads({
      base: '/Appointment',
      tag,
      access: viewAccess,
      summaries: {
        list: 'Appointments the caller booked or hosts (all, for CAN_DELETE_APPOITMENT): filters Status, Reason, HostId, MemberId, Role (host|member), From, To (days); Search over names; sorts startsAt, status, reason, createdAt, hostName, memberName',
        one: 'One appointment, to its member, its host and those who oversee appointments',
      },
      query: listQuery(appointmentFilters, PAGE_SIZE_CAP) as z.ZodType<AppointmentListQuery>,
      page: appointmentPage,
      one: (db, caller, id) => appointmentView(db, id, caller),
      notFound: APPOINTMENT_NOT_FOUND,
    }),
    route({
      method: 'POST',
      url: '/Appointment/Create',
      tag,
      summary: "Book one of a host's free slots (HostId, StartsAt, Reason, Note); refused with 409 when the time was just taken",
      access: { permission: P.createAppointments },
      body: bookingSchema,
      async handler({ body, caller, mutate }) {
        return ok(await mutate((tx, audit) => book(tx, audit, caller!, body)), 'Appointment requested');
      },
    }),
    route({
      method: 'PUT',
      url: '/Appointment/Update',
      tag,
      summary: 'Action confirm, decline or reschedule (with StartsAt) by the host; cancel by the member; Comment optional',
      access: viewAccess,
      body: appointmentUpdateSchema,
      async handler({ body, caller, mutate }) {
        return ok(await mutate((tx, audit) => act(tx, audit, caller!, body)), 'Appointment updated');
      },
    }),
    route({
      method: 'DELETE',
      url: '/Appointment/Delete',
      tag,
      summary: 'Remove an appointment (those who oversee appointments)',
      access: { permission: P.overseeAppointments },
      query: idQuery,
      async handler({ query, mutate }) {
        await mutate(async (tx, audit) => {
          const [row] = await tx.delete(appointments).where(eq(appointments.id, query.id)).returning();
          if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
          audit({ action: 'delete', entity: 'appointment', entityId: row.id, before: row, subjectId: row.memberId });
        });
        return ok(null, 'Appointment deleted');
      },
    }),
    route({
      method: 'GET',
      url: '/Appointment/GetHosts',
      tag,
      summary: '(added) The people one may book: holders of CAN_UPDATE_APPOITMENT who published availability',
      access: viewAccess,
      async handler({ services }) {
        const db = services.database.db;
        const rows = await db
          .selectDistinct({ id: appointmentWindows.hostId, fullName: personName(appointmentWindows.hostId) })
          .from(appointmentWindows)
          .innerJoin(users, eq(users.id, appointmentWindows.hostId));
        const hosts = [];
        for (const row of rows) if (await isHost(db, row.id)) hosts.push(row);
        return ok(hosts.sort((x, y) => (x.fullName ?? '').localeCompare(y.fullName ?? '')));
      },
    }),
    route({
      method: 'GET',
      url: '/Appointment/GetAvailability',
      tag,
      summary: "(added) A host's weekly windows and days away (HostId; the caller's own when left out)",
      access: viewAccess,
      query: z.object({ hostId: idField('HostId').optional() }),
      async handler({ query, caller, services }) {
        const rules = await hostRules(services.database.db, query.hostId ?? caller!.id);
        return ok({ windows: rules.windows, exceptions: [...rules.exceptions].sort().map((day) => ({ day })) });
      },
    }),
    route({
      method: 'PUT',
      url: '/Appointment/SetAvailability',
      tag,
      summary: "(added) Replace the caller's weekly windows (Weekday 0-6, StartMinute, EndMinute, SlotMinutes) and days away",
      access: { permission: P.hostAppointments },
      body: availabilitySchema,
      async handler({ body, caller, mutate }) {
        return ok(await mutate((tx, audit) => setAvailability(tx, audit, caller!, body)), 'Availability saved');
      },
    }),
    route({
      method: 'GET',
      url: '/Appointment/GetFreeSlots',
      tag,
      summary: `(added) A host's free slots from From to To (days, both included; today and the next 13 days by default; at most ${MAX_SLOT_DAYS} days)`,
      access: viewAccess,
      query: freeSlotsQuery,
      async handler({ query, services }) {
        const db = services.database.db;
        const now = new Date();
        const from = query.from ?? localDay(now);
        const to = query.to ?? localDay(localMidnight(from, 13));
        if (to < from || localMidnight(to) > localMidnight(from, MAX_SLOT_DAYS))
          throw badRequest(`To must be on or after From, at most ${MAX_SLOT_DAYS} days later`, { to: ['Out of range'] });
        if (!(await isHost(db, query.hostId))) throw notFound('Host not found');
        const rules = await hostRules(db, query.hostId);
        const taken = await db
          .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
          .from(appointments)
          .where(and(eq(appointments.hostId, query.hostId), inArray(appointments.status, [...HOLDING_STATUSES])));
        return ok(freeSlots(rules.windows, { from, to, now, exceptions: rules.exceptions, taken }));
      },
    }),
    route({
      method: 'GET',
      url: '/Appointment/DownloadIcs',
      tag,
      summary: '(added) The appointment as an iCalendar (.ics) file, for its member and host',
      access: viewAccess,
      query: idQuery,
      async handler({ query, caller, services, reply }) {
        const row = await appointmentView(services.database.db, query.id, caller!);
        if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
        if (row.hostId !== caller!.id && row.memberId !== caller!.id && !caller!.permissions.has(P.overseeAppointments)) throw forbidden();
        const other = row.hostId === caller!.id ? row.memberName : row.hostName;
        const ics = appointmentIcs(
          {
            id: row.id,
            startsAt: row.startsAt,
            endsAt: row.endsAt,
            status: row.status,
            stamp: row.updatedAt,
            summary: `Appointment with ${other}`,
            description: `Reason: ${row.reason}${row.note ? `\n${row.note}` : ''}`,
          },
          services.config.appName,
        );
        reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="appointment-${row.startsAt.toISOString().slice(0, 10)}.ics"`)
          .send(ics);
      },
    }),
  ]);
}
