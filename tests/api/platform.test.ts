import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@/domain/common/calls.js';
import { describeAccess } from '@/server/http/access.js';
import { ok } from '@/server/http/envelope.js';
import { DATABASE_UNAVAILABLE, TOKEN_PROBLEM } from '@/server/http/errors.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { buildProgress, precompress } from '@/scripts/buildPlugins.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, startSibling, type TestServer } from '@/tests/support/server.js';
import { createUser, signUpBody, USER_PASSWORD } from '@/tests/support/users.js';

const STATS = '/Stats/GetAdminDashboardStats';

let s: TestServer;
let member: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;

beforeAll(async () => {
  s = await startServer();
  member = await createUser(s);
  adminToken = await s.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await s?.close();
});

/** A failure envelope: succeeded false, a message, the request id, nothing else but optional field errors. */
function expectFailure(body: any, message?: string) {
  expect(body.succeeded).toBe(false);
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toBe(message);
  expect(typeof body.requestId).toBe('string');
  expect(Object.keys(body).filter((k) => !['succeeded', 'message', 'errors', 'requestId'].includes(k))).toEqual([]);
}

describe('envelope and error shapes', () => {
  it('a success answers 200 {succeeded: true, message, data}', async () => {
    const res = await s.call('GET', STATS, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({
      succeeded: true,
      message: expect.any(String),
      data: { members: expect.any(Number), firstTimers: expect.any(Number), departments: expect.any(Number), zones: expect.any(Number) },
    });
  });

  it('bad input answers 400 with per-field errors', async () => {
    const res = await s.call('POST', '/Auth/Login', { body: { username: 'someone' } });
    expect(res.status).toBe(400);
    expectFailure(res.body, 'Password is required');
    expect(res.body.errors).toEqual({ password: ['Password is required'] });
  });

  it('no token answers 401, a missing permission 403, without field errors', async () => {
    const none = await s.call('GET', STATS);
    expect(none.status).toBe(401);
    expectFailure(none.body, TOKEN_PROBLEM.missing);
    expect(none.body).not.toHaveProperty('errors');
    const denied = await s.call('GET', STATS, { token: member.token });
    expect(denied.status).toBe(403);
    expectFailure(denied.body, 'You are not authorised');
    expect(denied.body).not.toHaveProperty('errors');
  });

  it('a body that is not JSON answers 400, an unknown content type 415, a huge body 413', async () => {
    const url = `${s.url}/api/Auth/Login`;
    const broken = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username": ' });
    expect(broken.status).toBe(400);
    expectFailure(await broken.json(), 'The request body is not valid JSON');

    const xml = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<login/>' });
    expect(xml.status).toBe(415);
    expectFailure(await xml.json(), 'Unsupported content type');

    const huge = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expectFailure(await huge.json(), 'Request body is too large');
  });

  it('an unknown /api route answers the 404 envelope', async () => {
    for (const [method, p] of [
      ['GET', '/nope'],
      ['POST', '/Auth/NoSuchCall'],
      ['GET', '/Auth/Login'],
      ['DELETE', '/Stats/GetAdminDashboardStats'],
    ]) {
      const res = await s.call(method, p, { token: adminToken });
      expect(res.status, `${method} ${p}`).toBe(404);
      expectFailure(res.body, 'Not found');
    }
    const root = await fetch(`${s.url}/api`);
    expect(root.status).toBe(404);
    expectFailure(await root.json(), 'Not found');
  });
});

describe('internal errors', () => {
  it('a thrown error answers 500 Something went wrong with no stack, SQL or message', async () => {
    const leaky = 'duplicate key value violates unique constraint "users_email_key" SELECT password_hash FROM users';
    const own = await startSibling(s, {}, (app) =>
      registerRoutes(app, [
        route({
          call: defineCall({ method: 'GET', path: '/Test/Throw' }),
          tag: 'Test',
          summary: 'throws',
          access: { public: true },
          async handler() {
            throw new Error(leaky);
          },
        }),
        route({
          call: defineCall({ method: 'GET', path: '/Test/TypeError' }),
          tag: 'Test',
          summary: 'breaks',
          access: { public: true },
          async handler() {
            return (undefined as any).boom;
          },
        }),
      ]),
    );
    try {
      for (const p of ['/Test/Throw', '/Test/TypeError']) {
        const res = await own.call('GET', p);
        expect(res.status, p).toBe(500);
        expect(res.body).toEqual({ succeeded: false, message: 'Something went wrong', requestId: expect.any(String) });
        const raw = JSON.stringify(res.body);
        for (const secret of ['stack', 'SELECT', 'users_email_key', 'password_hash', 'boom', '.ts:']) expect(raw).not.toContain(secret);
      }
    } finally {
      await own.close();
    }
  });

  it('a failing SQL statement answers 500 without the statement or its parameters', async () => {
    await s.database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT test_no_boom CHECK (first_name <> 'Boom')`);
    try {
      const res = await s.call('POST', '/UserManagement/SignUpUser', { body: signUpBody({ firstName: 'Boom' }) });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ succeeded: false, message: 'Something went wrong', requestId: expect.any(String) });
    } finally {
      await s.database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT test_no_boom`);
    }
  });

  it('with the database gone, a signed-in call answers 503 and health reports the database unreachable', async () => {
    const broken = await startServer();
    try {
      const token = await broken.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      await broken.database.close();
      const res = await broken.call('GET', STATS, { token });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ succeeded: false, message: DATABASE_UNAVAILABLE, requestId: expect.any(String) });
      const health = await broken.call('GET', '/health');
      expect(health.status).toBe(503);
      expectFailure(health.body, 'Database unreachable');
    } finally {
      await broken.close();
    }
  });
});

describe('case-insensitive paths and names', () => {
  it('matches paths without regard to case', async () => {
    for (const p of ['/Auth/Login', '/auth/login', '/AUTH/LOGIN', '/aUtH/lOgIn']) {
      const res = await s.call('POST', p, { body: { username: member.email, password: USER_PASSWORD } });
      expect(res.status, p).toBe(200);
      expect(res.body.succeeded).toBe(true);
    }
    expect((await s.call('GET', '/HEALTH')).status).toBe(200);
    expect((await s.call('GET', '/stats/getadmindashboardstats', { token: adminToken })).status).toBe(200);
  });

  it('matches body names without regard to case', async () => {
    const login = await s.call('POST', '/auth/login', { body: { UserName: member.email, PASSWORD: USER_PASSWORD } });
    expect(login.status).toBe(200);
    const { firstName, surName, email, mobile1, password } = signUpBody();
    const signUp = await s.call('POST', '/UserManagement/SignUpUser', {
      body: { FirstName: firstName, SURNAME: surName, Email: email, mobile1, Password: password },
    });
    expect(signUp.status).toBe(200);
  });

  it('matches query names without regard to case and drops empty parameters', async () => {
    const own = await startSibling(s, {}, (app) =>
      registerRoutes(app, [
        route({
          call: defineCall({
            method: 'GET',
            path: '/Test/Echo',
            query: z.object({ userId: z.string(), pageSize: z.coerce.number().optional(), search: z.string().optional() }),
          }),
          tag: 'Test',
          summary: 'echoes its query',
          access: { self: 'userId' },
          async handler({ query }) {
            return ok(query);
          },
        }),
      ]),
    );
    try {
      const res = await own.call('GET', `/test/echo?USERID=${member.id}&PageSize=5&Search=`, { token: member.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ userId: member.id, pageSize: 5 });
      // the "self" rule reads the same parameter, whatever its case
      const other = await own.call('GET', `/test/echo?userid=${crypto.randomUUID()}`, { token: member.token });
      expect(other.status).toBe(403);
      // ids are UUIDs: their case does not matter
      expect((await own.call('GET', `/test/echo?userId=${member.id.toUpperCase()}`, { token: member.token })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('the "self" rule', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startSibling(s, {}, (app) =>
      registerRoutes(app, [
        route({
          call: defineCall({
            method: 'PUT',
            path: '/Test/UpdateOwn',
            body: z.object({ userId: z.string(), note: z.string().optional() }),
            query: z.object({ userId: z.string().optional() }),
          }),
          tag: 'Test',
          summary: 'acts on the user named in the body',
          access: { self: 'userId' },
          async handler({ body }) {
            return ok({ actedOn: body.userId });
          },
        }),
      ]),
    );
  });
  afterAll(async () => {
    await own?.close();
  });

  it('lets a caller act on their own id given in the body', async () => {
    const res = await own.call('PUT', '/Test/UpdateOwn', { token: member.token, body: { userId: member.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.actedOn).toBe(member.id);
  });

  it('refuses another id in the body even when the query names the caller', async () => {
    const victim = crypto.randomUUID();
    const res = await own.call('PUT', `/Test/UpdateOwn?userId=${member.id}`, { token: member.token, body: { userId: victim } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ succeeded: false, message: 'You are not authorised' });
  });

  it('refuses when the id is missing', async () => {
    const res = await own.call('PUT', '/Test/UpdateOwn', { token: member.token, body: { note: 'x' } });
    expect(res.status).toBe(403);
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(headers: Headers, what: string) {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    // plain-HTTP deployments must keep loading their own scripts
    expect(csp, what).not.toContain('upgrade-insecure-requests');
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-powered-by'), what).toBeNull();
  }

  it('are sent on API answers, failures included', async () => {
    expectSecurityHeaders((await s.call('GET', '/health')).headers, 'health');
    expectSecurityHeaders((await s.call('GET', STATS)).headers, '401');
    expectSecurityHeaders((await s.call('GET', '/nope')).headers, '404');
    expectSecurityHeaders((await s.call('POST', '/Auth/Login', { body: {} })).headers, '400');
  });
});

describe('health', () => {
  it('GET /api/health answers the database reachable and writable', async () => {
    const res = await s.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      succeeded: true,
      message: expect.any(String),
      data: { status: 'ok', database: s.database.kind, writable: true },
    });
  });
});

describe('OpenAPI', () => {
  it('/api/docs/json lists every declared route with its x-permission', async () => {
    const res = await s.call('GET', '/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    let operations = 0;
    for (const p of Object.values<Record<string, unknown>>(doc.paths)) operations += Object.keys(p).length;
    expect(operations).toBe(s.app.services.routes.length);
    expect(s.app.services.routes.length).toBeGreaterThanOrEqual(12);
    for (const r of s.app.services.routes) {
      const op = doc.paths[`/api${r.url}`]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op['x-permission']).toBe(describeAccess(r.access));
      expect(op.description).toContain(describeAccess(r.access));
    }
    const login = doc.paths['/api/Auth/Login'].post;
    expect(login['x-permission']).toBe('public');
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(doc.paths['/api/Stats/GetAdminDashboardStats'].get['x-permission']).toBe(
      'CAN_VIEW_ADMIN_DASHBOARD or CAN_VIEW_INSPECTORATE_DASHBOARD',
    );
    expect(doc.paths['/api/Auth/Logout'].post['x-permission']).toBe('signed in');
  });

  it('/api/docs serves the documentation UI', async () => {
    const res = await fetch(`${s.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect((await res.text()).toLowerCase()).toContain('swagger');
  });
});

describe('logs', () => {
  it('hold no password, password hash or token', async () => {
    const lines: string[] = [];
    const logged = await startSibling(s, { logLevel: 'trace', logStream: { write: (line) => void lines.push(line) } });
    const password = 'Log-secret-pass-77';
    try {
      const user = await createUser(logged, { overrides: { password } });
      const login = await logged.call('POST', '/Auth/Login', { body: { username: user.email, password } });
      const token: string = login.body.data.token;
      expect((await logged.call('GET', STATS, { token })).status).toBe(403);
      const changed = await logged.call('POST', '/Auth/ChangePasswordCompleteInside', {
        token,
        body: { currentPassword: password, newPassword: 'Log-secret-new-78' },
      });
      expect(changed.status).toBe(200);
      expect((await logged.call('POST', '/Auth/Login', { body: { username: user.email, password: 'Wrong-secret-79' } })).status).toBe(400);
      // an internal failure on a query that carries a password hash
      await s.database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT test_log_boom CHECK (first_name <> 'Boom')`);
      try {
        const failed = await logged.call('POST', '/UserManagement/SignUpUser', { body: signUpBody({ firstName: 'Boom', password }) });
        expect(failed.status).toBe(500);
      } finally {
        await s.database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT test_log_boom`);
      }
      // The 500 is logged as the answer leaves: wait until the log holds it.
      await vi.waitFor(() => expect(lines.join('')).toContain('request failed'));
      const log = lines.join('');
      // the capture works: requests and the internal error are in it
      expect(log).toContain('/api/Auth/Login');
      expect(log).toContain('request failed');
      for (const secret of [password, 'Log-secret-new-78', 'Wrong-secret-79', token, changed.body.data.token, 'scrypt$']) {
        expect(log.includes(secret), `log holds ${secret.slice(0, 12)}`).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('web app', () => {
  let web: TestServer;
  let root: string;
  // long enough for its compressed copies to be smaller
  const html = `<!doctype html><html><head><title>Flock</title></head><body><div id="root"></div>${'<p>Flock</p>'.repeat(40)}</body></html>`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-web-'));
    fs.writeFileSync(path.join(root, 'index.html'), html);
    fs.mkdirSync(path.join(root, 'assets'));
    // Vite names its chunks in mixed case; paths match without case, files must still be found.
    fs.writeFileSync(path.join(root, 'assets', 'index-DiwrgTda.js'), 'console.log("flock")');
    web = await startSibling(s, { webRoot: root });
  });
  afterAll(async () => {
    await web?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('client routes answer index.html so deep links load on a reload', async () => {
    const dotted = ['/email-verify/a.b@example.org', '/reset-password/x@y.org', '/verify/a.b%40c.org/reset', '/profile/a.b'];
    for (const p of ['/members-management', '/profile/abc', '/', '/home', '/apiary', ...dotted]) {
      const res = await fetch(`${web.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toContain('text/html');
      expect(await res.text(), p).toBe(html);
    }
  });

  it('serves the built files themselves', async () => {
    const res = await fetch(`${web.url}/assets/index-DiwrgTda.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(await res.text()).toBe('console.log("flock")');
  });

  it('serves a file built after start, and a missing file is a 404, not the app', async () => {
    fs.writeFileSync(path.join(root, 'assets', 'Later-Chunk.js'), 'console.log("later")');
    const later = await fetch(`${web.url}/assets/Later-Chunk.js`);
    expect(later.status).toBe(200);
    expect(await later.text()).toBe('console.log("later")');
    for (const gone of ['/assets/gone-Abc123.js', '/assets/gone-chunk', '/gone-Abc123.css', '/email-verify.js']) {
      const missing = await fetch(`${web.url}${gone}`);
      expect(missing.status, gone).toBe(404);
      expect(missing.headers.get('content-type'), gone).not.toContain('text/html');
    }
  });

  it('hashed assets are cached for a year, index.html is checked on every load', async () => {
    const asset = await fetch(`${web.url}/assets/index-DiwrgTda.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/index.html', '/members-management', '/email-verify/a.b@example.org']) {
      const page = await fetch(`${web.url}${p}`);
      expect(await page.text(), p).toBe(html);
      expect(page.headers.get('cache-control'), p).toBe('no-cache');
    }
  });

  it('sends the brotli or gzip copy the build wrote to a browser that takes it', async () => {
    const script = `console.log(${JSON.stringify('flock '.repeat(400))})`;
    fs.writeFileSync(path.join(root, 'assets', 'big-Chunk1.js'), script);
    precompress(root);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      for (const p of ['/assets/big-Chunk1.js', '/members-management']) {
        const res = await fetch(`${web.url}${p}`, { headers: { 'accept-encoding': accept } });
        expect(res.headers.get('content-encoding'), `${p} ${accept}`).toBe(encoding);
        expect(res.headers.get('vary'), p).toMatch(/accept-encoding/i);
        // fetch decodes the body: the same text whichever copy was sent
        expect(await res.text(), p).toBe(p.startsWith('/assets') ? script : html);
      }
    }
    const compressed = await fetch(`${web.url}/assets/big-Chunk1.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-type')).toContain('javascript');
    expect(Number(compressed.headers.get('content-length'))).toBeLessThan(script.length / 10);
  });

  it('unknown /api paths still answer the 404 envelope', async () => {
    for (const p of ['/api/nope', '/API/Nope', '/api']) {
      const res = await fetch(`${web.url}${p}`);
      expect(res.status, p).toBe(404);
      expectFailure(await res.json(), 'Not found');
    }
    expect((await web.call('GET', '/health')).status).toBe(200);
  });

  it('the fallback and the built files carry the security headers', async () => {
    for (const p of ['/members-management', '/assets/index-DiwrgTda.js']) {
      const res = await fetch(`${web.url}${p}`);
      await res.text();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, p).toContain("frame-ancestors 'none'");
      expect(csp, p).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), p).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers HEAD on a client route', async () => {
    const res = await fetch(`${web.url}/profile/abc`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});

describe("npm start's first build", () => {
  it('says how far it is while Vite works', () => {
    const lines: string[] = [];
    const plugin = buildProgress((line) => lines.push(line), 0);
    const call = (hook: unknown) => (typeof hook === 'function' ? hook : (hook as { handler: () => void }).handler).call({} as never);
    for (let i = 0; i < 3; i++) call(plugin.transform);
    call(plugin.renderStart);
    call(plugin.writeBundle);
    call(plugin.closeBundle);
    expect(lines[0]).toMatch(/^ {2}1 files read \(\d+ s\)$/);
    expect(lines[2]).toMatch(/^ {2}3 files read/);
    expect(lines.slice(3)).toEqual([
      expect.stringMatching(/3 files read; writing the bundles/),
      expect.stringMatching(/bundles written; compressing them/),
      expect.stringMatching(/^ {2}built in \d+ s$/),
    ]);
  });
});
