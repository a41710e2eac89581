import { z } from 'zod';
import { idField } from '@/domain/common/fields.js';

/**
 * Pastoral care notes (docs/decisions 0210): written by pastors about a person, read and written
 * only with CAN_UPDATE_PASTORAL_CARE, never by the person themself. A note is never edited: a
 * correction is a new note, so what was read once stays as it was.
 */
export const CARE_NOTE_MAX = 4000;

export const careNoteSchema = z.object({
  userId: idField('UserId'),
  body: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(CARE_NOTE_MAX, `Note must be at most ${CARE_NOTE_MAX} characters`),
});
export type CareNoteInput = z.input<typeof careNoteSchema>;

/** The church's choice: whether 'Download my data' holds the care notes about the person (off unless set). */
export const careSettingsSchema = z.object({
  notesInOwnData: z.boolean({ error: 'notesInOwnData must be true or false' }),
});
export type CareSettings = z.infer<typeof careSettingsSchema>;

export type CareNote = { id: string; userId: string; body: string; authorId: string | null; authorName: string | null; createdAt: string };
