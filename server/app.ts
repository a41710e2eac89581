import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LOGIN_SHELL_SCRIPT } from '@/domain/auth/loginShell.js';
import { isWebRoute } from '@/domain/common/webRoutes.js';
import { registerBackups } from './backup/schedule.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { recordSecurityEvent } from './http/audit.js';
import { failure, registerErrorHandler } from './http/errors.js';
import { registerHeldRefusals } from './http/heldRefusals.js';
import { registerJsonParser } from './http/jsonBody.js';
import { registerMetrics } from './http/metrics.js';
import { registerRequestIdHeader, requestIdOf } from './http/requestId.js';
import { databaseRateLimitStore } from './http/rateLimitStore.js';
import { buildOpenApi } from './http/openapi.js';
import { createServices } from './services.js';
import { scheduleCounterCleanup } from './sharedCounters.js';
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
    // Read by requestIdOf, which vets the incoming header, rather than Fastify's, which takes any.
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  registerRequestIdHeader(app);
  registerJsonParser(app);
  app.decorate('services', await createServices(config, database, app.log));
  // Before the routes, so its hook counts every one of them.
  registerMetrics(app);
  // The outbox's worker runs while the app does; it stops (its batch finished) before the mailer closes.
  app.addHook('onReady', async () => app.services.outbox.start());
  app.addHook('onClose', async () => {
    await app.services.outbox.stop();
    await app.services.mailer.close();
  });

  // The security headers, computed once: @fastify/helmet rebuilt helmet's middleware (parsing
  // the CSP directives again) on every request, a few per cent of each API call's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's one inline script, by its hash: it shows the static login form before any bundle.
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(LOGIN_SHELL_SCRIPT).digest('base64')}'`],
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
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  app.addHook('onSend', async (request, reply) => {
    // API answers hold personal data: no browser or proxy keeps them.
    if (/^\/api(?:[/?#]|$)/i.test(request.url)) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  registerHeldRefusals(app, config.refusalHoldMs);
  app.decorateRequest('caller', null);
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL the servers count together (0217); the embedded database's one process counts in memory.
    ...(database.kind === 'postgres' && { store: databaseRateLimitStore(database.db) }),
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
  registerBackups(app);
  scheduleCounterCleanup(app);

  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApi(app.services.routes, config.appName) as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerWebApp(app, config.webRoot);
  return app;
}

/** Vite's content-hashed build output: a file there never changes under its name. */
const ASSETS = /^\/assets\//i;

/**
 * Serves the built web app. The build writes .br and .gz beside every text file
 * (scripts/buildPlugins.ts), sent to browsers that take them. Hashed assets are cached for a
 * year; index.html is checked on every load, so a new build reaches every phone at once.
 */
function registerWebApp(app: FastifyInstance, webRoot?: string) {
  const hasWeb = !!webRoot && fs.existsSync(path.join(webRoot, 'index.html'));
  // wildcard: files are looked up per request, so a rebuild while the server runs is served too.
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webRoot!,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const inAssets = path.relative(webRoot!, filePath).split(path.sep)[0] === 'assets';
        reply.header('cache-control', inAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split(/[?#]/)[0];
    // /api and everything under it is the API; /apiary would be a client route.
    const isApi = /^\/api(?:\/|$)/i.test(pathname);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && opensTheApp(pathname)) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(failure(request, 'Not found'));
  });
}

/**
 * Whether a path the files do not hold reloads into the app: every address of the web app does
 * (its parameters may hold dots), a missing asset or other file never, and any other path opens
 * the app's own not-found page.
 */
function opensTheApp(pathname: string): boolean {
  if (isWebRoute(pathname)) return true;
  return !ASSETS.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
}
