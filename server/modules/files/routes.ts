import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { FILE_TYPES } from '@/domain/common/enums.js';
import { idField } from '@/domain/common/fields.js';
import type { Tx } from '@/server/db/client.js';
import { files } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { ok } from '@/server/http/envelope.js';
import { ApiError, badRequest } from '@/server/http/errors.js';
import { existingUser, readAccess } from '@/server/engines/profileAccess.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { judgeImage, MAX_AVATAR_BYTES, notAnImage, tooLarge, unsafeSvg } from './image.js';

type Upload = { fileName: string; data: Buffer };

/** The name the messages quote: no folders, no control characters, not endless. */
function displayName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = path.basename((name ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  return base.slice(0, 120) || 'The file';
}

/**
 * Reads the one file of a multipart body, at most 800KB. The limit is this call's own, below
 * the plugin's: a larger file stops being read at the limit and answers 413, never a crash.
 */
async function readUpload(request: FastifyRequest, query: { userId: string; fileType: string }): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data');
  const part = await request.file({ limits: { fileSize: MAX_AVATAR_BYTES, files: 1 } });
  if (!part) throw badRequest('Choose a file to upload', { file: ['Choose a file to upload'] });
  const fileName = displayName(part.filename);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, tooLarge(fileName));
    throw err;
  }
  // The form may repeat UserId and FileType (the web app sends them); they must agree with the query.
  for (const [key, value] of Object.entries(part.fields)) {
    const field = value && !Array.isArray(value) && 'value' in value ? String(value.value) : undefined;
    const expected = { userid: query.userId, filetype: query.fileType }[key.toLowerCase()];
    if (field !== undefined && expected !== undefined && field.toLowerCase() !== expected.toLowerCase()) {
      throw badRequest(`The form's ${key} does not match the query's`);
    }
  }
  if (data.length === 0) throw badRequest(`${fileName} is empty`, { file: [`${fileName} is empty`] });
  return { fileName, data };
}

/** Stores the member's avatar in place of the one they had. */
async function storeAvatar(tx: Tx, audit: (e: AuditEntry) => void, userId: string, upload: Upload, contentType: string) {
  const values = { fileName: upload.fileName, contentType, size: upload.data.length, data: upload.data };
  const [before] = await tx
    .select({ id: files.id, fileName: files.fileName, contentType: files.contentType, size: files.size })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.fileType, 'avatar')))
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

export async function filesModule(app: FastifyInstance) {
  registerRoutes(app, [
    route({
      method: 'POST',
      url: '/Files/uploadfile',
      tag: 'Files',
      summary:
        "Upload one's own avatar (multipart, field 'file'): SVG, JPEG or PNG by its bytes, at most 800KB; an SVG with active content is refused",
      access: { self: 'userId' },
      query: z.object({ userId: idField('UserId'), fileType: z.enum(FILE_TYPES, { error: "FileType must be 'avatar'" }) }),
      multipart: true,
      async handler({ query, request, mutate }) {
        const upload = await readUpload(request, query);
        const verdict = await judgeImage(upload.data);
        if ('refused' in verdict) {
          throw new ApiError(415, verdict.refused === 'unsafe-svg' ? unsafeSvg(upload.fileName) : notAnImage(upload.fileName));
        }
        const stored = await mutate(async (tx, audit) => {
          await existingUser(tx, query.userId);
          return storeAvatar(tx, audit, query.userId, upload, verdict.contentType);
        });
        return ok(stored, 'File uploaded successfully');
      },
    }),
    // Under /UserManagement/ in API.md, but it reads back what uploadfile stores, so it sits beside it.
    route({
      method: 'GET',
      url: '/UserManagement/GetUserAvatar',
      tag: 'Users',
      summary: "A user's avatar as {fileBase64, contentType}; data is null when they have none",
      access: readAccess('userId'),
      query: z.object({ userId: idField('UserId') }),
      async handler({ query, services }) {
        const [avatar] = await services.database.db
          .select({ data: files.data, contentType: files.contentType })
          .from(files)
          .where(and(eq(files.userId, query.userId), eq(files.fileType, 'avatar')));
        return ok(avatar ? { fileBase64: avatar.data.toString('base64'), contentType: avatar.contentType } : null);
      },
    }),
  ]);
}
