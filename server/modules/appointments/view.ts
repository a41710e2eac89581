import { and, asc, count, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { appointmentFilters } from '@/domain/appointments/slots.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, searchOver } from '@/server/db/queries.js';
import { appointments, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { page } from '@/server/http/envelope.js';
import { forbidden, notFound } from '@/server/http/errors.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { appointmentIcs } from './ics.js';
import { P } from '@/domain/roles/permissions.js';
import { localMidnight } from '@/domain/common/localTime.js';
import { DEFAULT_LANGUAGE, isLanguageCode, type Localized } from '@/domain/common/languages.js';

/** An appointment as the lists, the detail and the calendar file show it. */

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';

const a = appointments;
const hostName = personName(a.hostId);
const memberName = personName(a.memberId);

const appointmentRow = {
  id: a.id,
  hostId: a.hostId,
  hostName,
  memberId: a.memberId,
  memberName,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  reason: a.reason,
  note: a.note,
  status: a.status,
  hostComment: a.hostComment,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
};

const selectAppointments = (db: Db | Tx) => db.select(appointmentRow).from(a);
export type AppointmentView = Awaited<ReturnType<typeof selectAppointments>>[number];

/** The appointments a caller may see: their own, as member or host; all for those who oversee them. */
function visibleTo(caller: Caller): SQL | undefined {
  if (caller.permissions.has(P.overseeAppointments)) return undefined;
  return or(eq(a.hostId, caller.id), eq(a.memberId, caller.id));
}

export async function appointmentView(db: Db | Tx, id: string, caller: Caller): Promise<AppointmentView | undefined> {
  const [row] = await selectAppointments(db).where(and(eq(a.id, id), visibleTo(caller)));
  return row;
}

export type AppointmentListQuery = ListParams & z.output<z.ZodObject<typeof appointmentFilters>>;

const SORTS = { startsAt: a.startsAt, status: a.status, reason: a.reason, createdAt: a.createdAt, hostName, memberName };

function whereOf(caller: Caller, q: AppointmentListQuery): SQL | undefined {
  return and(
    visibleTo(caller),
    q.status ? eq(a.status, q.status) : undefined,
    q.reason ? eq(a.reason, q.reason) : undefined,
    q.hostId ? eq(a.hostId, q.hostId) : undefined,
    q.memberId ? eq(a.memberId, q.memberId) : undefined,
    q.role === 'host' ? eq(a.hostId, caller.id) : q.role === 'member' ? eq(a.memberId, caller.id) : undefined,
    q.from ? gte(a.startsAt, localMidnight(q.from)) : undefined,
    q.to ? lt(a.startsAt, localMidnight(q.to, 1)) : undefined,
    searchOver(q.search, [sql`coalesce(${hostName}, '')`, sql`coalesce(${memberName}, '')`]),
  );
}

export async function appointmentPage(db: Db, caller: Caller, q: AppointmentListQuery) {
  const where = whereOf(caller, q);
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = await Promise.all([
    selectAppointments(db)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [asc(a.startsAt), asc(a.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(a).where(where),
  ]);
  return page(rows, total);
}

/** The calendar file's words, in each language (docs/decisions/0231-mail-frame-and-server-language.md). */
const CALENDAR_WORDS: Localized<{ summary: (other: string | null) => string; reason: (reason: string) => string }> = {
  en: { summary: (other) => `Appointment with ${other}`, reason: (reason) => `Reason: ${reason}` },
  fr: { summary: (other) => `Rendez-vous avec ${other}`, reason: (reason) => `Motif : ${reason}` },
};

/**
 * The appointment as an iCalendar file, for its member and host (and those who oversee
 * appointments), in the language of the person who downloads it.
 */
export async function appointmentCalendar(db: Db, caller: Caller, id: string, appName: string) {
  const row = await appointmentView(db, id, caller);
  if (!row) throw notFound(APPOINTMENT_NOT_FOUND);
  if (row.hostId !== caller.id && row.memberId !== caller.id && !caller.permissions.has(P.overseeAppointments)) throw forbidden();
  const other = row.hostId === caller.id ? row.memberName : row.hostName;
  const [reader] = await db.select({ language: users.language }).from(users).where(eq(users.id, caller.id));
  const language = isLanguageCode(reader?.language) ? reader.language : DEFAULT_LANGUAGE;
  const words = CALENDAR_WORDS[language];
  const ics = appointmentIcs(
    {
      id: row.id,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      status: row.status,
      stamp: row.updatedAt,
      summary: words.summary(other),
      description: `${words.reason(row.reason)}${row.note ? `\n${row.note}` : ''}`,
      language,
    },
    appName,
  );
  return { ics, fileName: `appointment-${row.startsAt.toISOString().slice(0, 10)}.ics` };
}
