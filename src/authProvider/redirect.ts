/** Where a signed-in user lands when no (acceptable) redirect_from is given. */
export const AFTER_LOGIN = '/overview';
export const REDIRECT_PARAM = 'redirect_from';

/**
 * The login address that brings the user back to `path` afterwards (after a 401).
 * The root itself needs no parameter.
 */
export function loginPathFor(path: string): string {
  return path && path !== '/' ? `/?${REDIRECT_PARAM}=${encodeURIComponent(path)}` : '/';
}

/**
 * The redirect_from target, accepted only as a path of this site: one leading '/', not '//'
 * or '/\' (both mean another host to a browser), no control characters, and the same origin
 * once resolved. Anything else gives the default page, so the parameter cannot send a user
 * elsewhere (open redirect).
 */
export function safeRedirect(target: string | null | undefined, fallback = AFTER_LOGIN): string {
  // eslint-disable-next-line no-control-regex -- a control character in an address is refused
  if (!target || !/^\/(?![/\\])/.test(target) || /[\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const base = 'http://flock.invalid';
    const url = new URL(target, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
