import { forbidden, unauthorized } from './errors.js';

/**
 * The rule every route declares (ARCHITECTURE.md, Authorisation):
 * - public: anyone, no token;
 * - signedIn: any valid token;
 * - permission: the caller holds that permission string (a list: any one of them);
 * - self: the input field named holds the caller's own user id;
 * - permission + orSelf: either of the two.
 */
export type Access =
  | { public: true }
  | { signedIn: true }
  | { permission: string | readonly string[]; orSelf?: string }
  | { self: string };

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

/** Throws 401 or 403 unless the caller passes the rule; input is the merged query and body. */
export function checkAccess(access: Access, caller: Caller | null, input: Record<string, unknown>): void {
  if ('public' in access) return;
  if (!caller) throw unauthorized();
  if ('signedIn' in access) return;
  const selfField = 'self' in access ? access.self : access.orSelf;
  if (selfField && String(field(input, selfField) ?? '') === caller.id) return;
  if ('permission' in access && [access.permission].flat().some((p) => caller.permissions.has(p))) return;
  throw forbidden();
}
