import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { qualified } from '@/server/db/queries.js';
import { centers, consents, departments, files, memberDirectory as md, userDepartments } from '@/server/db/schema/index.js';
import { notUnlisted } from '@/server/engines/listing.js';
import { badRequest } from '@/server/http/errors.js';
import { thumbnailOf } from '@/server/modules/files/thumbnails.js';

/** The photo directory (docs/decisions/0215-directory.md): the member list's photos and the printed directory. */

/**
 * The member list's extra field avatar: the version of the row's photo (its time of upload, in ms), null without one;
 * the files' partial index of avatars serves it. The kept lines hold the same (migration 0054_member_summaries,
 * member_summaries_of): change both.
 */
export const avatarExtra = {
  avatar: sql<string | null>`(select (extract(epoch from f.updated_at) * 1000)::bigint::text from ${files} f
    where f.user_id = ${qualified(md.userId)} and f.file_type = 'avatar')`,
};

/** The most people one printed directory holds: a few hundred pages, made in one call. */
export const MAX_DIRECTORY = 2000;

export type DirectoryEntry = {
  userId: string;
  name: string;
  surName: string;
  phone: string | null;
  email: string | null;
  departments: string | null;
  centerName: string | null;
  photo: Buffer | null;
};

/** The newest choice of the 'directory' consent is a yes: never asked is a no, so contact details are printed only on a yes. */
const sharesContact = sql<boolean>`coalesce((select c.granted from ${consents} c where c.user_id = ${qualified(md.userId)}
  and c.category = 'directory' order by c.created_at desc, c.id desc limit 1), false)`;

const departmentNames = sql<string | null>`(select string_agg(d.department_name, ', ' order by d.department_name)
  from ${userDepartments} ud join ${departments} d on d.id = ud.department_id where ud.user_id = ${qualified(md.userId)})`;

/**
 * The people of the member list's conditions who did not say no to listing, whoever asks: a
 * printed directory is handed out, so the office's exception of the listing rule does not apply.
 * By surname, then first name. More than MAX_DIRECTORY is a 400 that says how to narrow it.
 */
export async function directoryEntries(db: Db, where: Array<SQL | undefined>): Promise<DirectoryEntry[]> {
  const rows = await db
    .select({
      userId: md.userId,
      name: sql<string>`concat_ws(' ', ${md.firstName}, nullif(${md.middleName}, ''), ${md.surName})`,
      surName: md.surName,
      phone: md.phone,
      email: md.email,
      sharesContact,
      departments: departmentNames,
      centerName: centers.centerName,
      avatarId: files.id,
      thumbnail: files.thumbnail,
    })
    .from(md)
    .leftJoin(centers, eq(centers.id, md.centerId))
    .leftJoin(files, and(eq(files.userId, md.userId), eq(files.fileType, 'avatar')))
    .where(and(...where, notUnlisted(md.userId)))
    .orderBy(asc(md.surName), asc(md.firstName), asc(md.userId))
    .limit(MAX_DIRECTORY + 1);
  if (rows.length > MAX_DIRECTORY) {
    throw badRequest(
      `A printed directory holds at most ${MAX_DIRECTORY.toLocaleString('en')} people; narrow the filter or select fewer people`,
    );
  }
  const entries: DirectoryEntry[] = [];
  for (const { sharesContact: shares, phone, email, avatarId, thumbnail, ...row } of rows) {
    // An avatar stored before thumbnails existed gets its own now (one after another: rare, and kept).
    const photo = thumbnail ?? (avatarId ? await thumbnailOf(db, row.userId) : null);
    entries.push({ ...row, phone: shares ? phone : null, email: shares ? email : null, photo });
  }
  return entries;
}
