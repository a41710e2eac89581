import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { recordSecurityEvent } from './audit.js';
import { languageOfRequest, translateErrors, translateMessage } from './serverMessages.js';
import { ZodError } from 'zod';
import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/domain/common/languages.js';
import { isConnectionError } from '@/server/db/connectionErrors.js';
import { users } from '@/server/db/schema/index.js';

/** An error whose status and message are meant for the client (the failure envelope's message). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    /** Headers the answer carries, such as Retry-After on a 429 or 503. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new ApiError(400, message, errors);
/**
 * What a 401 says is wrong with the caller's token (the web app shows 'Token expired' for any
 * 401, as the specification asks; the message is for other clients and for support).
 */
export const TOKEN_PROBLEM = {
  missing: 'Sign-in required: send the token from Login as Authorization: Bearer <token>',
  malformed: 'Invalid token: the Authorization header must read Bearer <token>',
  invalid: 'Invalid token: it was not issued by this server or has been altered; sign in again',
  expired: 'Token expired',
  revoked: 'Token revoked (signed out, password changed or account disabled); sign in again',
} as const;
export const unauthorized = (problem: keyof typeof TOKEN_PROBLEM = 'missing') => new ApiError(401, TOKEN_PROBLEM[problem]);
export const forbidden = (message = 'You are not authorised') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** The PostgreSQL error behind a failed query (drizzle wraps it in DrizzleQueryError.cause). */
function pgErrorOf(err: unknown): { code?: string; constraint?: string } | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; constraint?: string };
  }
  return undefined;
}

/** True when the database refused a value as malformed for its type (SQLSTATE class 22). */
export function isDataException(err: unknown): boolean {
  return pgErrorOf(err)?.code?.startsWith('22') ?? false;
}

/** True when err is a unique-index violation (of that index, when named). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/**
 * What the log keeps of an internal error. A failed drizzle query carries its parameters in its
 * message (password hashes, OTP hashes, personal data): the log gets the query text and the
 * database's own error instead.
 */
function loggable(err: unknown): unknown {
  const e = err as { query?: unknown; params?: unknown; cause?: unknown };
  if (e && typeof e.query === 'string' && 'params' in e) {
    const cause = e.cause as { message?: string; code?: string } | undefined;
    return { type: 'DrizzleQueryError', query: e.query, cause: { message: cause?.message, code: cause?.code } };
  }
  return err;
}

/** Per-field messages of a zod failure, keyed by the dotted path. */
function fieldErrors(err: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** A signed-in caller refused a call: the trail keeps who tried what, from where. */
async function recordRefusal(app: FastifyInstance, request: FastifyRequest) {
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  await recordSecurityEvent(
    app.services.database.db,
    { action: 'refused', entity: 'route', entityId: route },
    {
      actorId: request.caller!.id,
      ip: request.ip,
    },
  ).catch((err) => request.log.error({ err: loggable(err) }, 'could not record a refusal'));
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable right now; please try again in a moment';

/**
 * The failure envelope: the message (and field errors), and the request id that finds the call's
 * log lines (the legacy contract's envelope plus one field, docs/decisions/0218: clients that do not know it ignore it).
 */
/** Every failure answer, its messages in the caller's language (server/http/serverMessages.ts). */
export function failure(
  request: FastifyRequest,
  message: string,
  errors?: Record<string, string[]>,
  language: LanguageCode = languageOfRequest(request),
) {
  const translated = translateErrors(errors, language);
  return {
    succeeded: false as const,
    message: translateMessage(message, language),
    ...(translated && { errors: translated }),
    requestId: request.id,
  };
}

/**
 * The language a refusal is written in: a signed-in caller's own (users.language, which the
 * screens speak after sign-in), else the browser's Accept-Language; English when the database
 * cannot say (docs/decisions/0231-mail-frame-and-server-language.md).
 */
async function refusalLanguage(app: FastifyInstance, request: FastifyRequest): Promise<LanguageCode> {
  if (!request.caller) return languageOfRequest(request);
  const [row] = await app.services.database.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, request.caller.id))
    .catch(() => []);
  return isLanguageCode(row?.language) ? row.language : DEFAULT_LANGUAGE;
}

/** The one error handler: the failure envelope, and nothing internal (stack, SQL) ever leaves. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | ApiError | ZodError, request, reply) => {
    if (error instanceof ZodError) {
      const errors = fieldErrors(error);
      const first = Object.values(errors)[0]?.[0];
      return reply.status(400).send(failure(request, first ?? 'Invalid request', errors, await refusalLanguage(app, request)));
    }
    if (error instanceof ApiError) {
      if (error.status === 403 && request.caller) await recordRefusal(app, request);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(failure(request, error.message, error.errors, await refusalLanguage(app, request)));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? 'Too many requests, please try again later' : clientMessage(error as FastifyError);
      return reply.status(status).send(failure(request, message));
    }
    // The database is away (restarting, failing over, out of reach): the client may try again.
    if (isConnectionError(error)) {
      request.log.warn({ err: loggable(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(failure(request, DATABASE_UNAVAILABLE));
    }
    // Two requests racing for one unique value: the loser gets the conflict, not an internal error.
    if (isUniqueViolation(error)) return reply.status(409).send(failure(request, 'This record already exists'));
    request.log.error({ err: loggable(error) }, 'request failed');
    return reply.status(500).send(failure(request, 'Something went wrong'));
  });
}

/** Fastify's own 4xx messages are safe, but body-parser ones can echo input: keep them short. */
function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (error.code?.startsWith('FST_ERR_CTP')) return 'The request body is not valid JSON';
  return error.message || 'Bad request';
}
