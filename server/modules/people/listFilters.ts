import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { savedListFilterParams } from '@/domain/people/savedLists.js';
import { cihAttendanceMarks, cihMeetings, memberDirectory, memberStages, userDepartments } from '@/server/db/schema/index.js';
import { badRequest } from '@/server/http/errors.js';

/**
 * The member list's filters that saved lists brought (docs/decisions/0214-saved-lists.md): each a
 * condition on the directory row, through an index of its own or of the tables it reads.
 */

const md = memberDirectory;

type ListFilterQuery = { [K in keyof typeof savedListFilterParams]?: z.output<(typeof savedListFilterParams)[K]> } & { stage?: string };

/**
 * Not seen at CIH for N weeks: no present mark at a CIH meeting of the last N weeks (today
 * included). The meetings of those weeks are one range of cih_meetings_date_idx, their marks one
 * range each of the marks' key (meeting, person); the list probes that set once, as it does the
 * first-timers (server/engines/memberList.ts).
 */
function notSeenFor(weeks: number): SQL {
  const seen = sql`(select m.user_id from ${cihAttendanceMarks} m join ${cihMeetings} c on c.id = m.meeting_id
    where m.present and c.meeting_date > current_date - ${sql.raw(String(weeks * 7))})`;
  return sql`${md.userId} not in ${seen}`;
}

/** No department: in no department at all (user_departments' key begins with the person). */
const noDepartment = sql`not exists (select from ${userDepartments} ud where ud.user_id = ${md.userId})`;

/** This month in UTC, 1 to 12: a value, so that a list's kept total is kept per month (its key holds the values). */
const thisMonth = () => new Date().getUTCMonth() + 1;

/** Birthday in a month, through member_directory_birth_month_idx. */
const bornIn = (month: number) => sql`extract(month from ${md.dateOfBirth}) = ${month}`;

/**
 * The current stage began on or after the day: the person's newest period (member_stages_user_idx,
 * keyed by person then start) started then or later. The stage itself is the Stage filter's; a
 * person with no period recorded never matches.
 */
const stageSince = (day: string): SQL =>
  sql`(select s.started_on from ${memberStages} s where s.user_id = ${md.userId}
    order by s.started_on desc, s.created_at desc limit 1) >= ${day}::date`;

/**
 * The conditions of the saved lists' filters; StageSince without Stage is a 400. A list's plan is
 * kept by its scope and query (server/engines/memberList.ts), so the route's scope names the month
 * ('birthday this month' holds it as a value: listScope).
 */
export function listFilters(q: ListFilterQuery): Array<SQL | undefined> {
  if (q.stageSince && !q.stage) throw badRequest('Choose a stage to filter by its start date', { stageSince: ['Stage is required'] });
  return [
    q.notSeenWeeks ? notSeenFor(q.notSeenWeeks) : undefined,
    q.noDepartment === 'true' ? noDepartment : undefined,
    q.birthdayThisMonth === 'true' ? bornIn(thisMonth()) : undefined,
    q.stageSince ? stageSince(q.stageSince) : undefined,
  ];
}

/** What the scope of a member list asking these filters must name beyond the query: the month of 'birthday this month'. */
export const listScope = (q: ListFilterQuery) => (q.birthdayThisMonth === 'true' ? `month ${thisMonth()}` : '');
