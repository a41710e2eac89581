import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import { idField } from '@/domain/common/fields.js';

/** Goals: a target on a metric Flock measures itself, over a period, for a scope of the church. */

export const GOAL_SCOPES = ['church', 'zone', 'center', 'department'] as const;
export type GoalScope = (typeof GOAL_SCOPES)[number];

/**
 * membersAdded: people of the scope who joined it in the period (a department: joined the
 * department; else: signed up) and are members, not first-timers; firstTimersConverted: people
 * of the scope converted in the period; departmentSize: the department's members today;
 * manual: the latest value its owner recorded. From CIH meetings of the scope's centers in the
 * period: avgCihAttendance (members present per meeting), attendanceRate (present of members
 * marked, percent), centersReportingWeekly (percent of the centers holding a meeting, averaged
 * over the period's ended weeks); outreachConverts: converts listed in the period's outreach
 * reports (a zone's or center's: outreaches its members asked for).
 */
export const GOAL_METRICS = [
  'membersAdded',
  'firstTimersConverted',
  'departmentSize',
  'manual',
  'avgCihAttendance',
  'attendanceRate',
  'centersReportingWeekly',
  'outreachConverts',
] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

/** Metrics a department has no measure of: CIH meetings and outreaches belong to centers, not departments. */
export const PLACE_METRICS: readonly GoalMetric[] = ['avgCihAttendance', 'attendanceRate', 'centersReportingWeekly', 'outreachConverts'];
/** Metrics measured in percent, so their target is at most 100. */
const PERCENT_METRICS: readonly GoalMetric[] = ['attendanceRate', 'centersReportingWeekly'];

const DAY_MS = 86_400_000;

export type Progress = {
  value: number;
  target: number;
  /** 0..1 of the target reached. */
  fraction: number;
  /** What is still to gain per week to reach the target by the end (0 when reached or over). */
  pacePerWeek: number;
  status: 'reached' | 'onTrack' | 'behind' | 'ended' | 'notStarted';
};

/** Days between two "YYYY-MM-DD" dates (UTC arithmetic, so no daylight-saving hour shifts the count). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * Progress of a value against a target on day `today`: on track when the share reached is at
 * least the share of the period gone by, behind otherwise.
 */
export function progressOf(value: number, target: number, start: string, end: string, today: string): Progress {
  const fraction = target > 0 ? Math.min(1, value / target) : 1;
  const totalDays = daysBetween(start, end) + 1;
  const elapsed = Math.min(totalDays, Math.max(0, daysBetween(start, today) + 1));
  const daysLeft = totalDays - elapsed;
  const remaining = Math.max(0, target - value);
  const pacePerWeek = remaining === 0 ? 0 : daysLeft > 0 ? (remaining / daysLeft) * 7 : remaining;
  const status =
    value >= target
      ? 'reached'
      : today < start
        ? 'notStarted'
        : today > end
          ? 'ended'
          : fraction >= elapsed / totalDays
            ? 'onTrack'
            : 'behind';
  return { value, target, fraction, pacePerWeek: Math.round(pacePerWeek * 10) / 10, status };
}

const goalShape = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  scope: z.enum(GOAL_SCOPES, { error: `Scope must be one of: ${GOAL_SCOPES.join(', ')}` }),
  zoneId: idField('ZoneId').optional(),
  centerId: idField('CenterId').optional(),
  departmentId: idField('DepartmentId').optional(),
  metric: z.enum(GOAL_METRICS, { error: `Metric must be one of: ${GOAL_METRICS.join(', ')}` }),
  target: z.coerce.number({ error: 'Target must be a number' }).positive('Target must be more than 0').max(1_000_000_000),
  startDate: calendarDate('StartDate'),
  endDate: calendarDate('EndDate'),
  ownerId: idField('OwnerId').optional(),
};

type GoalInput = {
  scope: GoalScope;
  metric: GoalMetric;
  target: number;
  zoneId?: string;
  centerId?: string;
  departmentId?: string;
  startDate: string;
  endDate: string;
};

/** The place a scope names must be given, and only it; department size is a department's metric. */
function consistent(g: GoalInput, ctx: z.RefinementCtx) {
  const needs = { church: undefined, zone: 'zoneId', center: 'centerId', department: 'departmentId' } as const;
  const field = needs[g.scope];
  if (field && !g[field]) ctx.addIssue({ code: 'custom', path: [field], message: `A ${g.scope} goal names its ${g.scope}` });
  if (g.metric === 'departmentSize' && g.scope !== 'department')
    ctx.addIssue({ code: 'custom', path: ['metric'], message: 'Department size is measured for a department' });
  if (g.scope === 'department' && PLACE_METRICS.includes(g.metric))
    ctx.addIssue({
      code: 'custom',
      path: ['metric'],
      message: 'CIH attendance and outreach converts are measured for the church, a zone or a center',
    });
  if (PERCENT_METRICS.includes(g.metric) && g.target > 100)
    ctx.addIssue({ code: 'custom', path: ['target'], message: 'A percentage target is at most 100' });
  if (g.endDate < g.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'EndDate must be on or after StartDate' });
}

export const goalSchema = z.object(goalShape).superRefine(consistent);
export const goalUpdateSchema = z.object({ id: idField(), ...goalShape }).superRefine(consistent);

/** POST /Goal/AddProgress: the owner of a manual goal records its value on a day, with a note. */
export const goalProgressSchema = z.object({
  goalId: idField('GoalId'),
  day: calendarDate('Day'),
  value: z.coerce.number({ error: 'Value must be a number' }).min(0).max(1_000_000_000),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});

export const goalFilters = {
  scope: z.enum(GOAL_SCOPES, { error: `Scope must be one of: ${GOAL_SCOPES.join(', ')}` }).optional(),
  metric: z.enum(GOAL_METRICS, { error: `Metric must be one of: ${GOAL_METRICS.join(', ')}` }).optional(),
  departmentId: idField('DepartmentId').optional(),
  centerId: idField('CenterId').optional(),
  zoneId: idField('ZoneId').optional(),
  active: z.stringbool({ error: 'Active must be true or false' }).optional(),
};
