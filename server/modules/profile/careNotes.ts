import { desc, eq, sql } from 'drizzle-orm';
import type { CareNote, CareSettings } from '@/domain/profile/careNotes.js';
import type { Db, Tx } from '@/server/db/client.js';
import { careNotes, settings, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { forbidden } from '@/server/http/errors.js';
import { existingUser, isSelf } from '@/server/engines/profileAccess.js';

/*
 * Pastoral care notes (docs/decisions 0210). The route admits CAN_UPDATE_PASTORAL_CARE only;
 * nobody reads or writes notes about themself, whatever they hold. Notes are never changed: a
 * correction is a new note. Every read is an audit entry naming the reader and the person.
 */

const SETTINGS_KEY = 'care.notesInOwnData';

/** Refuses notes about oneself: a pastor's own notes are kept by other pastors. */
export function mustNotBeSelf(caller: Caller, userId: string) {
  if (isSelf(caller, userId)) throw forbidden('Care notes about yourself are kept by others');
}

const noteFields = {
  id: careNotes.id,
  userId: careNotes.userId,
  body: careNotes.body,
  authorId: careNotes.authorId,
  authorName: sql<string | null>`concat_ws(' ', ${users.firstName}, ${users.surName})`,
  createdAt: careNotes.createdAt,
};

const asNote = (row: { createdAt: Date } & Omit<CareNote, 'createdAt'>): CareNote => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The notes about a person, newest first, read in the transaction that records the read. */
export async function readNotes(tx: Tx, audit: (entry: AuditEntry) => void, userId: string): Promise<CareNote[]> {
  await existingUser(tx, userId);
  const rows = await tx
    .select(noteFields)
    .from(careNotes)
    .leftJoin(users, eq(users.id, careNotes.authorId))
    .where(eq(careNotes.userId, userId))
    .orderBy(desc(careNotes.createdAt), desc(careNotes.id));
  // What was read, by count and ids: the trail never holds a note's text.
  audit({ action: 'read', entity: 'careNote', entityId: userId, subjectId: userId, after: { notes: rows.length } });
  return rows.map(asNote);
}

export async function addNote(tx: Tx, audit: (entry: AuditEntry) => void, userId: string, body: string, authorId: string) {
  await existingUser(tx, userId);
  const [note] = await tx.insert(careNotes).values({ userId, body, authorId }).returning();
  audit({ action: 'create', entity: 'careNote', entityId: note.id, subjectId: userId, after: { userId, noteId: note.id } });
  const [author] = await tx.select({ name: noteFields.authorName }).from(users).where(eq(users.id, authorId));
  return asNote({ ...note, authorName: author?.name ?? null });
}

/** The church's care setting: notes in the person's own data download, off unless set. */
export async function careSettingsOf(db: Db | Tx): Promise<CareSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
  return { notesInOwnData: row?.value === true };
}

export async function setCareSettings(tx: Tx, audit: (entry: AuditEntry) => void, next: CareSettings) {
  const before = await careSettingsOf(tx);
  await tx
    .insert(settings)
    .values({ key: SETTINGS_KEY, value: next.notesInOwnData })
    .onConflictDoUpdate({ target: settings.key, set: { value: next.notesInOwnData } });
  audit({ action: 'update', entity: 'careSettings', entityId: SETTINGS_KEY, before, after: next });
  return next;
}

/** The notes about a person as their own download holds them (when the church allows): text and date, no author. */
export async function notesForOwnData(db: Db, userId: string) {
  const rows = await db
    .select({ body: careNotes.body, createdAt: careNotes.createdAt })
    .from(careNotes)
    .where(eq(careNotes.userId, userId))
    .orderBy(careNotes.createdAt);
  return rows.map((r) => ({ body: r.body, createdAt: r.createdAt.toISOString() }));
}
