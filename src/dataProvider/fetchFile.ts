import { pathOf, type AnyCall } from '@/domain/common/calls';
import { readToken } from '@/src/authProvider/session';
import { API_URL } from '@/src/config';
import { queryString, type Query } from './http';

/**
 * Makes a call that answers a file rather than an envelope (a download), with the session's
 * token, and hands back the response for the caller to save.
 */
export function fetchFile(call: AnyCall, query?: Query): Promise<Response> {
  return fetch(`${API_URL}${pathOf(call as { path: string })}${queryString(query)}`, {
    method: call.method,
    headers: { authorization: `Bearer ${readToken() ?? ''}` },
  });
}
