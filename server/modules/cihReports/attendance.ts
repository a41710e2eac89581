import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AttendanceValues } from '@/domain/cihReports/schemas.js';
import { calendarDate } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';
import type { Db, Tx } from '@/server/db/client.js';
import { personName, qualified } from '@/server/db/queries.js';
import { centers, cihAttendanceMarks, cihFollowUps, cihMeetings, cihVisitors, memberDirectory, zones } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict, notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf } from '@/server/engines/list.js';
import { createFirstTimerAccount } from '@/server/modules/people/firstTimerAccount.js';
import { assertReads, type Scope } from './scope.js';

const MEETING_NOT_FOUND = 'Attendance not found!';

/** The people a center's attendance lists: its members who are neither archived nor disabled. */
function centerMembers(db: Db | Tx, centerId: string) {
  return db
    .select({
      userId: memberDirectory.userId,
      firstName: memberDirectory.firstName,
      surName: memberDirectory.surName,
      phone: memberDirectory.phone,
    })
    .from(memberDirectory)
    .where(and(eq(memberDirectory.centerId, centerId), eq(memberDirectory.archived, false), eq(memberDirectory.disabled, false)))
    .orderBy(asc(memberDirectory.surName), asc(memberDirectory.firstName));
}

/**
 * Every current member must be marked, present or absent: an unmarked member is never counted
 * as either. A mark may also name someone marked at this meeting before who has since left.
 */
async function checkMarks(tx: Tx, input: AttendanceValues, meetingId: string | null) {
  const members = await centerMembers(tx, input.centerId);
  const earlier = meetingId
    ? (
        await tx.select({ userId: cihAttendanceMarks.userId }).from(cihAttendanceMarks).where(eq(cihAttendanceMarks.meetingId, meetingId))
      ).map((m) => m.userId)
    : [];
  const marked = new Set(input.marks.map((m) => m.userId.toLowerCase()));
  if (marked.size !== input.marks.length) throw badRequest('A member is marked twice', { marks: ['A member is marked twice'] });
  const unmarked = members.filter((m) => !marked.has(m.userId));
  if (unmarked.length)
    throw badRequest(`Mark every member present or absent: ${unmarked.length} not marked`, {
      marks: unmarked.map((m) => `${m.firstName} ${m.surName} is not marked`),
    });
  // The screen lists the center's people as GetMyCenter does; marking one who was archived or disabled is harmless.
  const everyone = await tx
    .select({ userId: memberDirectory.userId })
    .from(memberDirectory)
    .where(eq(memberDirectory.centerId, input.centerId));
  const allowed = new Set([...everyone.map((m) => m.userId), ...earlier]);
  const strangers = input.marks.filter((m) => !allowed.has(m.userId.toLowerCase()));
  if (strangers.length)
    throw badRequest('Only members of this center can be marked', {
      marks: strangers.map((m) => `${m.userId} is not a member of this center`),
    });
}

/**
 * Writes a meeting's attendance: the meeting row, its marks and visitors replaced, and the
 * pre-aggregate counts, all in the caller's transaction. meetingId: the meeting an Update names;
 * a Create on a date the center already met updates that meeting (one meeting per center per date).
 */
export async function saveAttendance(tx: Tx, input: AttendanceValues, scope: Scope, meetingId: string | null) {
  const [sameDay] = await tx
    .select()
    .from(cihMeetings)
    .where(
      and(
        eq(cihMeetings.centerId, input.centerId),
        eq(cihMeetings.meetingDate, input.meetingDate),
        meetingId ? ne(cihMeetings.id, meetingId) : undefined,
      ),
    )
    .for('update');
  if (meetingId && sameDay) throw conflict(`This center already has a meeting on ${input.meetingDate}`);
  const before = meetingId ? await lockedMeeting(tx, meetingId) : (sameDay ?? null);
  if (before && before.centerId !== input.centerId)
    throw badRequest('A meeting cannot move to another center', { centerId: ['Cannot change'] });
  await checkMarks(tx, input, before?.id ?? null);
  const visitors = await keptVisitors(tx, input.visitors ?? [], before?.id ?? null);
  const values = {
    centerId: input.centerId,
    meetingDate: input.meetingDate,
    takenBy: scope.userId,
    childrenCount: input.childrenCount ?? 0,
    offering: input.offering === undefined ? null : input.offering.toFixed(2),
    notes: input.notes ?? null,
    presentCount: input.marks.filter((m) => m.present).length,
    membersCount: input.marks.length,
    visitorCount: visitors.length,
    firstTimerCount: visitors.filter((v) => v.firstTimer).length,
    updatedAt: new Date(),
  };
  const [after] = before
    ? await tx.update(cihMeetings).set(values).where(eq(cihMeetings.id, before.id)).returning()
    : await tx.insert(cihMeetings).values(values).returning();
  await tx.delete(cihAttendanceMarks).where(eq(cihAttendanceMarks.meetingId, after.id));
  await tx.delete(cihVisitors).where(eq(cihVisitors.meetingId, after.id));
  if (input.marks.length)
    await tx.insert(cihAttendanceMarks).values(input.marks.map((m) => ({ meetingId: after.id, userId: m.userId, present: m.present })));
  if (visitors.length)
    await tx.insert(cihVisitors).values(
      visitors.map((v) => ({
        ...(v.id && { id: v.id }),
        meetingId: after.id,
        name: v.name,
        phone: v.phone ?? null,
        email: v.email ?? null,
        firstTimer: v.firstTimer ?? false,
        firstTimerId: v.firstTimerId,
      })),
    );
  return { before, after };
}

type SentVisitor = NonNullable<AttendanceValues['visitors']>[number];

/** One visitor named again without their id (the attendance form saving the same date anew). */
const sameVisitor = (a: { name: string; phone?: string | null }, b: { name: string; phone?: string | null }) =>
  a.name.trim().toLowerCase() === b.name.trim().toLowerCase() && (a.phone ?? '').trim() === (b.phone ?? '').trim();

/**
 * The visitors as sent: one saved before at this meeting (by id, or else by name and phone)
 * keeps its id and the first-timer account made from it (so it stays a first-timer and is not
 * sent twice); other ids are dropped. A visitor made a first-timer stays even when left out (a
 * form saving the date anew may not know of them): their visit is what the conversion figures count.
 */
async function keptVisitors(tx: Tx, sent: SentVisitor[], meetingId: string | null) {
  const stored = meetingId ? await tx.select().from(cihVisitors).where(eq(cihVisitors.meetingId, meetingId)) : [];
  const byId = new Map(stored.map((v) => [v.id, v]));
  const named = sent.map((v) => {
    const old = (v.id ? byId.get(v.id.toLowerCase()) : undefined) ?? [...byId.values()].find((s) => sameVisitor(s, v));
    byId.delete(old?.id ?? '');
    return old
      ? { ...v, id: old.id, firstTimerId: old.firstTimerId, firstTimer: Boolean(old.firstTimerId) || v.firstTimer }
      : { ...v, id: undefined, firstTimerId: null };
  });
  const converted = [...byId.values()]
    .filter((v) => v.firstTimerId)
    .map((v) => ({
      id: v.id,
      name: v.name,
      phone: v.phone ?? undefined,
      email: v.email ?? undefined,
      firstTimer: true,
      firstTimerId: v.firstTimerId,
    }));
  return [...named, ...converted];
}

/**
 * VisitorToFirstTimer: the visitor becomes a first-timer account (as an outreach convert does),
 * once; the meeting counts them as a first-timer from then on.
 */
export async function visitorToFirstTimer(tx: Tx, audit: (e: AuditEntry) => void, scope: Scope, visitorId: string) {
  const [visitor] = await tx.select().from(cihVisitors).where(eq(cihVisitors.id, visitorId)).for('update');
  if (!visitor) throw notFound('Visitor not found!');
  const meeting = await lockedMeeting(tx, visitor.meetingId);
  assertReads(scope, meeting.centerId);
  if (visitor.firstTimerId) throw conflict(`${visitor.name} is already on the first-timer list`);
  const words = visitor.name.trim().split(/\s+/);
  if (words.length < 2)
    throw badRequest("A first-timer needs a first and a last name: add the visitor's last name first", { name: ['Last name is required'] });
  const person = { firstName: words.slice(0, -1).join(' '), surName: words[words.length - 1], email: visitor.email, phone: visitor.phone };
  const firstTimerId = await createFirstTimerAccount(tx, audit, person, 'visitor');
  const [after] = await tx.update(cihVisitors).set({ firstTimerId, firstTimer: true }).where(eq(cihVisitors.id, visitorId)).returning();
  if (!visitor.firstTimer)
    await tx
      .update(cihMeetings)
      .set({ firstTimerCount: sql`${cihMeetings.firstTimerCount} + 1`, updatedAt: new Date() })
      .where(eq(cihMeetings.id, meeting.id));
  audit({ action: 'update', entity: 'cihVisitor', entityId: visitorId, before: visitor, after });
  return { firstTimerId, meetingId: meeting.id };
}

export async function lockedMeeting(tx: Tx, id: string) {
  const [row] = await tx.select().from(cihMeetings).where(eq(cihMeetings.id, id)).for('update');
  if (!row) throw notFound(MEETING_NOT_FOUND);
  return row;
}

const centerName = sql<string>`(select c.center_name from ${centers} c where c.id = ${qualified(cihMeetings.centerId)})`;
const zoneId = sql<string>`(select c.zone_id from ${centers} c where c.id = ${qualified(cihMeetings.centerId)})`;
const zoneName = sql<string>`(select z.zone_name from ${zones} z join ${centers} c on c.zone_id = z.id where c.id = ${qualified(cihMeetings.centerId)})`;
const meetingColumns = {
  id: cihMeetings.id,
  centerId: cihMeetings.centerId,
  meetingDate: cihMeetings.meetingDate,
  takenBy: cihMeetings.takenBy,
  takenByName: personName(cihMeetings.takenBy),
  childrenCount: cihMeetings.childrenCount,
  offering: sql<number | null>`${qualified(cihMeetings.offering)}::float8`,
  notes: cihMeetings.notes,
  presentCount: cihMeetings.presentCount,
  membersCount: cihMeetings.membersCount,
  absentCount: sql<number>`${qualified(cihMeetings.membersCount)} - ${qualified(cihMeetings.presentCount)}`.mapWith(Number),
  visitorCount: cihMeetings.visitorCount,
  firstTimerCount: cihMeetings.firstTimerCount,
  centerName,
  zoneId,
  zoneName,
  createdAt: cihMeetings.createdAt,
  updatedAt: cihMeetings.updatedAt,
};

/** One meeting with its marks (and the members' names) and visitors. */
export async function meetingById(db: Db | Tx, id: string) {
  const [meeting] = await db.select(meetingColumns).from(cihMeetings).where(eq(cihMeetings.id, id));
  if (!meeting) throw notFound(MEETING_NOT_FOUND);
  const [marks, visitors] = await Promise.all([
    db
      .select({ userId: cihAttendanceMarks.userId, present: cihAttendanceMarks.present, name: personName(cihAttendanceMarks.userId) })
      .from(cihAttendanceMarks)
      .where(eq(cihAttendanceMarks.meetingId, id))
      .orderBy(asc(personName(cihAttendanceMarks.userId))),
    db.select().from(cihVisitors).where(eq(cihVisitors.meetingId, id)).orderBy(asc(cihVisitors.name)),
  ]);
  return { ...meeting, marks, visitors };
}

export const attendanceListQuery = listQuery({
  centerId: idField('CenterId').optional(),
  zoneId: idField('ZoneId').optional(),
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
  authorId: idField('AuthorId').optional(),
});
type AttendanceList = z.infer<typeof attendanceListQuery>;

const SORT = {
  meetingDate: cihMeetings.meetingDate,
  presentCount: cihMeetings.presentCount,
  membersCount: cihMeetings.membersCount,
  centerName,
};

/** A page of meetings (without their marks) in the caller's reach. */
export async function listMeetings(db: Db, scope: Scope, q: AttendanceList) {
  if (q.centerId) assertReads(scope, q.centerId);
  const reach = scope.churchWide || scope.anyCenter ? undefined : scope.centerId ? eq(cihMeetings.centerId, scope.centerId) : sql`false`;
  const where: SQL | undefined = and(
    reach,
    q.centerId ? eq(cihMeetings.centerId, q.centerId) : undefined,
    q.zoneId ? inArray(cihMeetings.centerId, db.select({ id: centers.id }).from(centers).where(eq(centers.zoneId, q.zoneId))) : undefined,
    q.from ? gte(cihMeetings.meetingDate, q.from) : undefined,
    q.to ? lte(cihMeetings.meetingDate, q.to) : undefined,
    q.authorId ? eq(cihMeetings.takenBy, q.authorId) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(meetingColumns)
      .from(cihMeetings)
      .where(where)
      .orderBy(...orderOf(q, SORT, [desc(cihMeetings.meetingDate), asc(cihMeetings.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(cihMeetings).where(where),
  ]);
  return { rows, total: n };
}

/**
 * The center's members absent at any of its last three meetings, with how many of those they
 * missed and whether a follow-up of them is still open: the leader's list to follow up.
 */
export async function absenteesOf(db: Db, centerId: string) {
  const lastThree = db
    .select({ id: cihMeetings.id })
    .from(cihMeetings)
    .where(eq(cihMeetings.centerId, centerId))
    .orderBy(desc(cihMeetings.meetingDate))
    .limit(3);
  const rows = await db
    .select({
      userId: cihAttendanceMarks.userId,
      name: personName(cihAttendanceMarks.userId),
      missed: sql<number>`count(*)::int`.mapWith(Number),
      lastMissed: sql<string>`max(${qualified(cihMeetings.meetingDate)})`,
      openFollowUp: sql<boolean>`exists (select 1 from ${cihFollowUps} f where f.person_id = ${qualified(cihAttendanceMarks.userId)} and f.status = 'open')`,
    })
    .from(cihAttendanceMarks)
    .innerJoin(cihMeetings, eq(cihMeetings.id, cihAttendanceMarks.meetingId))
    .where(and(inArray(cihAttendanceMarks.meetingId, lastThree), eq(cihAttendanceMarks.present, false)))
    .groupBy(cihAttendanceMarks.userId)
    .orderBy(sql`count(*) desc`, asc(personName(cihAttendanceMarks.userId)));
  return rows;
}
