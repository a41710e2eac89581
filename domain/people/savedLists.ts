import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import { EMPLOYMENT_STATUSES, GENDERS, MARITAL_STATUSES } from '@/domain/common/enums.js';
import { idField, requiredText } from '@/domain/common/fields.js';
import { stageField } from '@/domain/people/stages.js';

/**
 * Saved lists (docs/decisions/0214-saved-lists.md): a filter of the member list kept by name,
 * private to its owner or shared with the office, opened again with its current members.
 */

/** The most people an action on 'all that match' takes at once (as a selection's actions). */
export const MAX_MATCHING = 1000;

/** The longest 'not seen at CIH' span, in weeks: two years. */
const MAX_NOT_SEEN_WEEKS = 104;

/** The member list's filter params beyond the member query's own (server and web use the same names). */
export const savedListFilterParams = {
  notSeenWeeks: z.coerce
    .number({ error: 'NotSeenWeeks must be a number of weeks' })
    .int('NotSeenWeeks must be a whole number of weeks')
    .min(1, 'NotSeenWeeks must be at least 1')
    .max(MAX_NOT_SEEN_WEEKS, `NotSeenWeeks must be at most ${MAX_NOT_SEEN_WEEKS}`)
    .optional(),
  noDepartment: z.enum(['true', 'false'], { error: "NoDepartment must be 'true' or 'false'" }).optional(),
  birthdayThisMonth: z.enum(['true', 'false'], { error: "BirthdayThisMonth must be 'true' or 'false'" }).optional(),
  stageSince: calendarDate('StageSince').optional(),
};

const text = (max: number) => z.string().trim().max(max).optional();

/**
 * A saved filter: the member list's filters as the web app names them, and only those (strict:
 * an unknown key is a 400), so opening a saved list asks the member list nothing it does not allow.
 */
export const savedFilterSchema = z
  .object({
    q: text(200),
    zoneId: idField('ZoneId').optional(),
    centerId: idField('CenterId').optional(),
    departmentId: idField('DepartmentId').optional(),
    affinityGroup: text(100),
    gender: z.enum(GENDERS).optional(),
    maritalStatus: z.enum(MARITAL_STATUSES).optional(),
    employmentStatus: z.enum(EMPLOYMENT_STATUSES).optional(),
    state: text(100),
    role: text(60),
    status: z.enum(['active', 'disabled']).optional(),
    stage: stageField.optional(),
    tag: z.array(idField('Tag')).max(10, 'Filter by at most 10 tags').optional(),
    notSeenWeeks: savedListFilterParams.notSeenWeeks,
    noDepartment: z.boolean().optional(),
    birthdayThisMonth: z.boolean().optional(),
    stageSince: calendarDate('StageSince').optional(),
  })
  .strict()
  .refine((f) => !f.stageSince || f.stage, { message: 'Choose a stage to filter by its start date', path: ['stageSince'] });
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const savedListCreateSchema = z.object({
  name: requiredText('Name', 80),
  shared: z.boolean().default(false),
  filter: savedFilterSchema,
});

export const savedListRenameSchema = z.object({ id: idField(), name: requiredText('Name', 80) });

/** A saved list as the lists' picker and page show it. */
export type SavedList = {
  id: string;
  name: string;
  shared: boolean;
  filter: SavedFilter;
  ownerId: string | null;
  ownerName: string | null;
  /** Whether the caller may rename and delete it (its owner; a shared one, the office too). */
  mine: boolean;
  mayChange: boolean;
  createdAt: string;
};

/** The people matching a filter of the member list: their ids (at most MAX_MATCHING) and how many match. */
export type MatchingPeople = { ids: string[]; total: number };
