import type { OutboxOptions } from './outbox.js';
import path from 'node:path';

export type AppConfig = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  adminEmail: string;
  adminPassword?: string;
  seedDemo?: boolean;
  demoPassword?: string;
  smtpUrl?: string;
  appName: string;
  /** Folder of the built web app; unset: the API only. */
  webRoot?: string;
  /** scrypt cost as log2(N); the default is the architecture's N = 2^17. */
  scryptLog2N: number;
  /** Requests per minute per address on the login, OTP and reset calls. */
  authRateLimit: number;
  tokenTtlSeconds: number;
  logLevel: string;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed,
   * so rate limits and audit rows see the real client: true, a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** AUDIT_RETENTION_DAYS: audit rows older than this move to audit_logs_archive daily; unset: kept forever. */
  auditRetentionDays?: number;
  /** Where the JSON log lines go; unset: standard output. Tests read the log through it. */
  logStream?: { write(line: string): void };
  /** Tuning of the mail outbox's worker (server/outbox.ts); tests make it quick. Unset: its defaults. */
  outbox?: Partial<Pick<OutboxOptions, 'batchSize' | 'idleMs' | 'leaseMs' | 'retryBaseMs' | 'maxAttempts'>>;
};

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** TRUST_PROXY as Fastify takes it: unset or false, none; true, every proxy; a number, that many hops; else addresses. */
function trustProxyOf(value: string | undefined): boolean | number | string {
  const trimmed = (value ?? '').trim();
  if (!trimmed || /^(false|0|no|off)$/i.test(trimmed)) return false;
  if (/^(true|yes|on)$/i.test(trimmed)) return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

/** A whole number of days, 1 or more; anything else would silently keep or drop the trail, so it stops the start. */
function retentionOf(value: string | undefined): number | undefined {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return undefined;
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1)
    throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days, 1 or more (got '${trimmed}')`);
  return Number(trimmed);
}

/** Reads the environment variables README.md documents. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    jwtSecret: env.JWT_SECRET || undefined,
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.org').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: flag(env.SEED_DEMO),
    demoPassword: env.DEMO_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    appName: env.APP_NAME || 'Flock',
    webRoot: path.resolve('dist'),
    scryptLog2N: 17,
    authRateLimit: Number(env.AUTH_RATE_LIMIT || 300),
    tokenTtlSeconds: 8 * 3600,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    auditRetentionDays: retentionOf(env.AUDIT_RETENTION_DAYS),
  };
}
