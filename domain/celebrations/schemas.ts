import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import { optionalId } from '@/domain/common/fields.js';
import { PERIODS, type Period } from './dates.js';

/** Whose celebrations: all the caller reaches, the church, one department or one CIH center. */
const CELEBRATION_SCOPES = ['mine', 'church', 'department', 'center'] as const;

/** GetAll's query: the week or month holding `date` (today when left out) in one scope. */
export const celebrationsQuery = z
  .object({
    period: z.enum(PERIODS, { error: 'Period must be week or month' }).default('week'),
    scope: z.enum(CELEBRATION_SCOPES, { error: 'Scope must be mine, church, department or center' }).default('mine'),
    id: optionalId('Id'),
    date: calendarDate('Date').optional(),
  })
  .refine((q) => !(q.scope === 'department' || q.scope === 'center') || q.id, {
    error: 'Id is required for a department or a center',
    path: ['id'],
  });

/** UpdateSettings: the church's choice of a greeting on the day. */
export const celebrationSettingsSchema = z.object({ greetings: z.boolean({ error: 'Greetings must be true or false' }) });

export type Celebration = {
  userId: string;
  name: string;
  kind: 'birthday' | 'anniversary';
  /** The day it falls on in the period (YYYY-MM-DD). */
  day: string;
  /** The age turned (birthdays, when the person allows it or the office asks) or the years married. */
  years: number | null;
  spouseName: string | null;
};

export type CelebrationList = { period: Period; from: string; to: string; rows: Celebration[] };

type Named = { id: string; name: string };
export type CelebrationScopes = { church: boolean; departments: Named[]; centers: Named[] };
export type CelebrationSettings = z.infer<typeof celebrationSettingsSchema>;
