import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FILE_TYPES } from '@/domain/common/enums.js';
import { bytea, owner, stamps } from './common.js';

/** Files kept in the database with the type sniffed from their bytes. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    fileType: text('file_type', { enum: FILE_TYPES }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /** An avatar's small JPEG for lists and the printed directory (docs/decisions/0215); null until made. */
    thumbnail: bytea('thumbnail'),
    ...stamps,
  },
  // A member has one avatar: a new upload replaces it.
  (t) => [
    uniqueIndex('files_avatar_key')
      .on(t.userId)
      .where(sql`${t.fileType} = 'avatar'`),
  ],
);
