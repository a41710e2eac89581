import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { dateTime } from '@/domain/common/dates.js';
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@/domain/notifications/audiences.js';
import { audienceSchema } from '@/domain/notifications/schemas.js';
import { ApiError, badRequest } from '@/server/http/errors.js';
import { displayName, nameByType } from '@/server/modules/files/fileNames.js';
import { judgePdf, type PdfVerdict } from '@/server/modules/files/pdf.js';

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

/** Why a PDF is refused, as its sender reads it. */
const PDF_REFUSED: Record<Exclude<PdfVerdict, 'clean'>, (file: string) => string> = {
  javascript: (file) => `${file} is a PDF with JavaScript in it, which attachments may not carry; save it again without scripts`,
  'embedded-file': (file) =>
    `${file} is a PDF with other files embedded in it, which attachments may not carry; attach those files themselves`,
  launch: (file) => `${file} is a PDF with an action that opens a program, which attachments may not carry`,
  unreadable: (file) =>
    `${file} could not be checked for scripts and embedded files (a compressed part of it could not be read); save it again as a plain PDF`,
};

/**
 * A file's type by its bytes alone, never its name or the browser's word: PDF or a picture. A
 * PDF with active content is refused; the file is kept under its name with the extension of its
 * type (a PNG named evil.html is evil.png).
 */
async function judgeAttachment(sentName: string | undefined, data: Buffer): Promise<Attachment> {
  const fileName = displayName(sentName);
  if (data.length === 0) throw badRequest(`${fileName} is empty`, { attachments: [`${fileName} is empty`] });
  const sniffed = await fileTypeFromBuffer(data);
  const type = ATTACHMENT_TYPES.find((t) => t === sniffed?.mime);
  if (!type) throw new ApiError(415, `${fileName} is not a PDF or an image (PDF, PNG, JPEG, GIF, WebP allowed)`);
  if (type === 'application/pdf') {
    const verdict = judgePdf(data);
    if (verdict !== 'clean') {
      const message = PDF_REFUSED[verdict](fileName);
      throw badRequest(message, { attachments: [message] });
    }
  }
  return { fileName: nameByType(sentName ?? '', type, 'attachment'), contentType: type, data };
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
      attachments.push(await judgeAttachment(part.filename, data));
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
