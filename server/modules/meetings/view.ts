import { and, asc, count, desc, eq, exists, gte, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { localMidnight } from '@/domain/common/localTime.js';
import type { meetingFilters } from '@/domain/meetings/schemas.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { countOf, personName, searchOver } from '@/server/db/queries.js';
import { meetingInvitees, meetings, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { page } from '@/server/http/envelope.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { listedFor } from '@/server/engines/listing.js';

const m = meetings;

/** The office (CAN_DELETE_MEETINGS) sees every meeting; others those they called or are invited to. */
export const seesAllMeetings = (caller: Caller) => caller.permissions.has(P.deleteMeetings);

function visibleMeetings(db: Db | Tx, caller: Caller): SQL | undefined {
  if (seesAllMeetings(caller)) return undefined;
  const invited = db
    .select({ one: meetingInvitees.userId })
    .from(meetingInvitees)
    .where(and(eq(meetingInvitees.meetingId, m.id), eq(meetingInvitees.userId, caller.id)));
  return or(eq(m.createdBy, caller.id), exists(invited));
}

const listRow = {
  id: m.id,
  title: m.title,
  kind: m.kind,
  startsAt: m.startsAt,
  durationMinutes: m.durationMinutes,
  venue: m.venue,
  createdBy: m.createdBy,
  createdByName: personName(m.createdBy),
  inviteeCount: countOf(meetingInvitees, meetingInvitees.meetingId, m.id),
  updatedAt: m.updatedAt,
};

export type MeetingListQuery = ListParams & z.output<z.ZodObject<typeof meetingFilters>>;

const SORTS = { startsAt: m.startsAt, title: m.title, kind: m.kind, createdAt: m.createdAt };

export async function meetingPage(db: Db, caller: Caller, q: MeetingListQuery) {
  const where = and(
    visibleMeetings(db, caller),
    q.kind ? eq(m.kind, q.kind) : undefined,
    q.upcoming === true ? gte(m.startsAt, new Date()) : q.upcoming === false ? lt(m.startsAt, new Date()) : undefined,
    q.from ? gte(m.startsAt, localMidnight(q.from)) : undefined,
    q.to ? lt(m.startsAt, localMidnight(q.to, 1)) : undefined,
    searchOver(q.search, [m.title, m.venue]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listRow)
      .from(m)
      .where(where)
      .orderBy(...orderOf(q, SORTS, [q.upcoming ? asc(m.startsAt) : desc(m.startsAt), asc(m.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(m).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, inviteeCount: Number(r.inviteeCount) })),
    total,
  );
}

/** One meeting with everything: agenda, minutes, action items (with owners' names) and invitees with attendance. */
export async function meetingDetail(db: Db | Tx, caller: Caller, id: string) {
  const [row] = await db
    .select({ meeting: m, createdByName: personName(m.createdBy) })
    .from(m)
    .where(and(eq(m.id, id), visibleMeetings(db, caller)));
  if (!row) return undefined;
  const meeting = { ...row.meeting, createdByName: row.createdByName };
  const invitees = await db
    .select({ userId: meetingInvitees.userId, fullName: personName(meetingInvitees.userId), attended: meetingInvitees.attended })
    .from(meetingInvitees)
    .where(eq(meetingInvitees.meetingId, id));
  invitees.sort((a, b) => (a.fullName ?? '').localeCompare(b.fullName ?? ''));
  const names = new Map(invitees.map((i) => [i.userId, i.fullName]));
  const actionItems = meeting.actionItems.map((a) => ({ ...a, ownerName: a.ownerId ? (names.get(a.ownerId) ?? null) : null }));
  return { ...meeting, actionItems, invitees };
}

/**
 * People to invite, found by name or email as one types: active accounts, names only, a page at
 * a time; the listing rule (listing.ts) leaves out who said no to listing.
 */
export async function inviteeChoices(db: Db, caller: Caller, q: ListParams) {
  const name = personName(users.id);
  const where = and(eq(users.disabled, false), listedFor(caller, users.id), searchOver(q.search, [name, users.email]));
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select({ id: users.id, fullName: name }).from(users).where(where).orderBy(asc(name), asc(users.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return page(rows, total);
}
