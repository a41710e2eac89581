import { z } from 'zod';
import { idField } from '@/domain/common/fields.js';

/**
 * The kinds of entry of a person's timeline (docs/decisions 0210): Flock's own records about the
 * person, newest first. Each kind has its own rule for who sees it (server/modules/profile/timeline.ts).
 */
export const TIMELINE_KINDS = ['stage', 'request', 'attendance', 'notification', 'department'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_PAGE_SIZE = 25;

export const timelineQuery = z
  .object({
    userId: idField('UserId'),
    pageSize: z.coerce.number().int().min(1, 'PageSize must be 1 or more').max(100, 'PageSize must be at most 100').optional(),
    cursor: z
      .string()
      .max(500)
      .regex(/^[A-Za-z0-9_-]+$/, 'Cursor must be a nextCursor returned by this timeline')
      .optional(),
  })
  .strict();

/**
 * One entry: when, what kind, and what it says. what: the stage, the request's kind, the
 * department's or center's name, the notification's title; detail: the request's step
 * (created, approved...), present or absent, or the stage's start date.
 */
export type TimelineEntry = { at: string; kind: TimelineKind; id: string; what: string | null; detail: string | null };
export type TimelinePage = { entries: TimelineEntry[]; nextCursor?: string; kinds: TimelineKind[] };
