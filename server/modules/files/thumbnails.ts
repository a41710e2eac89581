import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '@/server/db/client.js';
import { files } from '@/server/db/schema/index.js';

/**
 * Avatars' thumbnails (docs/decisions/0215-directory.md): a 96-pixel square JPEG, twice the size
 * a list shows, so a page of the member list or a printed directory of 2,000 people carries a few
 * kilobytes per face rather than an upload of up to 800KB. Made at the upload; an avatar stored
 * before thumbnails existed gets its own at its first read.
 */

const SIDE = 96;

/** The thumbnail of an avatar's bytes (PNG, JPEG or an SVG the upload judged safe); transparency on white. */
export function makeThumbnail(data: Buffer): Promise<Buffer> {
  return sharp(data, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(SIDE, SIDE, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The member's avatar thumbnail, made and kept now if the avatar has none yet; null when they have no avatar. */
export async function thumbnailOf(db: Db | Tx, userId: string): Promise<Buffer | null> {
  const [avatar] = await db
    .select({ id: files.id, thumbnail: files.thumbnail })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.fileType, 'avatar')));
  if (!avatar) return null;
  return avatar.thumbnail ?? keepThumbnail(db, avatar.id);
}

/** Makes an older avatar's thumbnail and keeps it, unless the avatar was replaced (and so thumbnailed) meanwhile. */
async function keepThumbnail(db: Db | Tx, fileId: string): Promise<Buffer | null> {
  const [file] = await db.select({ data: files.data }).from(files).where(eq(files.id, fileId));
  if (!file) return null;
  const thumbnail = await makeThumbnail(file.data).catch(() => null);
  // Derived from the stored bytes, not a change of record: not audited.
  if (thumbnail)
    await db
      .update(files)
      .set({ thumbnail })
      .where(and(eq(files.id, fileId), isNull(files.thumbnail)));
  return thumbnail;
}
