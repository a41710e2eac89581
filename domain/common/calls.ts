import type { z, ZodType } from 'zod';

/*
 * One call of the API, declared once: its method, its path under /api, the zod schemas of its
 * query and body, and the type of the data its envelope answers. The server's route and the
 * web app's endpoint both take it, so neither spells the method or the path again.
 */

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

declare const RESPONSE: unique symbol;

/** The type of the envelope's `data` a call answers; a type only, it holds nothing at run time. */
export type ResponseType<T> = { readonly [RESPONSE]?: T };

/** Names a call's response type: `response: responseType<UserRecord>()`. */
export const responseType = <T>(): ResponseType<T> => ({});

type Schema = ZodType | undefined;

export type Call<
  M extends CallMethod = CallMethod,
  P extends string = string,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R = unknown,
> = {
  readonly method: M;
  /**
   * Under /api, spelt as the server declares it (the server matches paths whatever their letter
   * case). A segment `:name` is a path parameter, filled by pathOf.
   */
  readonly path: P;
  readonly query: Q;
  readonly body: B;
  /** The body is multipart/form-data, read by the handler itself: no body schema. */
  readonly multipart: boolean;
  readonly response: ResponseType<R>;
};

/** A call of any types, as lists of calls hold them (each keeps its own types where it is declared). */
export type AnyCall = Call;

type CallDeclaration<M, P, Q, B, R> = {
  method: M;
  path: P;
  query?: Q;
  body?: B;
  multipart?: boolean;
  /** Left out while the answer has no shared record type: the data is then unknown. */
  response?: ResponseType<R>;
};

/** Declares one call, keeping its method, path and schemas as literal types. */
export function defineCall<
  const M extends CallMethod,
  const P extends `/${string}`,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R = unknown,
>(declaration: CallDeclaration<M, P, Q, B, R>): Call<M, P, Q, B, R> {
  const { method, path, query, body, multipart = false, response = {} } = declaration;
  return Object.freeze({ method, path, query: query as Q, body: body as B, multipart, response });
}

type Parsed<S> = S extends ZodType ? z.output<S> : undefined;
type Sent<S> = S extends ZodType ? z.input<S> : undefined;

/** The query as the handler reads it, parsed by the call's schema. */
export type QueryOf<C extends AnyCall> = Parsed<C['query']>;
/** The body as the handler reads it, parsed by the call's schema. */
export type BodyOf<C extends AnyCall> = Parsed<C['body']>;
/** The query as a client sends it. */
export type QueryInputOf<C extends AnyCall> = Sent<C['query']>;
/** The body as a client sends it. */
export type BodyInputOf<C extends AnyCall> = Sent<C['body']>;
/** The envelope's data the call answers. */
export type ResponseOf<C extends AnyCall> = C['response'] extends ResponseType<infer R> ? R : never;

type SegmentParam<S extends string> = S extends `:${infer Name}` ? Name : never;

/** The names of a path's `:name` segments: PathParams<'/Event/:id/Report/:day'> is 'id' | 'day'. */
export type PathParams<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? SegmentParam<Head> | PathParams<Rest>
  : SegmentParam<P>;

type ParamValue = string | number;

/** pathOf's arguments after the call: the parameters when the path has any. */
type PathArgs<P extends string> = [PathParams<P>] extends [never]
  ? [params?: Record<string, never>]
  : [params: Record<PathParams<P>, ParamValue>];

/**
 * The call's path with each `:name` segment filled, URL-encoded: pathOf(call, { id: 'a/b' })
 * gives '/Thing/a%2Fb'. A parameter without a value (missing, null or empty) throws, since the
 * path it would make belongs to no call.
 */
export function pathOf<const P extends string>(call: { readonly path: P }, ...[params]: PathArgs<P>): string {
  const values = (params ?? {}) as Record<string, ParamValue | null | undefined>;
  return call.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const value = values[name];
      if (value === undefined || value === null || String(value) === '') throw new Error(`${call.path}: no value for :${name}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}

/** What two calls must not share: the method and the path without regard to letter case, as the server matches them. */
export const callKey = (call: Pick<AnyCall, 'method' | 'path'>): string => `${call.method} ${call.path.toLowerCase()}`;
