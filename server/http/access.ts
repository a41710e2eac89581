import { forbidden, unauthorized } from './errors.js';

/**
 * The rule every route declares, enforced by the server on every call:
 * - public: anyone, no token;
 * - signedIn: any valid token;
 * - permission: the caller holds that permission string (a list: any one of them);
 * - self: the input field named holds the caller's own user id;
 * - permission + orSelf: either of the two.
 */
export type Access = { public: true } | { signedIn: true } | { permission: string | readonly string[]; orSelf?: string } | { self: string };

export type Caller = { id: string; email: string; permissions: ReadonlySet<string> };

export function describeAccess(access: Access): string {
  if ('public' in access) return 'public';
  if ('signedIn' in access) return 'signed in';
  if ('self' in access) return `self (${access.self})`;
  const perms = [access.permission].flat().join(' or ');
  return access.orSelf ? `${perms} or self (${access.orSelf})` : perms;
}

/** Field lookup that ignores case, as the query and body names do. */
function field(input: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(input).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : input[key];
}

/**
 * Throws 401 or 403 unless the caller passes the rule. inputs are the request's body and query:
 * a "self" rule passes only when the field is given and EVERY copy of it (body and query alike)
 * holds the caller's id, so `?userId=<mine>` cannot vouch for a body naming someone else.
 * Ids are UUIDs, compared without regard to case.
 */
export function checkAccess(access: Access, caller: Caller | null, ...inputs: Array<Record<string, unknown>>): void {
  if ('public' in access) return;
  if (!caller) throw unauthorized();
  if ('signedIn' in access) return;
  const selfField = 'self' in access ? access.self : access.orSelf;
  if (selfField) {
    const given = inputs.map((input) => field(input, selfField)).filter((v) => v !== undefined && v !== null && v !== '');
    if (given.length > 0 && given.every((v) => typeof v === 'string' && v.toLowerCase() === caller.id.toLowerCase())) return;
  }
  if ('permission' in access && [access.permission].flat().some((p) => caller.permissions.has(p))) return;
  throw forbidden();
}
