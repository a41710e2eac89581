/** The avatar is an SVG, JPEG, JPG or PNG of at most 800KB. */
export const MAX_AVATAR_BYTES = 819200;
const EXTENSIONS = ['svg', 'jpeg', 'jpg', 'png'];
const TYPES = ['image/svg+xml', 'image/jpeg', 'image/png'];

/** What the file picker accepts; the check below still runs, as a user can pick any file. */
export const AVATAR_ACCEPT = [...EXTENSIONS.map((e) => `.${e}`), ...TYPES].join(',');

/**
 * Why this file cannot be the avatar, as a text key of flock.profile, or null when it can. Checked
 * before anything is sent; the server checks the bytes again.
 */
export function avatarProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'avatar_invalid_type' | 'avatar_too_large' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  // Some systems give no type for a file: its name decides then.
  const typeFits = file.type === '' || TYPES.includes(file.type);
  if (!EXTENSIONS.includes(extension) || !typeFits) return 'avatar_invalid_type';
  if (file.size > MAX_AVATAR_BYTES) return 'avatar_too_large';
  return null;
}
