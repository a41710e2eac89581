import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { files } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { nameByType } from './fileNames.js';
import { makeThumbnail } from './thumbnails.js';
import type { Upload } from './upload.js';

const avatarOfUser = (userId: string) => and(eq(files.userId, userId), eq(files.fileType, 'avatar'));

/** Stores the member's avatar in place of the one they had, named with its type's extension (a PNG sent as evil.html is evil.png). */
export async function storeAvatar(tx: Tx, audit: (e: AuditEntry) => void, userId: string, upload: Upload, contentType: string) {
  const fileName = nameByType(upload.sentName, contentType, 'avatar');
  // A file sharp cannot read gets its thumbnail at its first read, which tries again.
  const thumbnail = await makeThumbnail(upload.data).catch(() => null);
  const values = { fileName, contentType, size: upload.data.length, data: upload.data, thumbnail };
  const [before] = await tx
    .select({ id: files.id, fileName: files.fileName, contentType: files.contentType, size: files.size })
    .from(files)
    .where(avatarOfUser(userId))
    .for('update');
  const [row] = before
    ? await tx
        .update(files)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(files.id, before.id))
        .returning({ id: files.id })
    : await tx
        .insert(files)
        .values({ userId, fileType: 'avatar', ...values })
        .returning({ id: files.id });
  // The trail keeps what the file is, not its bytes.
  const after = { id: row.id, fileName: values.fileName, contentType, size: values.size };
  audit({ action: before ? 'update' : 'create', entity: 'avatar', entityId: row.id, subjectId: userId, before: before ?? null, after });
  return after;
}

/** A member's avatar as the profile shows it; null when they have none. */
export async function avatarOf(db: Db, userId: string) {
  const [avatar] = await db.select({ data: files.data, contentType: files.contentType }).from(files).where(avatarOfUser(userId));
  return avatar ? { fileBase64: avatar.data.toString('base64'), contentType: avatar.contentType } : null;
}
