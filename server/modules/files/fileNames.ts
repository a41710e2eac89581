import path from 'node:path';

/** The name as sent, made safe to keep and quote: no folders, no control characters, not endless; '' when there is none. */
export function cleanName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = path.basename((name ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  return base.slice(0, 120);
}

/** The name the messages quote ('The file' when none was sent). */
export const displayName = (name: string | undefined) => cleanName(name) || 'The file';

/** The extensions of each type Flock keeps, the first the one it gives. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
};

/**
 * The name a file is stored and served under: the one it was sent with, its extension made the
 * one of the type its bytes show (judged by content, never by the name), so that a PNG named
 * evil.html downloads as evil.png and opens as a picture. An extension of that type stays as it
 * was (photo.JPEG); another is replaced; none is added. `fallback` names a file sent nameless.
 */
export function nameByType(name: string, contentType: string, fallback = 'file'): string {
  const extensions = EXTENSIONS[contentType] ?? ['bin'];
  // Windows drops trailing dots and spaces: 'evil.html.' would save as evil.html.
  const trimmed = cleanName(name).replace(/[. ]+$/, '');
  const match = /^(.*)\.([A-Za-z0-9]{1,10})$/.exec(trimmed);
  const base = match ? match[1] : trimmed;
  if (base && match && extensions.includes(match[2].toLowerCase())) return trimmed;
  return `${base || fallback}.${extensions[0]}`;
}
