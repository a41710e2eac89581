/**
 * The container files (Dockerfile, compose.yaml, Caddyfile; README 'Running at scale'), which
 * this machine cannot build or start: read and checked for what README promises of them.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { healthCalls } from '@/domain/health/calls.js';

const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
const compose = parse(fs.readFileSync('compose.yaml', 'utf8'), { merge: true });
const caddyfile = fs.readFileSync('Caddyfile', 'utf8');

type Stage = { name: string; from: string; lines: string[] };

/** The Dockerfile's stages, each with its instructions (continuation lines joined). */
function stagesOf(text: string): Stage[] {
  const instructions = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) stages.push({ from: from[1], name: from[2] ?? '', lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

const SERVERS = ['flock-1', 'flock-2'];
/** The keys a Compose service may have that this file uses; a misspelt one would be ignored by nothing, refused by compose. */
const SERVICE_KEYS = ['build', 'image', 'restart', 'environment', 'healthcheck', 'depends_on', 'ports', 'volumes'];
const readyPath = `/api${healthCalls.ready.path}`;
const livePath = `/api${healthCalls.health.path}`;

describe('the Dockerfile', () => {
  const stages = stagesOf(dockerfile);
  const runtime = stages.at(-1)!;

  it('builds in named stages and runs the last, runtime, on Node 20', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'deps', 'runtime']);
    expect(stages.every((s) => s.from === 'node:20-slim')).toBe(true);
  });

  it('builds the web app from the lockfile, and installs only production dependencies for the runtime', () => {
    const [build, deps] = stages;
    expect(build.lines).toContain('RUN npm ci --no-audit --no-fund');
    expect(build.lines).toContain('RUN npx vite build');
    expect(deps.lines).toContain('RUN npm ci --omit=dev --no-audit --no-fund');
  });

  it('holds only the built web app, the server, the domain and the production dependencies', () => {
    const copies = runtime.lines.filter((line) => line.startsWith('COPY'));
    expect(copies).toContain('COPY --from=deps --chown=node:node /app/node_modules ./node_modules');
    expect(copies).toContain('COPY --from=build --chown=node:node /app/dist ./dist');
    const local = copies.filter((line) => !line.includes('--from=')).flatMap((line) => line.split(/\s+/).slice(2, -1));
    expect(local.sort()).toEqual(['domain', 'package.json', 'server', 'tsconfig.json']);
    for (const source of local) expect(fs.existsSync(source)).toBe(true);
    expect(runtime.lines.at(-1)).toBe('CMD ["node", "--import", "tsx", "server/main.ts"]');
  });

  it('runs as a user that is not root', () => {
    const users = runtime.lines.filter((line) => line.startsWith('USER'));
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^USER\s+(root|0)(:|$)/);
    // every instruction after it runs unprivileged: no RUN follows USER
    expect(runtime.lines.slice(runtime.lines.indexOf(users[0])).some((line) => line.startsWith('RUN'))).toBe(false);
  });

  it('checks its health on /api/health and listens on all addresses', () => {
    const check = runtime.lines.find((line) => line.startsWith('HEALTHCHECK'));
    expect(check).toContain(livePath);
    expect(runtime.lines.join('\n')).toMatch(/HOST=0\.0\.0\.0/);
  });

  it('leaves out of its build context nothing the runtime copies', () => {
    const ignored = fs.readFileSync('.dockerignore', 'utf8').split('\n');
    for (const kept of ['server', 'domain', 'src', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts']) {
      expect(ignored).not.toContain(kept);
    }
  });
});

describe('compose.yaml', () => {
  const services: Record<string, Record<string, any>> = compose.services;

  it('has PostgreSQL, two Flock servers and the proxy, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['db', ...SERVERS, 'proxy'].sort());
    for (const [name, service] of Object.entries(services)) {
      expect(
        Object.keys(service).filter((key) => !SERVICE_KEYS.includes(key)),
        name,
      ).toEqual([]);
      expect(service.healthcheck?.test, name).toBeTruthy();
    }
  });

  it('runs both servers from this Dockerfile on the one database, with the secret from the environment', () => {
    for (const name of SERVERS) {
      const server = services[name];
      expect(server.build).toBe('.');
      expect(server.environment.DATABASE_URL).toMatch(/^postgres:\/\/flock:\$\{POSTGRES_PASSWORD[^}]*\}@db:5432\/flock$/);
      expect(server.environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      expect(server.environment.METRICS_TOKEN).toMatch(/^\$\{METRICS_TOKEN/);
      expect(server.depends_on.db).toEqual({ condition: 'service_healthy' });
      expect(server.healthcheck.test.join(' ')).toContain(`http://127.0.0.1:8080${readyPath}`);
    }
  });

  it('believes the proxy in front and nothing else: TRUST_PROXY is one hop, and only the proxy publishes ports', () => {
    for (const name of SERVERS) {
      expect(services[name].environment.TRUST_PROXY).toBe('1');
      expect(services[name].ports).toBeUndefined();
    }
    expect(services.db.ports).toBeUndefined();
    expect(services.proxy.ports).toEqual(['80:80', '443:443']);
  });

  it('puts Caddy in front of both servers, sending calls only to a ready one', () => {
    expect(services.proxy.image).toMatch(/^caddy:/);
    expect(services.proxy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(new RegExp(`reverse_proxy ${SERVERS.map((s) => `${s}:8080`).join(' ')} \\{`));
    expect(caddyfile).toContain(`health_uri ${readyPath}`);
    expect(caddyfile).toContain('respond /metrics 404');
  });

  it('runs PostgreSQL with its data on a volume and its password from the environment', () => {
    expect(services.db.image).toMatch(/^postgres:\d+$/);
    expect(services.db.environment.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(services.db.volumes).toEqual(['db-data:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes)).toContain('db-data');
  });
});
