import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { recordSecurityEvent } from './http/audit.js';
import { registerErrorHandler } from './http/errors.js';
import { registerJsonParser } from './http/jsonBody.js';
import { buildOpenApi } from './http/openapi.js';
import { createServices } from './services.js';
import { modules } from './modules/index.js';

/** Log redaction: no token, password or one-time password ever reaches the log. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.currentPassword', '*.otp', '*.token'];

/** The largest JSON body any call takes (a bulk conversion of the most first-timers allowed). */
const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the Fastify app over an open database; tests build their own with their own config. */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // JSON calls are small; the avatar upload (multipart) has its own limit.
    bodyLimit: JSON_BODY_LIMIT,
    // A union here would defeat Fastify's overloads, so the one setting is narrowed to its type.
    trustProxy: config.trustProxy as boolean,
  });
  registerJsonParser(app);
  app.decorate('services', await createServices(config, database, app.log));
  app.addHook('onClose', async () => app.services.mailer.close());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Flock is served over plain HTTP by default (http://127.0.0.1:8080, or a LAN address):
        // helmet's default upgrade-insecure-requests would send the browser to https for every
        // script and style and leave a blank page. TLS, where used, sits in front of the server.
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Sent below, only over https: over plain http it would pin a LAN address to a TLS it does not have.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers hold personal data: no browser or proxy keeps them.
    if (/^\/api(?:[/?#]|$)/i.test(request.url)) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  app.decorateRequest('caller', null);
  await app.register(rateLimit, {
    global: false,
    onExceeded: (request) =>
      void recordSecurityEvent(
        database.db,
        { action: 'rate-limited', entity: 'route', entityId: `${request.method} ${request.routeOptions.url}` },
        {
          actorId: null,
          ip: request.ip,
        },
      ).catch((err) => request.log.error({ err }, 'could not record a rate-limit hit')),
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  registerErrorHandler(app);

  for (const mod of modules) await app.register(mod);

  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApi(app.services.routes, config.appName) as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerWebApp(app, config.webRoot);
  return app;
}

/** Serves the built web app; client routes fall back to index.html so deep links reload. */
function registerWebApp(app: FastifyInstance, webRoot?: string) {
  const index = webRoot && path.join(webRoot, 'index.html');
  const hasWeb = !!index && fs.existsSync(index);
  // wildcard: files are looked up per request, so a rebuild while the server runs is served too.
  if (hasWeb) app.register(fastifyStatic, { root: webRoot!, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    // /api and everything under it is the API; /apiary would be a client route.
    const isApi = /^\/api(?:[/?#]|$)/i.test(request.url);
    // A missing file (a path ending in an extension, e.g. an old chunk) is a 404, not the app.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split(/[?#]/)[0]);
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index!));
    }
    return reply.status(404).send({ succeeded: false, message: 'Not found' });
  });
}
