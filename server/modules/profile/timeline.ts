import { sql, type SQL } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { TIMELINE_KINDS, TIMELINE_PAGE_SIZE, type TimelineEntry, type TimelineKind, type TimelinePage } from '@/domain/profile/timeline.js';
import type { Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import {
  centers,
  cihAttendanceMarks,
  cihMeetings,
  departments,
  memberRequests,
  memberStages,
  notifications,
  requestEvents,
  userDepartments,
} from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest } from '@/server/http/errors.js';
import { isSelf } from '@/server/engines/profileAccess.js';

/*
 * A person's timeline (docs/decisions 0210): Flock's own records about them, newest first, from
 * the tables that hold them, as one UNION ALL of a branch per kind the viewer may see. Each branch
 * reads its own newest rows after the cursor through the person's index and stops at the page's
 * size, so a page costs the same however long the history is.
 */

/** Whether the viewer (who may see the profile: the route's rule) may see a kind of entry. */
const MAY_SEE: Record<TimelineKind, (caller: Caller, self: boolean) => boolean> = {
  stage: () => true,
  department: () => true,
  // The office files requests for others (docs/decisions 0047); the person sees their own.
  request: (c, self) => self || c.permissions.has(P.updateOtherMembers),
  attendance: (c, self) => self || c.permissions.has(P.updateOtherMembers) || c.permissions.has(P.viewCihReports),
  // An inbox is its owner's alone (docs/decisions 0113).
  notification: (_c, self) => self,
};

const kindsFor = (caller: Caller, userId: string) => {
  const self = isSelf(caller, userId);
  return TIMELINE_KINDS.filter((kind) => MAY_SEE[kind](caller, self));
};

/** A date as the start of its day in UTC, so dates and times sort together. */
const dayStart = (column: unknown) => sql`(${column}::timestamp at time zone 'UTC')`;

type Branch = { at: SQL; id: SQL; what: SQL; detail: SQL; from: SQL; person: SQL };

/** Each kind's rows: when, which record, what it says, from where, and the column naming the person. */
const BRANCHES: Record<TimelineKind, Branch> = {
  stage: {
    at: dayStart(memberStages.startedOn),
    id: sql`${memberStages.id}::text`,
    what: sql`${memberStages.stage}`,
    detail: sql`${memberStages.startedOn}::text`,
    from: sql`${memberStages}`,
    person: sql`${memberStages.userId}`,
  },
  request: {
    at: sql`${requestEvents.at}`,
    id: sql`${requestEvents.id}::text`,
    what: sql`${memberRequests.kind}`,
    detail: sql`${requestEvents.action}`,
    from: sql`${requestEvents} join ${memberRequests} on ${memberRequests.id} = ${requestEvents.requestId}`,
    person: sql`${memberRequests.userId}`,
  },
  attendance: {
    at: dayStart(cihMeetings.meetingDate),
    id: sql`${cihMeetings.id}::text`,
    what: sql`${centers.centerName}`,
    detail: sql`case when ${cihAttendanceMarks.present} then 'present' else 'absent' end`,
    from: sql`${cihAttendanceMarks} join ${cihMeetings} on ${cihMeetings.id} = ${cihAttendanceMarks.meetingId}
      left join ${centers} on ${centers.id} = ${cihMeetings.centerId}`,
    person: sql`${cihAttendanceMarks.userId}`,
  },
  notification: {
    at: sql`${notifications.createdAt}`,
    id: sql`${notifications.id}::text`,
    what: sql`${notifications.title}`,
    detail: sql`${notifications.kind}`,
    from: sql`${notifications}`,
    person: sql`${notifications.recipientId}`,
  },
  department: {
    at: sql`${userDepartments.joinedAt}`,
    id: sql`${userDepartments.departmentId}::text`,
    what: sql`${departments.departmentName}`,
    detail: sql`case when ${userDepartments.isPrimaryDepartment} then 'primary' else null end`,
    from: sql`${userDepartments} join ${departments} on ${departments.id} = ${userDepartments.departmentId}`,
    person: sql`${userDepartments.userId}`,
  },
};

type Cursor = { at: string; kind: string; id: string };

const INVALID = 'Cursor must be a nextCursor returned by this timeline';

const encode = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.kind, c.id])).toString('base64url');

function decode(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
  }
  const fits =
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((v) => typeof v === 'string' && v.length <= 100) &&
    !Number.isNaN(Date.parse(value[0] as string)) &&
    (TIMELINE_KINDS as readonly string[]).includes(value[1] as string);
  if (!fits) throw badRequest(INVALID, { cursor: ['Unknown cursor'] });
  const [at, kind, id] = value as string[];
  return { at, kind, id };
}

/** One kind's newest rows after the cursor, at most limit; the kind is SQL text, the order the page's. */
function branchOf(kind: TimelineKind, userId: string, cursor: Cursor | undefined, limit: number) {
  const b = BRANCHES[kind];
  const key = sql`(${b.at}, ${sql.raw(`'${kind}'`)}::text, ${b.id})`;
  const after = cursor ? sql` and ${key} < (${cursor.at}::timestamptz, ${cursor.kind}::text, ${cursor.id}::text)` : sql``;
  return sql`(select to_char(${b.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, ${sql.raw(`'${kind}'`)}::text as kind,
    ${b.id} as id, ${b.what}::text as what, ${b.detail}::text as detail
    from ${b.from} where ${b.person} = ${userId}${after}
    order by ${b.at} desc, ${b.id} desc limit ${sql.raw(String(limit))})`;
}

/** A page of the person's timeline as the viewer may see it, newest first; nextCursor while more follow. */
export async function timelinePage(
  db: Db,
  caller: Caller,
  q: { userId: string; pageSize?: number; cursor?: string },
): Promise<TimelinePage> {
  const kinds = kindsFor(caller, q.userId);
  const limit = q.pageSize ?? TIMELINE_PAGE_SIZE;
  const cursor = q.cursor ? decode(q.cursor) : undefined;
  const branches = kinds.map((kind) => branchOf(kind, q.userId, cursor, limit + 1));
  const rows = rowsOf<TimelineEntry>(
    await db.execute(sql`select * from (${sql.join(branches, sql` union all `)}) t
      order by t.at desc, t.kind desc, t.id desc limit ${sql.raw(String(limit + 1))}`),
  );
  const entries = rows.slice(0, limit);
  const last = entries[entries.length - 1];
  return { entries, kinds, ...(rows.length > limit && last ? { nextCursor: encode(last) } : {}) };
}
