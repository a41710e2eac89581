/**
 * What an operator watches (docs/decisions/0218): /metrics behind METRICS_TOKEN, the request id
 * in the log, the answer's header and every failure envelope, readiness apart from liveness, and
 * the Grafana dashboard's queries against the metrics the server really exports.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/queries.js';
import { startServer, startSibling, type TestServer } from '@/tests/support/server.js';

const METRICS_TOKEN = 'metrics-token-for-the-test-1234';

const s = await startServer();
const lines: string[] = [];
const watched = await startSibling(s, {
  metricsToken: METRICS_TOKEN,
  logLevel: 'info',
  logStream: { write: (line) => void lines.push(line) },
});
afterAll(async () => {
  await watched.close();
  await s.close();
});

async function scrape(server: TestServer, authorization?: string) {
  const res = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The sample lines of one metric in a scrape (its name followed by labels or a space). */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('/metrics', () => {
  it('is not served without METRICS_TOKEN configured', async () => {
    const res = await scrape(s, `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(404);
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect((await scrape(watched)).status).toBe(401);
    expect((await scrape(watched, 'Bearer not-the-token')).status).toBe(401);
    expect((await scrape(watched, METRICS_TOKEN)).status).toBe(401);
  });

  it('counts calls by route pattern and status, with no id or query in a label', async () => {
    const id = randomUUID();
    const token = await watched.login('admin@example.org');
    expect((await watched.call('GET', `/Appointment/GetById?id=${id}`, { token })).status).toBe(404);
    expect((await watched.call('GET', `/no-such-call/${id}`)).status).toBe(404);
    const res = await scrape(watched, `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    expect(samples(res.text, 'flock_http_requests_total')).toContainEqual(
      'flock_http_requests_total{method="GET",route="/api/Appointment/GetById",status_code="404"} 1',
    );
    expect(samples(res.text, 'flock_http_requests_total')).toContainEqual(
      'flock_http_requests_total{method="GET",route="unmatched",status_code="404"} 1',
    );
    expect(samples(res.text, 'flock_http_request_duration_seconds_count')).toContainEqual(
      'flock_http_request_duration_seconds_count{method="GET",route="/api/Appointment/GetById"} 1',
    );
    expect(res.text).not.toContain(id);
    expect(res.text).not.toContain('?');
  });

  it('reports the database connections, the outbox and the mail, and Node’s own metrics', async () => {
    const res = await scrape(watched, `Bearer ${METRICS_TOKEN}`);
    const engine = s.database.kind;
    expect(samples(res.text, 'flock_db_connections')).toEqual([
      expect.stringMatching(new RegExp(`^flock_db_connections\\{engine="${engine}"\\} [1-9]`)),
    ]);
    expect(samples(res.text, 'flock_db_waiting')).toEqual([`flock_db_waiting{engine="${engine}"} 0`]);
    const depth = rowsOf<{ n: number }>(
      await s.database.db.execute(
        sql`select count(*)::int as n from outbox where category is not null and sent_at is null and failed_at is null`,
      ),
    )[0].n;
    expect(samples(res.text, 'flock_outbox_pending')).toEqual([`flock_outbox_pending ${depth}`]);
    expect(samples(res.text, 'flock_outbox_oldest_pending_age_seconds')).toHaveLength(1);
    expect(samples(res.text, 'flock_mail_sent_total')).toEqual(['flock_mail_sent_total 0']);
    expect(samples(res.text, 'flock_mail_failed_total')).toEqual(['flock_mail_failed_total 0']);
    expect(samples(res.text, 'process_cpu_seconds_total')).toHaveLength(1);
    expect(samples(res.text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('never logs the token', async () => {
    await scrape(watched, `Bearer ${METRICS_TOKEN}`);
    expect(lines.some((line) => line.includes('/metrics'))).toBe(true);
    expect(lines.join('\n')).not.toContain(METRICS_TOKEN);
  });
});

describe('the request id', () => {
  it('is in the answer’s X-Request-Id, in a failure envelope and in the log lines of the call', async () => {
    const res = await watched.call('GET', '/Appointment/GetById?id=not-a-uuid', { token: await watched.login('admin@example.org') });
    expect(res.status).toBe(400);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toMatchObject({ succeeded: false, requestId: id });
    const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('takes a safe incoming X-Request-Id and replaces an unsafe one', async () => {
    const safe = 'proxy-7f3a9c21:0042';
    const kept = await watched.call('GET', '/no-such-call', { headers: { 'x-request-id': safe } });
    expect(kept.headers.get('x-request-id')).toBe(safe);
    expect(kept.body).toEqual({ succeeded: false, message: 'Not found', requestId: safe });
    for (const unsafe of ['a b<script>', 'x'.repeat(129), 'short']) {
      const replaced = await watched.call('GET', '/no-such-call', { headers: { 'x-request-id': unsafe } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(replaced.body.requestId).toBe(replaced.headers.get('x-request-id'));
    }
  });

  it('is in successful answers’ header too', async () => {
    const res = await s.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness', () => {
  it('is ready when the database takes writes and every migration is applied', async () => {
    const res = await s.call('GET', '/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ready', database: s.database.kind, migrated: true, writable: true });
    // the probe's write was rolled back
    const probes = rowsOf(await s.database.db.execute(sql`select 1 from heartbeat where id = 0`));
    expect(probes).toEqual([]);
  });

  it('answers 503 with the reason while a migration is pending', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const [row] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await s.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning id, hash, created_at`,
      ),
    );
    try {
      const res = await s.call('GET', '/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ succeeded: false, message: expect.stringMatching(/^Migrations pending/) });
      expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
      // liveness does not depend on it
      expect((await s.call('GET', '/health')).status).toBe(200);
    } finally {
      await s.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await s.call('GET', '/health/ready')).status).toBe(200);
  });
});

describe('the Grafana dashboard (docs/operations/grafana-dashboard.json)', () => {
  it('queries only metrics the server exports', async () => {
    const dashboard = JSON.parse(fs.readFileSync('docs/operations/grafana-dashboard.json', 'utf8'));
    const exprs: string[] = dashboard.panels.flatMap((panel: { targets?: { expr: string }[] }) => (panel.targets ?? []).map((t) => t.expr));
    expect(exprs.length).toBeGreaterThan(8);
    const queried = new Set(exprs.flatMap((expr) => expr.match(/\b(?:flock|process|nodejs)_[a-z_]+\b/g) ?? []));
    const exported = new Set(
      (await scrape(watched, `Bearer ${METRICS_TOKEN}`)).text
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => /^[a-z_:]+/.exec(line)![0]),
    );
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
  });
});
