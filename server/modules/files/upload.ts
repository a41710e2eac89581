import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '@/server/http/errors.js';
import { cleanName, displayName } from './fileNames.js';
import { MAX_AVATAR_BYTES, tooLarge } from './image.js';

/** The file as sent: the name the messages quote ('The file' when none), the name it was sent with ('' when none), its bytes. */
export type Upload = { fileName: string; sentName: string; data: Buffer };

/**
 * Reads the one file of a multipart body, at most 800KB. The limit is this call's own, below
 * the plugin's: a larger file stops being read at the limit and answers 413, never a crash.
 */
export async function readUpload(request: FastifyRequest, query: { userId: string; fileType: string }): Promise<Upload> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data');
  const part = await request.file({ limits: { fileSize: MAX_AVATAR_BYTES, files: 1 } });
  if (!part) throw badRequest('Choose a file to upload', { file: ['Choose a file to upload'] });
  const fileName = displayName(part.filename);
  const sentName = cleanName(part.filename);
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
  return { fileName, sentName, data };
}
