import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { dateTime } from '@/domain/common/dates.js';
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@/domain/notifications/audiences.js';
import { audienceSchema } from '@/domain/notifications/schemas.js';
import { ApiError, badRequest } from '@/server/http/errors.js';

export type Attachment = { fileName: string; contentType: string; data: Buffer };

const composeSchema = audienceSchema.extend({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  body: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(20000, 'Message must be at most 20000 characters'),
  scheduledFor: dateTime('Schedule time').optional(),
});
export type Compose = z.infer<typeof composeSchema>;

/** The name the messages quote: no folders, no control characters, not endless. */
function displayName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = path.basename((name ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  return base.slice(0, 120) || 'The file';
}

/** A file's type by its bytes alone, never its name or the browser's word: PDF or a picture. */
async function judgeAttachment(fileName: string, data: Buffer): Promise<Attachment> {
  if (data.length === 0) throw badRequest(`${fileName} is empty`, { attachments: [`${fileName} is empty`] });
  const sniffed = await fileTypeFromBuffer(data);
  const type = ATTACHMENT_TYPES.find((t) => t === sniffed?.mime);
  if (!type) throw new ApiError(415, `${fileName} is not a PDF or an image (PDF, PNG, JPEG, GIF, WebP allowed)`);
  return { fileName, contentType: type, data };
}

const fieldName = (name: string) => name.replace(/\[\]$/, '').toLowerCase();
const KNOWN: Record<string, keyof Compose> = {
  title: 'title',
  body: 'body',
  audience: 'audience',
  audienceid: 'audienceId',
  userids: 'userIds',
  scheduledfor: 'scheduledFor',
};

/** Reads sendnotifications' form: its fields and up to five files of 5 MB, each judged by content. */
export async function readCompose(request: FastifyRequest): Promise<{ fields: Compose; attachments: Attachment[] }> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the message as multipart/form-data');
  const raw: Record<string, unknown> = {};
  const attachments: Attachment[] = [];
  const parts = request.parts({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: MAX_ATTACHMENTS + 1, fields: 2000 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const fileName = displayName(part.filename);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiError(413, `${fileName} exceeds the maximum file size (5MB)`);
        throw err;
      }
      if (attachments.length === MAX_ATTACHMENTS)
        throw badRequest(`Attach at most ${MAX_ATTACHMENTS} files`, { attachments: [`Attach at most ${MAX_ATTACHMENTS} files`] });
      attachments.push(await judgeAttachment(fileName, data));
      continue;
    }
    const key = KNOWN[fieldName(part.fieldname)];
    if (!key || part.value === '' || part.value === undefined) continue;
    const value = String(part.value);
    if (value.includes('\u0000')) throw badRequest(`${key} must not contain a NUL character`);
    // Browsers send a form's line breaks as CRLF; the message keeps plain ones.
    raw[key] =
      key === 'body'
        ? value.replace(/\r\n?/g, '\n')
        : key === 'userIds'
          ? [...((raw.userIds as string[]) ?? []), ...value.split(',').filter(Boolean)]
          : value;
  }
  return { fields: composeSchema.parse(raw), attachments };
}
