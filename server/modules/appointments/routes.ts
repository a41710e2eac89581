import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appointmentFilters } from '@/domain/appointments/slots.js';
import { P } from '@/domain/roles/permissions.js';
import { appointmentsCalls } from '@/domain/appointments/calls.js';
import type { Access } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { scopedReads } from '@/server/engines/scopedReads.js';
import { act, book, deleteAppointment, hostRules, setAvailability } from './booking.js';
import { MAX_SLOT_DAYS, publishedHosts, slotsOf } from './hosts.js';
import { APPOINTMENT_NOT_FOUND, appointmentCalendar, appointmentPage, appointmentView, type AppointmentListQuery } from './view.js';

/**
 * Appointments under /Appointment/: a host publishes weekly windows and days away; a
 * member books one of the free slots with a private reason; the host confirms, declines or
 * reschedules and the member may cancel; each party is notified and may download the .ics file.
 */

const tag = 'Appointments';
const viewAccess: Access = { permission: P.viewAppointments };

export async function appointmentsModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...scopedReads({
      calls: { list: appointmentsCalls.getAll, one: appointmentsCalls.getById },
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
      call: appointmentsCalls.create,
      tag,
      summary: "Book one of a host's free slots (HostId, StartsAt, Reason, Note); refused with 409 when the time was just taken",
      access: { permission: P.createAppointments },
      async handler({ body, caller, mutate }) {
        return ok(await mutate((tx, audit) => book(tx, audit, caller!, body)), 'Appointment requested');
      },
    }),
    route({
      call: appointmentsCalls.update,
      tag,
      summary: 'Action confirm, decline or reschedule (with StartsAt) by the host; cancel by the member; Comment optional',
      access: viewAccess,
      async handler({ body, caller, mutate }) {
        return ok(await mutate((tx, audit) => act(tx, audit, caller!, body)), 'Appointment updated');
      },
    }),
    route({
      call: appointmentsCalls.delete,
      tag,
      summary: 'Remove an appointment (those who oversee appointments)',
      access: { permission: P.overseeAppointments },
      async handler({ query, mutate }) {
        await mutate((tx, audit) => deleteAppointment(tx, audit, query.id));
        return ok(null, 'Appointment deleted');
      },
    }),
    route({
      call: appointmentsCalls.getHosts,
      tag,
      summary: '(added) The people one may book: holders of CAN_UPDATE_APPOITMENT who published availability',
      access: viewAccess,
      handler: async ({ services }) => ok(await publishedHosts(services.database.db)),
    }),
    route({
      call: appointmentsCalls.getAvailability,
      tag,
      summary: "(added) A host's weekly windows and days away (HostId; the caller's own when left out)",
      access: viewAccess,
      async handler({ query, caller, services }) {
        const rules = await hostRules(services.database.db, query.hostId ?? caller!.id);
        return ok({ windows: rules.windows, exceptions: [...rules.exceptions].sort().map((day) => ({ day })) });
      },
    }),
    route({
      call: appointmentsCalls.setAvailability,
      tag,
      summary: "(added) Replace the caller's weekly windows (Weekday 0-6, StartMinute, EndMinute, SlotMinutes) and days away",
      access: { permission: P.hostAppointments },
      async handler({ body, caller, mutate }) {
        return ok(await mutate((tx, audit) => setAvailability(tx, audit, caller!, body)), 'Availability saved');
      },
    }),
    route({
      call: appointmentsCalls.getFreeSlots,
      tag,
      summary: `(added) A host's free slots from From to To (days, both included; today and the next 13 days by default; at most ${MAX_SLOT_DAYS} days)`,
      access: viewAccess,
      handler: async ({ query, services }) => ok(await slotsOf(services.database.db, query)),
    }),
    route({
      call: appointmentsCalls.downloadIcs,
      tag,
      summary: '(added) The appointment as an iCalendar (.ics) file, for its member and host',
      access: viewAccess,
      async handler({ query, caller, services, reply }) {
        const { ics, fileName } = await appointmentCalendar(services.database.db, caller!, query.id, services.config.appName);
        reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(ics);
      },
    }),
  ]);
}
