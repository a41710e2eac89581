import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id arrives in (from a proxy or a client) and leaves in. */
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is short and plain (letters, digits, . _ : -): it goes
 * into every log line of the request and back to the client, so nothing else may ride in on it.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's genReqId: the proxy's or client's X-Request-Id when safe, else a new UUID. Fastify
 * puts it in every log line of the request (reqId), so a user's complaint that quotes it finds its lines.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer says its request id, refusals and errors included (the first hook, before any can answer). */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
