/**
 * The authorisation matrix. It walks every operation of the OpenAPI document (/api/docs/json),
 * so a route added later is covered as soon as it is declared: nothing here lists
 * routes. For each operation:
 * - it must declare its rule (x-permission) and match the route registry;
 * - public: no token is needed;
 * - anything else: no token answers 401 (and so does a bad token);
 * - signed in: a member is let through;
 * - self (field): a member is let through for their own id and refused (403) for another;
 * - a permission (or permission + self): a member (who holds only the member role) is refused
 *   with 403 unless the member role holds that permission, and an administrator is let through.
 * "Let through" means neither 401 nor 403: the call may still fail on its (empty) input.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, permissionString } from '@/domain/roles/permissions.js';
import type { Access } from '@/server/http/access.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * Operations the generic walk cannot exercise, keyed 'METHOD /api/Path', each with its reason
 * and the checks it skips. They must still declare a rule. Keep this list short.
 */
const EXCEPTIONS: Record<string, { skip: Array<'noToken' | 'member' | 'admin'>; reason: string }> = {};

const s = await startServer();
afterAll(async () => {
  await s.close();
});

const member = await createUser(s, { role: 'member' });
const memberLogin = await s.call('POST', '/Auth/Login', { body: { username: member.email, password: member.password } });
const memberPermissions = new Set<string>(memberLogin.body.data.permissions.map(permissionString));
const adminToken = await s.login(ADMIN_EMAIL, ADMIN_PASSWORD);
const doc = (await s.call('GET', '/docs/json')).body;

type Operation = { key: string; method: string; path: string; xPermission: unknown; access?: Access };

const operations: Operation[] = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => {
    const registered = s.app.services.routes.find((r) => `/api${r.url}` === path && r.method.toLowerCase() === method);
    return {
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      xPermission: op['x-permission'],
      access: registered?.access,
    };
  }),
);

/** Calls an operation with no input but, when named, the one query parameter given. */
function callOp(op: Operation, opts: { token?: string; query?: Record<string, string> } = {}) {
  const qs = new URLSearchParams(opts.query ?? {}).toString();
  const path = op.path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, randomUUID());
  return s.call(op.method, qs ? `${path}?${qs}` : path, {
    token: opts.token,
    body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
  });
}

/** A fresh member token per call, since a signed-in call (Logout) may revoke it. */
const freshMemberToken = () => s.login(member.email, member.password);

function permissionsOf(access: Access): string[] {
  return 'permission' in access ? [access.permission].flat() : [];
}

const letThrough = (status: number) => status !== 401 && status !== 403;

describe('the OpenAPI document and the route registry', () => {
  it('lists every declared route, and only those', () => {
    expect(operations.length).toBe(s.app.services.routes.length);
    for (const op of operations) expect(op.access, `${op.key} is not a declared route`).toBeDefined();
  });

  it('names a rule (x-permission) for every route', () => {
    const missing = operations.filter((op) => typeof op.xPermission !== 'string' || op.xPermission.trim() === '');
    expect(missing.map((op) => op.key)).toEqual([]);
  });

  it('guards with permission strings of the catalogue only', () => {
    const unknown = operations.flatMap((op) =>
      permissionsOf(op.access!)
        .filter((p) => !ALL_PERMISSIONS.includes(p))
        .map((p) => `${op.key}: ${p}`),
    );
    expect(unknown).toEqual([]);
  });

  it('lists exceptions for existing routes only', () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(Object.keys(EXCEPTIONS).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('the walk covers the routes of this issue', () => {
    const keys = operations.map((op) => op.key);
    for (const key of ['POST /api/Auth/Login', 'POST /api/Auth/Logout', 'GET /api/Stats/GetAdminDashboardStats', 'GET /api/health']) {
      expect(keys).toContain(key);
    }
    expect(operations.some((op) => op.access && 'permission' in op.access)).toBe(true);
    expect(memberPermissions.size).toBeGreaterThan(0);
  });
});

describe('every route', () => {
  for (const op of operations) {
    const access = op.access;
    const skip = new Set(EXCEPTIONS[op.key]?.skip ?? []);
    if (!access) continue; // reported by the registry test above

    if ('public' in access) {
      it(`${op.key} (public) needs no token`, async () => {
        const res = await callOp(op);
        expect(letThrough(res.status), `status ${res.status}`).toBe(true);
      });
      continue;
    }

    if (!skip.has('noToken')) {
      it(`${op.key} (${op.xPermission}) answers 401 without a token or with a bad one`, async () => {
        const none = await callOp(op);
        expect(none.status).toBe(401);
        expect(none.body.succeeded).toBe(false);
        const bad = await callOp(op, { token: `${adminToken.slice(0, -4)}AAAA` });
        expect(bad.status).toBe(401);
      });
    }

    if ('signedIn' in access) {
      if (!skip.has('member')) {
        it(`${op.key} (signed in) lets a member through`, async () => {
          const res = await callOp(op, { token: await freshMemberToken() });
          expect(letThrough(res.status), `status ${res.status}`).toBe(true);
        });
      }
      continue;
    }

    const selfField = 'self' in access ? access.self : access.orSelf;
    const required = permissionsOf(access);
    const memberHolds = required.some((p) => memberPermissions.has(p));

    if (selfField && !skip.has('member')) {
      it(`${op.key} (${op.xPermission}) lets a member through for their own ${selfField}`, async () => {
        const res = await callOp(op, { token: await freshMemberToken(), query: { [selfField]: member.id } });
        expect(letThrough(res.status), `status ${res.status}`).toBe(true);
      });
    }

    if (!skip.has('member') && !memberHolds) {
      it(`${op.key} (${op.xPermission}) answers 403 to a member${selfField ? ` for another ${selfField}` : ''}`, async () => {
        const res = await callOp(op, { token: await freshMemberToken(), query: selfField ? { [selfField]: randomUUID() } : {} });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ succeeded: false, message: 'You are not authorised' });
      });
    }

    if (required.length && !skip.has('admin')) {
      it(`${op.key} (${op.xPermission}) lets an administrator through`, async () => {
        const res = await callOp(op, { token: adminToken });
        expect(letThrough(res.status), `status ${res.status}`).toBe(true);
      });
    }
  }
});
