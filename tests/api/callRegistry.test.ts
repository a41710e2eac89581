/**
 * The API contract, checked from both sides against the server the tests build:
 * - every call the web app's endpoint table makes is a route the server registers (route()'s
 *   registry, which the OpenAPI document lists), with the same method;
 * - every route the server serves under /api is declared in a domain/<area>/calls.ts, but
 *   swagger-ui's own files, spelled out below;
 * - every declared call is served, so the web's direct downloads (fetchFile with a declared
 *   call) and any call the web names later are there too.
 * Paths compare without regard to letter case, as the server matches them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { callKey, type CallMethod } from '@/domain/common/calls.js';
import { callsOf, type Endpoint, type EndpointTable } from '@/src/dataProvider/endpoints';
import { ENDPOINTS } from '@/src/endpoints';
import { DECLARED_CALLS } from '@/tests/support/declaredCalls.js';
import { startServer } from '@/tests/support/server.js';

/**
 * What @fastify/swagger-ui serves under /api/docs beside the document (/docs and /docs/json,
 * which healthCalls declare): its page's files and the document as YAML.
 */
const SWAGGER_UI_FILES = ['/docs/yaml', '/docs/static/index.html', '/docs/static/swagger-initializer.js', '/docs/*'];

type Served = { method: string; path: string };

/**
 * Every method and path the app serves, read from Fastify's route tree (printRoutes without
 * common prefixes: one line per node, four columns of indent per level, a node's segment
 * followed by its methods when it is a route; a wildcard is printed without its slash).
 */
function servedRoutes(app: FastifyInstance): Served[] {
  const served: Served[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    prefixes.length = depth;
    const parent = prefixes[depth - 1] ?? '';
    const path = parent + (match[2] === '*' && !parent.endsWith('/') ? '/*' : match[2]);
    prefixes[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) served.push({ method, path });
  }
  return served;
}

/** The web app's calls: each endpoint of the table, named by its resource and method. */
const webCalls = Object.entries<EndpointTable[string]>(ENDPOINTS).flatMap(([resource, { custom, ...standard }]) =>
  Object.entries<Endpoint>({ ...standard, ...custom }).flatMap(([name, endpoint]) =>
    callsOf(endpoint).map((call) => ({ name: `${resource}.${name}`, call })),
  ),
);

const s = await startServer();
afterAll(async () => {
  await s.close();
});

const registered = new Set(s.app.services.routes.map((r) => callKey({ method: r.method, path: r.url })));
const declared = new Set(DECLARED_CALLS.map(callKey));
const underApi = servedRoutes(s.app)
  .filter(({ method, path }) => method !== 'HEAD' && /^\/api\//i.test(path))
  .map(({ method, path }) => ({ method: method as CallMethod, path: path.slice('/api'.length) }));

describe('the calls the web app makes', () => {
  it('are a few hundred, read from the endpoint table', () => {
    expect(webCalls.length).toBeGreaterThan(200);
  });

  it('are each a route the server registers, with the same method', () => {
    const unknown = webCalls.filter(({ call }) => !registered.has(callKey(call)));
    expect(unknown.map(({ name, call }) => `${name}: ${call.method} ${call.path}`)).toEqual([]);
  });
});

describe('the routes the server serves under /api', () => {
  it('are read from its route tree, route()’s registry among them', () => {
    const served = new Set(underApi.map(callKey));
    expect([...registered].filter((key) => !served.has(key))).toEqual([]);
  });

  it('are each declared in a domain/<area>/calls.ts, but swagger-ui’s own files', () => {
    const exceptions = new Set(SWAGGER_UI_FILES.map((path) => callKey({ method: 'GET', path })));
    const undeclared = underApi.map(callKey).filter((key) => !declared.has(key) && !exceptions.has(key));
    expect(undeclared).toEqual([]);
  });

  it('include every declared call', () => {
    const served = new Set(underApi.map(callKey));
    expect(DECLARED_CALLS.filter((call) => !served.has(callKey(call))).map(callKey)).toEqual([]);
  });
});
