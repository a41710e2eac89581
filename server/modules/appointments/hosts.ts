import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { freeSlots, freeSlotsQuery, HOLDING_STATUSES, localDay } from '@/domain/appointments/slots.js';
import { localMidnight } from '@/domain/common/localTime.js';
import type { Db } from '@/server/db/client.js';
import { personName } from '@/server/db/queries.js';
import { appointments, appointmentWindows, users } from '@/server/db/schema/index.js';
import { badRequest, notFound } from '@/server/http/errors.js';
import { hostRules, isHost } from './booking.js';

/** The hosts one may book, and their free slots. */

export const MAX_SLOT_DAYS = 62;

/** Holders of the host right who published availability, by name. */
export async function publishedHosts(db: Db) {
  const rows = await db
    .selectDistinct({ id: appointmentWindows.hostId, fullName: personName(appointmentWindows.hostId) })
    .from(appointmentWindows)
    .innerJoin(users, eq(users.id, appointmentWindows.hostId));
  const hosts = [];
  for (const row of rows) if (await isHost(db, row.id)) hosts.push(row);
  return hosts.sort((x, y) => (x.fullName ?? '').localeCompare(y.fullName ?? ''));
}

/** A host's free slots from From to To (days, both included; today and the next 13 days by default). */
export async function slotsOf(db: Db, q: z.output<typeof freeSlotsQuery>) {
  const now = new Date();
  const from = q.from ?? localDay(now);
  const to = q.to ?? localDay(localMidnight(from, 13));
  if (to < from || localMidnight(to) > localMidnight(from, MAX_SLOT_DAYS))
    throw badRequest(`To must be on or after From, at most ${MAX_SLOT_DAYS} days later`, { to: ['Out of range'] });
  if (!(await isHost(db, q.hostId))) throw notFound('Host not found');
  const rules = await hostRules(db, q.hostId);
  const taken = await db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(and(eq(appointments.hostId, q.hostId), inArray(appointments.status, [...HOLDING_STATUSES])));
  return freeSlots(rules.windows, { from, to, now, exceptions: rules.exceptions, taken });
}
