import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import type { AnyCall, BodyOf, CallMethod, QueryOf } from '@/domain/common/calls.js';
import type { Services } from '@/server/services.js';
import type { Tx } from '@/server/db/client.js';
import { type Access, type Caller, checkAccess } from './access.js';
import { badRequest, unauthorized } from './errors.js';
import { recordAudit, type AuditEntry } from './audit.js';
import { JsonEnvelope, type Envelope } from './envelope.js';

export type RouteContext<B, Q> = {
  body: B;
  query: Q;
  caller: Caller | null;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Runs fn in one transaction together with the audit rows it records. */
  mutate<T>(fn: (tx: Tx, audit: (entry: AuditEntry) => void) => Promise<T>): Promise<T>;
};

type Handler<B, Q> = (ctx: RouteContext<B, Q>) => Promise<Envelope | JsonEnvelope | void>;

/**
 * A route as the server registers it and the OpenAPI document lists it: its call's method,
 * path (the url, under /api) and schemas, with what route() adds.
 */
export type RouteDef<B = unknown, Q = unknown> = {
  method: CallMethod;
  /** Path under /api, as the call spells it. */
  url: string;
  summary: string;
  tag: string;
  access: Access;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /** Login, OTP and reset calls: limited per address (429). */
  rateLimited?: boolean;
  /** Multipart bodies are read by the handler itself. */
  multipart?: boolean;
  /** Bytes of body allowed, when more than the app's small default (bulk calls). */
  bodyLimit?: number;
  handler: Handler<B, Q>;
};

/** A route of any input types, as lists of routes hold them (each keeps its own types where it is declared). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the erasure point for heterogeneous route lists
export type AnyRouteDef = RouteDef<any, any>;

/** Every route declared in this process, for the OpenAPI document and the matrix test. */
export type RegisteredRoute = Pick<RouteDef, 'method' | 'url' | 'summary' | 'tag' | 'access' | 'body' | 'query' | 'multipart'>;

/** The query the handler reads: the call's, or else the one the route gives. */
type QueryIn<C extends AnyCall, Q> = C['query'] extends ZodType ? QueryOf<C> : Q;

/**
 * What a route says beside its call: how it is documented, who may make it, and what it does.
 * The method, path, body schema (or multipart) and query schema are the call's. `query` is
 * allowed only where the call declares none, and only for these, whose query the server still
 * builds because its filters name server columns:
 * - the list queries of engines/list.ts's listQuery (paging, sort, search and the list's own
 *   filters): the member list's, crud's and scopedReads' lists and each module's lists;
 * - the audit trail's filters (GetAllAudit, ExportAudit), built in auditTrail/query.ts;
 * - crud's { id } query of Delete and GetById, for the lookup lists whose calls declare none.
 */
export type RouteSpec<C extends AnyCall, Q> = {
  call: C;
  summary: string;
  tag: string;
  access: Access;
  query?: C['query'] extends ZodType ? never : ZodType<Q>;
  rateLimited?: boolean;
  bodyLimit?: number;
  handler: Handler<BodyOf<C>, QueryIn<C, Q>>;
};

/**
 * A route of one declared call (domain/<area>/calls.ts): the method, path, body schema (or
 * multipart) and query schema come from the call, the handler typed by them.
 */
export function route<C extends AnyCall, Q = undefined>(spec: RouteSpec<C, Q>): RouteDef<BodyOf<C>, QueryIn<C, Q>> {
  const { call, query, ...rest } = spec;
  return {
    ...rest,
    method: call.method,
    url: call.path,
    body: call.body as ZodType<BodyOf<C>> | undefined,
    query: (call.query ?? query) as ZodType<QueryIn<C, Q>> | undefined,
    multipart: call.multipart || undefined,
  };
}

/** Renames input keys to the schema's own spelling, ignoring case: parameter names match without case. */
function alignKeys(schema: ZodType | undefined, input: unknown): unknown {
  if (!(schema instanceof z.ZodObject) || !input || typeof input !== 'object' || Array.isArray(input)) return input;
  const byLower = new Map(Object.keys(schema.shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === '' || value === null || value === undefined) continue; // empty parameters are ignored
    out[byLower.get(key.toLowerCase()) ?? key] = value;
  }
  return out;
}

/** The first field (dotted path) holding a string with a NUL character, which PostgreSQL text cannot store. */
function fieldWithNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNul(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

function refuseNul(...inputs: unknown[]) {
  for (const input of inputs) {
    const field = fieldWithNul(input);
    if (field) throw badRequest(`${field} must not contain a NUL character`, { [field]: ['Must not contain a NUL character'] });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, resolved before the body is read; null on public routes. */
    caller: Caller | null;
  }
}

export function registerRoutes(app: FastifyInstance, routes: AnyRouteDef[]) {
  for (const def of routes) {
    const isPublic = 'public' in def.access;
    app.services.routes.push(def);
    app.route({
      method: def.method,
      url: `/api${def.url}`,
      bodyLimit: def.bodyLimit,
      config: def.rateLimited ? { rateLimit: { max: app.services.config.authRateLimit, timeWindow: '1 minute' } } : {},
      // The token is checked before the body is read, so a client without one cannot make the server parse anything.
      onRequest: async (request) => {
        if (isPublic) return;
        const caller = await app.services.sessions.callerOf(request);
        if (!caller) throw unauthorized();
        request.caller = caller;
      },
      handler: async (request, reply) => {
        const caller = request.caller;
        const rawQuery = alignKeys(def.query, request.query ?? {}) as Record<string, unknown>;
        const rawBody = def.multipart ? {} : alignKeys(def.body, request.body ?? {});
        const bodyInput = rawBody && typeof rawBody === 'object' && !Array.isArray(rawBody) ? (rawBody as Record<string, unknown>) : {};
        checkAccess(def.access, caller, bodyInput, rawQuery);
        refuseNul(rawQuery, rawBody);
        const query = def.query ? def.query.parse(rawQuery) : rawQuery;
        const body = def.body ? def.body.parse(rawBody) : rawBody;
        const ctx: RouteContext<unknown, unknown> = {
          body,
          query,
          caller,
          services: app.services,
          request,
          reply,
          mutate: (fn) =>
            app.services.database.db.transaction(async (tx) => {
              const entries: AuditEntry[] = [];
              const result = await fn(tx, (e) => entries.push(e));
              await recordAudit(tx, entries, { actorId: caller?.id ?? null, ip: request.ip });
              return result;
            }),
        };
        const result = await def.handler(ctx);
        if (result instanceof JsonEnvelope) return reply.type('application/json; charset=utf-8').send(result.text);
        return result ?? reply;
      },
    });
  }
}
