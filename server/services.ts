import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { RegisteredRoute } from './http/route.js';
import { createMailer, type Mailer } from './mail.js';
import { createOutboxWorker, type OutboxWorker } from './outbox.js';
import { databaseAttemptStore, memoryAttemptStore, type AttemptStore } from './modules/auth/attempts.js';
import { createHashGate, type HashGate } from './modules/auth/hashGate.js';
import { createSessions, type Sessions } from './modules/auth/sessions.js';
import { createTokens, loadJwtSecret, type Tokens } from './modules/auth/tokens.js';

/** What route handlers share: built once per app from its config and database. */
export type Services = {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  outbox: OutboxWorker;
  tokens: Tokens;
  sessions: Sessions;
  /** The one gate every password hash and verification passes (0197); per process, as the memory it bounds. */
  hashGate: HashGate;
  /** Sign-in and code failures, and the addresses accounts signed in from (0198): shared by every server on PostgreSQL (0217). */
  attempts: AttemptStore;
  routes: RegisteredRoute[];
};

export async function createServices(config: AppConfig, database: Database, log: FastifyBaseLogger): Promise<Services> {
  const tokens = createTokens(await loadJwtSecret(database.db, config.jwtSecret), config.tokenTtlSeconds);
  const from = `${config.appName} <no-reply@${config.appName.toLowerCase()}.local>`;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, smtp: config.smtp, from, db: database.db, log });
  return {
    config,
    database,
    mailer,
    outbox: createOutboxWorker({ db: database.db, transport: mailer.transport, from, publicUrl: config.publicUrl, log, ...config.outbox }),
    tokens,
    sessions: createSessions(database, tokens),
    hashGate: createHashGate(config.hashGate),
    // The embedded database has one process: nothing to share, and no query added to its one connection.
    attempts: database.kind === 'postgres' ? databaseAttemptStore(database.db) : memoryAttemptStore(),
    routes: [],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
