import type { SmtpLimits } from './mail.js';
import type { OutboxOptions } from './outbox.js';
import os from 'node:os';
import path from 'node:path';
import type { HashGateLimits } from './modules/auth/hashGate.js';
import { OWASP_ARGON2ID, type PasswordCost } from './modules/auth/passwords.js';

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
  /** SMTP_CONNECTIONS and SMTP_RATE: connections kept open to the mail server, and mails a second at most (unset: as fast as it takes them). */
  smtp: SmtpLimits;
  appName: string;
  /**
   * PUBLIC_URL: the address people open Flock at (https://flock.example.org), for the links mails
   * carry; unset: a mail sent while answering a request links to the address that request came
   * to, and the others carry no link (docs/decisions/0237).
   */
  publicUrl?: string;
  /** Folder of the built web app; unset: the API only. */
  webRoot?: string;
  /** argon2id cost of new password hashes; the default is OWASP's m = 19 MiB, t = 2, p = 1 (0197). */
  passwordCost: PasswordCost;
  /** How many password hashes run at once, wait, and may come from one address (hashGate.ts). */
  hashGate: HashGateLimits;
  /** Requests per minute per address on the login, OTP and reset calls. */
  authRateLimit: number;
  /** How long a 429 or 503 with Retry-After waits before it is answered (server/http/heldRefusals.ts); tests: 0. */
  refusalHoldMs: number;
  tokenTtlSeconds: number;
  logLevel: string;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed,
   * so rate limits and audit rows see the real client: true, a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, /metrics is not served (404). */
  metricsToken?: string;
  /** PAYSTACK_SECRET_KEY: signs Paystack's notices of online gifts; unset, the webhook answers 404 (docs/decisions/0233). */
  paystackSecretKey?: string;
  /** AUDIT_RETENTION_DAYS: audit rows older than this move to audit_logs_archive daily; unset: kept forever. */
  auditRetentionDays?: number;
  /** The audit list's totals are exact up to this many rows, estimated beyond; unset: 100,000. Tests lower it to reach estimates with a small trail. */
  auditExactCountLimit?: number;
  /** BACKUP_DIR: where backups are written (npm run backup, and the schedule). */
  backupDir: string;
  /** BACKUP_SCHEDULE: how often the server backs itself up, in milliseconds; unset: never by itself. */
  backupEveryMs?: number;
  /** BACKUP_KEEP: how many scheduled backups are kept, the newest. */
  backupKeep: number;
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

const SCHEDULES: Record<string, number> = { hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };

/** hourly, daily or weekly; a misspelt schedule would silently take no backups, so it stops the start. */
function scheduleOf(value: string | undefined): number | undefined {
  const trimmed = (value ?? '').trim().toLowerCase();
  if (!trimmed || /^(off|false|no|0)$/.test(trimmed)) return undefined;
  if (!(trimmed in SCHEDULES)) throw new Error(`BACKUP_SCHEDULE must be hourly, daily or weekly (got '${trimmed}')`);
  return SCHEDULES[trimmed];
}

/** A whole number, 1 or more, or unset; anything else stops the start rather than be read as a default. */
function positiveIntOf(name: string, value: string | undefined): number | undefined {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return undefined;
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) throw new Error(`${name} must be a whole number, 1 or more (got '${trimmed}')`);
  return Number(trimmed);
}

/** An http(s) address without its trailing slash, or unset; anything else stops the start rather than be mailed. */
function publicUrlOf(value: string | undefined): string | undefined {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https address such as https://flock.example.org (got '${trimmed}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an http or https address such as https://flock.example.org (got '${trimmed}')`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
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
    smtp: {
      connections: positiveIntOf('SMTP_CONNECTIONS', env.SMTP_CONNECTIONS) ?? 5,
      perSecond: positiveIntOf('SMTP_RATE', env.SMTP_RATE),
    },
    appName: env.APP_NAME || 'Flock',
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    webRoot: path.resolve('dist'),
    passwordCost: OWASP_ARGON2ID,
    hashGate: { concurrency: os.availableParallelism(), queue: 8 * os.availableParallelism(), perAddress: 2, addressLine: 100 },
    authRateLimit: Number(env.AUTH_RATE_LIMIT || 300),
    refusalHoldMs: 1000,
    tokenTtlSeconds: 8 * 3600,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    paystackSecretKey: env.PAYSTACK_SECRET_KEY?.trim() || undefined,
    auditRetentionDays: retentionOf(env.AUDIT_RETENTION_DAYS),
    backupDir: path.resolve(env.BACKUP_DIR || './backups'),
    backupEveryMs: scheduleOf(env.BACKUP_SCHEDULE),
    backupKeep: positiveIntOf('BACKUP_KEEP', env.BACKUP_KEEP) ?? 7,
  };
}
