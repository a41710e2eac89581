import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf } from '@/server/db/queries.js';
import { failure } from './errors.js';

/** Where Prometheus scrapes; beside the API, not under it, as Prometheus expects. */
const METRICS_PATH = '/metrics';

/** Seconds: a quick read to a slow export or a sign-in held by the hash gate. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A call that matched no route: one label value, so random paths cannot grow the series without bound. */
const UNMATCHED = 'unmatched';

/**
 * The route's pattern (/api/people/:id), never the address asked for: ids and query strings
 * stay out of the labels, which keeps the series few and the metrics free of personal data.
 */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED;
}

/** Compares the bearer token in constant time (both hashed first, so their lengths match too). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * /metrics in Prometheus's text format, for the bearer of METRICS_TOKEN (docs/decisions/0218):
 * requests by route pattern and status, their latency, the database's connections and waits,
 * the outbox's depth and age, mail sent and failed, and Node's process metrics. Without the
 * token configured the path answers 404 and nothing is counted. Each app has its own registry:
 * tests run several apps in one process.
 */
export function registerMetrics(app: FastifyInstance) {
  const token = app.services.config.metricsToken;
  if (!token) {
    // Said outright: the web app's fallback would otherwise answer this path with its page.
    app.get(METRICS_PATH, async (request, reply) => reply.status(404).send(failure(request, 'Not found')));
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  countRequests(app, registry);
  watchDatabase(app, registry);
  watchOutbox(app, registry);

  app.get(METRICS_PATH, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(failure(request, 'Invalid token: send METRICS_TOKEN as Authorization: Bearer <token>'));
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

function countRequests(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'flock_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'flock_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

function watchDatabase(app: FastifyInstance, registry: Registry) {
  const { database } = app.services;
  const gauge = (name: string, help: string, read: (load: ReturnType<typeof database.load>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['engine'] as const,
      registers: [registry],
      collect() {
        this.set({ engine: database.kind }, read(database.load()));
      },
    });
  gauge('flock_db_connections', 'Database connections open (PGlite: its one)', (load) => load.connections);
  gauge('flock_db_connections_idle', 'Database connections open and idle', (load) => load.idle);
  gauge('flock_db_waiting', 'Queries waiting for a database connection (PGlite: queued behind the one running)', (load) => load.waiting);
}

function watchOutbox(app: FastifyInstance, registry: Registry) {
  const { database, outbox } = app.services;
  // One query serves both gauges of a scrape: the second reuses a read begun within the second.
  let last: { at: number; read: Promise<{ depth: number; oldest: number } | null> } | undefined;
  const readPending = () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), read: queryPending() };
    return last.read;
  };
  const queryPending = async () => {
    try {
      const result = await database.db.execute(sql`
        select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
        from outbox where category is not null and sent_at is null and failed_at is null`);
      return rowsOf<{ depth: number; oldest: number }>(result)[0];
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'metrics could not read the outbox');
      return null;
    }
  };
  const pendingGauge = (name: string, help: string, pick: (read: { depth: number; oldest: number }) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const read = await readPending();
        if (read) this.set(pick(read));
        else this.reset();
      },
    });
  pendingGauge('flock_outbox_pending', 'Mails in the outbox waiting to be sent (not sent, not given up)', (read) => read.depth);
  pendingGauge(
    'flock_outbox_oldest_pending_age_seconds',
    'Age of the oldest mail waiting in the outbox; 0 when none waits',
    (read) => read.oldest,
  );
  const tallied = (name: string, help: string, read: (tally: ReturnType<typeof outbox.tally>) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read(outbox.tally()));
      },
    });
  tallied('flock_mail_sent_total', 'Mails this server sent', (tally) => tally.sent);
  tallied('flock_mail_failed_total', 'Tries to send a mail that failed (each is retried until the last)', (tally) => tally.failed);
  tallied('flock_mail_given_up_total', 'Mails given up after their last failed try', (tally) => tally.givenUp);
}
